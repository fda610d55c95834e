// A backlink's line of context split around the link's text, so that "Linked from" can mark it
// (docs/links.md#backlinks). The engine gives the context as a reader sees it and where the
// link's text is in it.

/** The context split at the link's text `[start, end)` (UTF-16 offsets, clamped to it). */
export function linkSegments(
  context: string,
  [start, end]: readonly [number, number],
): [before: string, link: string, after: string] {
  const s = Math.max(0, Math.min(start, context.length));
  const e = Math.max(s, Math.min(end, context.length));
  return [context.slice(0, s), context.slice(s, e), context.slice(e)];
}
