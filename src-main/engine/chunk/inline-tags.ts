// Inline Obsidian `#tags` in body text (docs/design.md#frontmatter): on lines of paragraph or table
// text (never in code blocks, HTML blocks or headings), outside inline code spans, preceded by
// whitespace or the start of a line — which also leaves out `[x](#anchor)`, `page#anchor` and URL
// fragments.
import type { SourceText } from './source-text.ts';

// Tag characters as Obsidian allows them: letters, digits, `_`, `-`, `/` (nesting) and emoji.
// ZWJ (U+200D) and VS16 (U+FE0F) join emoji sequences; listed as alternatives, not in the class.
const tagPattern =
  /(?<=^|\s)#((?:[\p{L}\p{M}\p{N}_\-/\p{Extended_Pictographic}]|\u200d|\ufe0f)+)/gu;

/** Inline tags in the marked text lines, in order of appearance (duplicates kept). */
export function inlineTags(source: SourceText, textLines: Uint8Array): string[] {
  const tags: string[] = [];
  const { lineCount, lineStarts, text } = source;
  for (let line = 0; line < lineCount; line++) {
    if (textLines[line] === 0) continue;
    const from = line;
    while (line + 1 < lineCount && textLines[line + 1] === 1) line++;
    const hash = text.indexOf('#', lineStarts[from]);
    if (hash === -1) break;
    if (hash >= lineStarts[line + 1]!) continue;
    tags.push(...tagsIn(text.slice(lineStarts[from], lineStarts[line + 1])));
  }
  return tags;
}

/** Tags in one run of text lines. */
export function tagsIn(run: string): string[] {
  const spans = run.includes('`') ? codeSpans(run) : [];
  const tags: string[] = [];
  for (const match of run.matchAll(tagPattern)) {
    const tag = match[1]!;
    // Obsidian needs one character that is not a digit: `#2024` is not a tag.
    if (/^\d+$/.test(tag)) continue;
    if (spans.some(([start, end]) => match.index >= start && match.index < end)) continue;
    tags.push(tag);
  }
  return tags;
}

/**
 * Code spans by CommonMark's rule: a backtick run opens a span closed by the next run of the same
 * length; an unmatched run is literal. Backslash escapes are not considered (a tag right next to
 * an escaped backtick is rare enough).
 */
export function codeSpans(run: string): Array<[number, number]> {
  // Backtick runs as (start, length), then each opener paired with the next run of its length.
  const starts: number[] = [];
  const lengths: number[] = [];
  for (let at = run.indexOf('`'); at !== -1;) {
    let end = at + 1;
    while (run.charCodeAt(end) === 96) end++;
    starts.push(at);
    lengths.push(end - at);
    at = run.indexOf('`', end);
  }
  // nextSame[i]: the next run after i of the same length, or -1.
  const nextSame = new Int32Array(starts.length).fill(-1);
  const lastOfLength = new Map<number, number>();
  for (let index = starts.length - 1; index >= 0; index--) {
    nextSame[index] = lastOfLength.get(lengths[index]!) ?? -1;
    lastOfLength.set(lengths[index]!, index);
  }
  const spans: Array<[number, number]> = [];
  for (let open = 0; open < starts.length; open++) {
    const close = nextSame[open]!;
    if (close === -1) continue;
    spans.push([starts[open]!, starts[close]! + lengths[close]!]);
    open = close;
  }
  return spans;
}
