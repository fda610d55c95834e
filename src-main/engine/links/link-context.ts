// The text around a backlink as a reader sees it (docs/links.md#backlinks): the link's line with
// its Markdown dropped as snippets drop it (search/readable-text.ts), whitespace collapsed, cut
// to about `CONTEXT_CHARS` each side of the link's text, and where that text is in it.
import type { TextRange } from '../search/highlight.ts';
import { readableText } from '../search/readable-text.ts';

/** Characters of readable text kept on each side of the link's text, at most. */
const CONTEXT_CHARS = 120;

/** A backlink's context and where the link's text is in it (`Backlink`'s fields). */
export interface LinkContext {
  context: string;
  contextLink: TextRange;
}

/** The source of a link's line around it: the link as written, and the line's text on each side. */
export interface LinkLine {
  before: string;
  link: string;
  after: string;
  /** The line goes on before `before` (or after `after`): it was read only in part. */
  cutBefore: boolean;
  cutAfter: boolean;
  /** The line is a row of a table written without its leading pipe (`tableLineAt`). */
  table: boolean;
}

/** The context of the link in `line`, as a reader sees it. */
export function linkContext(line: LinkLine): LinkContext {
  // A backslash ending the line breaks it before the next, which the context leaves out.
  const breaks = !line.cutAfter && /(?:^|[^\\])(?:\\\\)*\\$/.test(line.after);
  let source = line.before + line.link + (breaks ? line.after.slice(0, -1) : line.after);
  let at = line.before.length;
  let view = readableText(source, [[at, at + line.link.length]], false, 0, line.table);
  if (view.matches.length === 0) {
    // The line may go on a comment opened on a line before: its closing mark would open one and
    // hide the link (which is never inside a comment, docs/links.md#what-is-a-link).
    const obsidian = line.before.lastIndexOf('%%');
    const html = line.before.lastIndexOf('-->');
    const closed = Math.max(obsidian < 0 ? -1 : obsidian + 2, html < 0 ? -1 : html + 3);
    if (closed > 0) {
      source = source.slice(closed);
      at -= closed;
      view = readableText(source, [[at, at + line.link.length]], false, 0, line.table);
    }
  }
  const marks = view.matches;
  // A wikilink to a heading reads `Note › Heading`: one range from its first part to its last.
  const shown: TextRange = marks.length > 0 ? [marks[0]![0], marks[marks.length - 1]![1]] : [0, 0];
  const { text, range } = collapsed(view.text, shown);
  return cut(text, range, line);
}

/** `text` with its whitespace runs one space and its ends trimmed, `range` moved with it. */
function collapsed(text: string, [start, end]: TextRange): { text: string; range: TextRange } {
  let out = '';
  let at = 0; // the start of the text after the last run of whitespace
  let s = -1;
  let e = -1;
  const runs = /\s+/g;
  for (let run = runs.exec(text); ; run = runs.exec(text)) {
    const runStart = run ? run.index : text.length;
    if (s < 0 && start < runStart) s = out.length + Math.max(0, start - at);
    if (e < 0 && end <= runStart) e = out.length + Math.max(0, end - at);
    out += text.slice(at, runStart);
    if (!run) break;
    at = runStart + run[0].length;
    if (runStart > 0 && at < text.length) out += ' ';
  }
  if (s < 0) s = out.length;
  if (e < s) e = s;
  while (e > s && out[e - 1] === ' ') e--;
  return { text: out, range: [s, e] };
}

/** `text` cut to `CONTEXT_CHARS` each side of `range` at word edges, "…" where text goes on. */
function cut(text: string, [start, end]: TextRange, line: LinkLine): LinkContext {
  let from = 0;
  let to = text.length;
  if (start > CONTEXT_CHARS) {
    from = start - CONTEXT_CHARS;
    const space = text.indexOf(' ', from);
    if (space >= 0 && space < start) from = space + 1;
  }
  if (to - end > CONTEXT_CHARS) {
    to = end + CONTEXT_CHARS;
    const space = text.lastIndexOf(' ', to);
    if (space >= end) to = space;
  }
  const before = from > 0 || line.cutBefore ? '…' : '';
  const after = to < text.length || line.cutAfter ? '…' : '';
  const context = `${before}${text.slice(from, to)}${after}`;
  const shift = before.length - from;
  return { context, contextLink: [start + shift, end + shift] };
}
