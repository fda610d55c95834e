// A backlink's line of context cut around the link's markup, so that "Linked from" can mark it
// (docs/links.md#backlinks). Pure functions over the engine's context text.

/** The context split around the link written `target`: `[[…]]`, `![[…]]`, `[text](…)`. */
export function linkSegments(
  context: string,
  target: string,
): [before: string, link: string, after: string] {
  if (target === '') return [context, '', ''];
  const split = (start: number, end: number): [string, string, string] => {
    if (context[start - 1] === '!') start--;
    return [context.slice(0, start), context.slice(start, end), context.slice(end)];
  };
  const wikilink = (at: number): [string, string, string] => {
    let start = at;
    let end = at + target.length;
    while (start > 0 && '[!'.includes(context[start - 1]!)) start--;
    while (end < context.length && ']|'.includes(context[end]!)) end++;
    return split(start, end);
  };
  // The link is the occurrence written as one: `[[target` or `](target)` (a title may follow the
  // destination); a Markdown link from its `[` (or `![`) to its `)`. Else the first occurrence.
  for (let at = context.indexOf(target); at !== -1; at = context.indexOf(target, at + 1)) {
    const end = at + target.length;
    if (at < 2) continue;
    if (context.startsWith('[[', at - 2)) return wikilink(at);
    if (context.startsWith('](', at - 2) && /^[)\s]|^$/.test(context.slice(end, end + 1))) {
      const close = context.indexOf(')', end);
      return split(openingBracket(context, at - 2), close === -1 ? end : close + 1);
    }
  }
  const first = context.indexOf(target);
  return first === -1 ? [context, '', ''] : wikilink(first);
}

/**
 * The `[` that opens the link text whose `]` is at `close`, brackets inside the text balanced:
 * msdocs-cpp's option tables link `` [`/Gm[-]`](gm-enable-minimal-rebuild.md) ``, where the last
 * `[` before the `]` is the option's. The context's start when the text begins before it.
 */
function openingBracket(text: string, close: number): number {
  let depth = 0;
  for (let at = close; at >= 0; at--) {
    if (text[at] === ']') depth++;
    else if (text[at] === '[' && --depth === 0) return at;
  }
  return 0;
}
