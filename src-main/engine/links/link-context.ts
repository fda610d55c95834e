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
  let marks = view.matches;
  let readable = view.text;
  const name = marks.length === 0 ? targetName(line.link) : '';
  if (name !== '') {
    // A link whose text shows nothing (`[](Note.md)`) reads as its target's name, as Obsidian
    // shows `[[Note|]]`: a context marking nothing says nowhere where the link is.
    const standIn = source.slice(0, at) + STAND_IN + source.slice(at + line.link.length);
    view = readableText(standIn, [[at, at + 1]], false, 0, line.table);
    const [mark] = view.matches;
    if (mark) {
      readable = view.text.slice(0, mark[0]) + name + view.text.slice(mark[1]);
      marks = [[mark[0], mark[0] + name.length]];
    }
  }
  // A wikilink to a heading reads `Note › Heading`: one range from its first part to its last.
  const shown: TextRange = marks.length > 0 ? [marks[0]![0], marks[marks.length - 1]![1]] : [0, 0];
  const { text, range } = collapsed(readable, shown);
  return cut(text, range, line);
}

/** Plain text that stands for a link while its line is read: no syntax, one character. */
const STAND_IN = '\uE000';

/** A link's target as written: a Markdown link's destination, or a wikilink's target. */
const TARGET = /^!?(?:\[[^\]]*\]\(\s*<?([^)>\s]*)|\[\[([^\]|]*))/;

/**
 * The name a link's target shows by: its file's name without `.md`, then its heading
 * (`Note › Heading`), or the heading alone for a link within its note ('' when there is none).
 */
function targetName(link: string): string {
  const target = TARGET.exec(link);
  const written = target?.[1] ?? target?.[2] ?? '';
  const hash = written.indexOf('#');
  const path = hash < 0 ? written : written.slice(0, hash);
  const anchor = hash < 0 ? '' : written.slice(hash + 1);
  const file = decoded(path.slice(path.lastIndexOf('/') + 1)).replace(/\.md$/i, '');
  const heading = decoded(anchor);
  return file && heading ? `${file} › ${heading}` : file || heading;
}

/** `text` with its percent-escapes decoded (a Markdown link's `%20`), or as written if malformed. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
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
