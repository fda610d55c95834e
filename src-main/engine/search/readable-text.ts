// Snippet text as a reader sees it (docs/design.md#snippets): the Markdown and HTML syntax of a
// piece of a note's source is dropped — heading and list markers, quote and callout markers,
// emphasis, code fences and backticks, HTML tags and comments, link targets, reference-link
// definitions, an autolink's angle brackets, backslash escapes and line breaks, block ids,
// footnote references and thematic breaks — and links show their text, wikilinks their alias or
// target, table rows their cells, character references their character, a line-breaking HTML
// tag (`<br>`, `<p>`) a space. Match ranges move with the text they mark; a match inside dropped
// syntax (a URL, a tag) is dropped with it.
import { decodeString } from 'micromark-util-decode-string';
import { DENDRON_RANGE, DENDRON_VAULT } from '#shared/dendron-links.ts';
import type { TextRange } from './highlight.ts';

/** Source text replaced by what a reader sees of it: kept source ranges and literal text. */
interface Edit {
  start: number;
  end: number;
  shown: Array<TextRange | string>;
}

/** Text with its match ranges (UTF-16 offsets into `text`). */
export interface MarkedText {
  text: string;
  matches: TextRange[];
}

/**
 * Readable text from a point on: which of the source's matches is the first a reader sees (-1:
 * none), and whether text a reader sees before the point was cut off.
 */
export interface ReadText extends MarkedText {
  firstShown: number;
  cutText: boolean;
  /** Whether a comment was read (`%%…`, `<!--…`). */
  comments: boolean;
}

/**
 * A docfx include after its `[!`: `INCLUDE[name](path)]`, or a code include's
 * `code-cpp[name](path)]` (msdocs-cpp: 2,740 of them).
 */
const DOCFX_INCLUDE_REST = /(?:INCLUDE|include|code-[\w-]+)\[[^\]\n]*\]\([^()\n]*\)\]/.source;
const DOCFX_INCLUDE = `\\[!${DOCFX_INCLUDE_REST}`;

/** Elements a note's HTML uses; anything else in angle brackets (`<vector>`, `<T>`) is text. */
const HTML_TAGS =
  'a|abbr|b|br|center|code|details|div|em|font|h[1-6]|hr|i|img|kbd|li|mark|ol|p|pre|s|small|' +
  'span|strong|sub|summary|sup|table|tbody|td|th|thead|tr|u|ul|video|audio|iframe|figure|' +
  'figcaption|picture|source|del|ins|blockquote|dl|dt|dd|caption|section|article|aside|nav|' +
  'header|footer|main|cite|q|var|samp|style|script|object|embed|svg|input|label|button|form';

/** A table's rule (delimiter row), with or without its leading pipe; a cell's dashes: one or more. */
const TABLE_RULE = /^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?)?[ \t]*$/;

/** Line-start syntax: fences, reference definitions, table rules, quote/heading/list markers. */
const LINE_START = new RegExp(
  [
    /^[ \t]*(?:`{3,}|~{3,})[^\n]*$/.source, // a fence line, with its info string
    // A fenced div's or a docfx extension's line: Pandoc's `::: Introduction {…}`, docfx's
    // `::: moniker range=">=msvc-160"`, `:::image type="content" source="…":::`.
    /^[ \t]*:{3,}[^\n]*$/.source,
    // A thematic break (`---`, `***`, `_ _ _`), before a list item's `- ` or `* ` can take it.
    /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/.source,
    // A footnote's definition: its marker (`[^1]: `); the reading view shows its text.
    /^[ \t]*\[\^[^\]\s]+\]:[ \t]*/.source,
    /^[ \t]*\[[^\]\n]+\]:[ \t]*\S[^\n]*$/.source, // a reference-link definition
    TABLE_RULE.source, // a table rule
    /^[ \t]*(?:>[ \t]?)+(?:\[![\w-]+\][+-]?[ \t]*)?/.source, // quote markers, a callout's type
    /^[ \t]*#{1,6}(?=[ \t]|$)[ \t]*/.source, // a heading's marker
    /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/.source, // a list item, a task box
  ].join('|'),
  'gm',
);

/**
 * `LINE_START` tried at one place: each of its alternatives starts at a line start, so only line
 * starts are tried (not every character, as the multiline scan did).
 */
const LINE_START_AT = new RegExp(LINE_START.source, 'my');
/** What ends a line for `^` in a multiline expression. */
const LINE_END = /[\n\r\u2028\u2029]/g;

/** `TABLE_RULE` tried at one line start. */
const TABLE_RULE_AT = new RegExp(TABLE_RULE.source, 'my');

/** The first line start at or after `from` (none: `text.length + 1`). */
function lineStartFrom(text: string, from: number): number {
  if (from === 0) return 0;
  LINE_END.lastIndex = from - 1;
  const end = LINE_END.exec(text);
  return end ? end.index + 1 : text.length + 1;
}

/**
 * Inline syntax, tried left to right; the first alternative that matches at a place wins. Each
 * begins with one of the characters of the leading lookahead, which lets the scan skip every
 * other place at once (half the time of a snippet's readable text on the msdocs-cpp queries:
 * docs/benchmarks.md#results-and-visiting-candidates). No `d` flag: where a group is follows
 * from the lengths of what comes before it (`inlineShown`), and the indices V8 builds for every
 * group of every match cost a quarter of the readable text's time
 * (docs/benchmarks.md#where-a-warm-searchs-time-goes-2026-11-27-main-at-1fff0fa). Its groups are
 * named here and numbered in the expression run (`numbered`).
 */
const NAMED_INLINE = new RegExp(
  '(?=[<%!\\[`*_~=\\\\&])(?:' +
    [
      // A backslash escape (CommonMark: of ASCII punctuation): the character escaped.
      /\\(?<escaped>[!-/:-@[-`{-~])/.source,
      // A character reference (`&emsp;`, `&#124;`): its character, if HTML names one.
      /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/.source,
      /<!--[\s\S]*?(?:-->|$)/.source, // an HTML comment
      /%%[\s\S]*?(?:%%|$)/.source, // an Obsidian comment
      // An autolink (CommonMark: a scheme, `:`, no space or angle bracket; or an email address):
      // its URL.
      /<(?<url>[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/
        .source,
      `</?(?:${HTML_TAGS})(?:\\s[^<>]*)?/?>`, // an HTML tag
      // Any other element with an attribute (`<Listing caption="…">`), and the closing tag of
      // a component or custom element (`</Listing>`, `</my-card>`); `<T>` stays text.
      /<[A-Za-z][\w-]*\s+[\w:.-]+\s*=\s*["'][^<>]*>|<\/(?:[A-Z][\w-]*|[a-z]+-[\w-]*)\s*>/.source,
      // A wikilink or an embed: its alias, else its target and heading.
      /!?\[\[(?<target>[^\]|#^\n]*)(?<anchor>[#^][^\]|\n]*)?(?:\|(?<alias>[^\]\n]*))?\]\]/.source,
      // After `[!` (one alternative: a `[` elsewhere fails it once): a linked image, a badge
      // (`[![alt](image)](link)`), its alt text; a docfx include (`[!INCLUDE[name](path)]`,
      // `[!code-cpp[name](path)]`), nothing (its text is another file's).
      '\\[!(?:' +
        /\[(?<alt>[^\]\n]*)\]\((?:[^()\n]|\([^()\n]*\))*\)\]\((?:[^()\n]|\([^()\n]*\))*\)/.source +
        '|' +
        DOCFX_INCLUDE_REST +
        ')',
      // A link or an image: its text, which may hold escaped brackets (`[operator\[\]](…)`) and
      // pairs of them (msdocs-cpp's option tables: `` [`/Gm[-]`](gm-enable-minimal-rebuild.md) ``).
      /!?\[(?<text>(?:\\.|[^[\]\n\\]|\[(?:\\.|[^[\]\n\\])*\])*)\]\((?:[^()\n]|\([^()\n]*\))*\)/
        .source,
      // A footnote reference (`[^1]`, `[^note]`; `[^1][^2]` is two): nothing. The reading view
      // shows a number (its place among the note's footnotes), which a section cannot tell.
      /\[\^(?:[\w-]|[\u0080-\uffff])+\]/.source,
      /!?\[(?<ref>[^\]\n]+)\]\[[^\]\n]*\]/.source, // a reference link: its text
      /(?<tick>`+)(?<code>[^`]|[^`][\s\S]*?[^`])\k<tick>(?!`)/.source, // a code span: as written
      // Emphasis (bold italic too), strike-through, highlight: the text between a pair of
      // markers on one line.
      // Its text may start with the other marker: `**_s**` (msdocs-cpp's `**_aligned_malloc**`).
      /(?<![\w\\])(?<mark>\*\*\*|___|\*\*|__|~~|==|\*|_)(?<inner>(?:[^\s*_~=]|(?<=\*)_|(?<=_)\*)(?:[^\n]*?[^\s\\])?)\k<mark>(?!\w)/
        .source,
    ].join('|') +
    ')',
  'g',
);

/** The groups of `INLINE`, by name. */
type InlineGroup =
  | 'escaped'
  | 'url'
  | 'target'
  | 'anchor'
  | 'alias'
  | 'alt'
  | 'text'
  | 'ref'
  | 'tick'
  | 'code'
  | 'mark'
  | 'inner';

/**
 * `source` with its named groups numbered instead (`(?<name>` is `(`, `\k<name>` its number),
 * and each name's number. V8 builds a `groups` object for every match of an expression with named
 * groups: a seventh of a long section's readable text on msdocs-cpp
 * (docs/benchmarks.md#quiet-benches-2026-11-28-05480602-morning).
 */
function numbered(source: string): { source: string; numbers: Record<InlineGroup, number> } {
  const numbers: Record<string, number> = {};
  let out = '';
  let count = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    const named = c === '(' && !inClass ? /^\(\?<(\w+)>/.exec(source.slice(i, i + 40)) : null;
    const backReference =
      c === '\\' && !inClass ? /^\\k<(\w+)>/.exec(source.slice(i, i + 40)) : null;
    if (named) {
      numbers[named[1]!] = ++count;
      out += '(';
      i += named[0].length - 1;
    } else if (backReference) {
      out += `\\${numbers[backReference[1]!]}`;
      i += backReference[0].length - 1;
    } else if (c === '\\') {
      out += source.slice(i, i + 2);
      i++;
    } else {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '(' && !inClass && source[i + 1] !== '?') count++;
      out += c;
    }
  }
  return { source: out, numbers: numbers as Record<InlineGroup, number> };
}

const { source: INLINE_SOURCE, numbers: GROUP } = numbered(NAMED_INLINE.source);
const INLINE = new RegExp(INLINE_SOURCE, NAMED_INLINE.flags);

/** The range of group text `group` starting at `start`. */
const rangeAt = (start: number, group: string): TextRange => [start, start + group.length];

/** An embed's size in place of its alias: `300`, `640x480`. */
const EMBED_SIZE = /^[ \t]*\d+(?:x\d+)?[ \t]*$/;

/** What a reader sees of the inline construct `m`. */
function inlineShown(m: RegExpExecArray): Array<TextRange | string> {
  const bang = m[0].startsWith('!') ? 1 : 0;
  const target = m[GROUP.target];
  if (target !== undefined) {
    // `!?[[target#anchor|alias]]`: the groups follow one another.
    const anchor = m[GROUP.anchor] ?? '';
    const alias = m[GROUP.alias];
    const at = m.index + bang + 2;
    const dendronAlias = alias !== undefined && DENDRON_VAULT.test(alias);
    // An embed's `|300` or `|640x480` is the image's size, not an alias: a reader sees none.
    const size = bang === 1 && alias !== undefined && EMBED_SIZE.test(alias);
    if (alias !== undefined && alias.trim() !== '' && !dendronAlias && !size) {
      return [rangeAt(at + target.length + anchor.length + 1, alias)];
    }
    // Dendron's `[[label|dendron://vault/note]]` shows its label, `[[dendron://vault/note]]` its
    // note (docs/links.md#dendron).
    const prefix = DENDRON_VAULT.exec(target)?.[0].length ?? 0;
    const shown: Array<TextRange | string> = [];
    if (target.length > prefix) shown.push(rangeAt(at + prefix, target.slice(prefix)));
    if (/^#[^^]/.test(anchor)) {
      if (shown.length > 0) shown.push(' › ');
      // A Dendron note reference's range shows its start: `#summary,1:#*` reads `summary`.
      const heading = anchor.slice(1);
      shown.push(rangeAt(at + target.length + 1, DENDRON_RANGE.exec(heading)?.[1] ?? heading));
    }
    return shown;
  }
  // An autolink's URL, a link's or reference link's text, a code span's code, emphasis's inner
  // text: the group right after the construct's opening marks.
  const [escaped, url, alt, text, ref, code, inner] = [
    m[GROUP.escaped],
    m[GROUP.url],
    m[GROUP.alt],
    m[GROUP.text],
    m[GROUP.ref],
    m[GROUP.code],
    m[GROUP.inner],
  ];
  let kept: TextRange | undefined;
  if (escaped !== undefined) kept = rangeAt(m.index + 1, escaped);
  else if (url !== undefined) kept = rangeAt(m.index + 1, url);
  else if (alt !== undefined) kept = rangeAt(m.index + 3, alt);
  else if (text !== undefined) kept = rangeAt(m.index + bang + 1, text);
  else if (ref !== undefined) kept = rangeAt(m.index + bang + 1, ref);
  else if (code !== undefined) kept = rangeAt(m.index + m[GROUP.tick]!.length, code);
  else if (inner !== undefined) kept = rangeAt(m.index + m[GROUP.mark]!.length, inner);
  if (!kept) return m[0][0] === '&' ? referenceShown(m) : m[0][0] === '<' ? tagShown(m) : [];
  if (kept[1] <= kept[0]) return [];
  // A link's text or emphasis's can hold syntax of its own: `[<button>Open</button>](…)`.
  const nests = (text ?? inner) !== undefined && NESTED_START.test(text ?? inner!);
  return nests ? nestedShown(m.input, kept) : [kept];
}

/** A character reference's character; one HTML does not name (`&foo;`) is text. */
function referenceShown(m: RegExpExecArray): Array<TextRange | string> {
  const decoded = decodeString(m[0]);
  return decoded === m[0] ? [[m.index, m.index + m[0].length]] : [decoded];
}

/**
 * HTML elements a browser sets apart from the text around them: a line break, a block (a
 * paragraph, a list item, a table cell), a superscript or subscript (msdocs-cpp's
 * `Constructors<sup>C++20</sup>`, `*expression-list*<sub>opt</sub>`).
 */
const SPACED_TAG =
  /^<(?:\/?(?:br|p|div|li|ul|ol|dl|dt|dd|tr|td|th|table|thead|tbody|h[1-6]|hr|blockquote|pre|details|summary|section|article|aside|header|footer|figure|figcaption|caption|center)|sup|sub)[\s/>]/i;

/** White space, or a text's edge. */
const isSpaceOrEdge = (c: string | undefined) => c === undefined || /\s/.test(c);

/**
 * What a reader sees of the HTML tag `m`: a space where a browser sets its element apart from
 * text on both sides (one already there is enough: a snippet's length counts it), and a `<br>`
 * that ends a line as any line break a reader sees.
 */
function tagShown(m: RegExpExecArray): Array<TextRange | string> {
  if (!SPACED_TAG.test(m[0])) return [];
  const text = m.input;
  const after = m.index + m[0].length;
  const glued = !isSpaceOrEdge(text[m.index - 1]) && !isSpaceOrEdge(text[after]);
  if (glued) return [' '];
  // A `<br>` ending a line the paragraph goes on after: a line break a reader sees.
  const endsLine = text[after] === '\n' || text[after] === '\r';
  return endsLine && BR_TAG.test(m[0]) && paragraphGoesOn(text, nextLine(text, after))
    ? LINE_BREAK
    : [];
}

/** A `<br>` tag. */
const BR_TAG = /^<br[\s/>]/i;

/**
 * What starts syntax inside a link's text or emphasis: `INLINE`'s leading characters but `_` (in
 * C++ names, `[_aligned_malloc](…)`, it hardly ever marks emphasis there) and `!` (an image's
 * comes with its `[`).
 */
const NESTED_START = /[<%[`*~=\\&]/;

/** `INLINE` copies for syntax inside syntax, by depth (`nestedShown`). */
const NESTED: RegExp[] = [];
let depth = 0;

/** What a reader sees of the source range `[start, end)` of `text`, syntax inside it dropped. */
function nestedShown(text: string, [start, end]: TextRange): Array<TextRange | string> {
  const shown: Array<TextRange | string> = [];
  let at = start;
  // A scan of its own, one per depth: the one this is part of goes on with `INLINE`.
  const scan = (NESTED[depth] ??= new RegExp(INLINE.source, INLINE.flags));
  const inner = text.slice(start, end);
  depth++;
  scan.lastIndex = 0;
  for (let m = scan.exec(inner); m; m = scan.exec(inner)) {
    if (start + m.index > at) shown.push([at, start + m.index]);
    for (const piece of inlineShown(m)) {
      shown.push(typeof piece === 'string' ? piece : [start + piece[0], start + piece[1]]);
    }
    at = start + m.index + m[0].length;
  }
  depth--;
  if (end > at) shown.push([at, end]);
  return shown;
}

/** What a reader sees of a comment: nothing (one array, so that a comment's edit is known). */
const COMMENT: Array<TextRange | string> = [];

/** A list item's marker, as `LINE_START` reads it (snippet.ts reads a window's line by it too). */
export const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]/;
/** Before a list item that another one comes before (whitespace alone would not show). */
const ITEM_SEPARATOR: Array<TextRange | string> = ['· '];
/** Nothing shown (not `COMMENT`: no comment was read). */
const COMMENT_FREE: Array<TextRange | string> = [];

/** Between a table row's cells (a snippet collapses whitespace: spaces alone would not show). */
const CELL_SEPARATOR = ' · ';
/** After a table row that another row follows. */
const ROW_END = ';';
/** A table row's (or rule's) start: its leading pipe. */
const ROW_AT = /[ \t]*\|/y;

/** Where the code span opening with the `ticks` at `at` closes (before `end`), or -1. */
function codeSpanEnd(text: string, at: number, ticks: number, end: number): number {
  const run = '`'.repeat(ticks);
  for (let i = text.indexOf(run, at + ticks); i >= 0 && i < end; i = text.indexOf(run, i + 1)) {
    let close = i + ticks;
    if (text[i - 1] === '`') continue;
    if (text[close] !== '`') return close;
    while (text[close] === '`') close++;
    i = close - 1;
  }
  return -1;
}

/**
 * Pushes onto `edits` the edits that show the table row `[start, end)` as its non-empty cells
 * joined by `CELL_SEPARATOR`, and `ROW_END` after them when another row follows (`followed`)
 * (docs/design.md#snippets): pipes and their spaces go, an escaped pipe (`\|`) shows as `|`, a
 * pipe in a code span is text. A row without its leading pipe (`a | b`) has its first cell from
 * the line's start.
 */
function tableRowEdits(
  text: string,
  [start, end]: [number, number],
  { piped, followed }: { piped: boolean; followed: boolean },
  edits: Edit[],
): void {
  const first = edits.length;
  let cell = piped ? text.indexOf('|', start) + 1 : start;
  let shownEnd = -1; // where the last non-empty cell shown ends
  let escapes = 0; // of the cell being read, pushed once it proves non-empty
  const blank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r';
  const close = (to: number) => {
    let s = cell;
    let e = to;
    while (s < e && blank(text[s])) s++;
    while (e > s && blank(text[e - 1])) e--;
    const cellEscapes = escapes > 0 ? edits.splice(edits.length - escapes, escapes) : [];
    escapes = 0;
    if (e === s) return;
    if (shownEnd < 0) edits.push({ start, end: s, shown: [] });
    else edits.push({ start: shownEnd, end: s, shown: [CELL_SEPARATOR] });
    edits.push(...cellEscapes);
    shownEnd = e;
  };
  for (let i = cell; i < end; i++) {
    const c = text[i];
    if (c === '\\' && text[i + 1] === '|') {
      edits.push({ start: i, end: i + 1, shown: [] });
      escapes++;
      i++;
    } else if (c === '`') {
      let ticks = 1;
      while (text[i + ticks] === '`') ticks++;
      const after = codeSpanEnd(text, i, ticks, end);
      i = (after < 0 ? i + ticks : after) - 1;
    } else if (c === '|') {
      close(i);
      cell = i + 1;
    }
  }
  close(end);
  if (shownEnd < 0) {
    edits.length = first;
    edits.push({ start, end, shown: [] });
    return;
  }
  edits.push({ start: shownEnd, end, shown: followed ? [ROW_END] : [] });
}

/** The end of the line starting at `at`: its terminator's index, or the text's length. */
function lineEnd(text: string, at: number): number {
  LINE_END.lastIndex = at;
  return LINE_END.exec(text)?.index ?? text.length;
}

/** The start of the line after the one ending at `end` (`\r\n` is one line end). */
function nextLine(text: string, end: number): number {
  return text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : end + 1;
}

/** The start of the line before the one starting at `at` (> 0). */
function previousLine(text: string, at: number): number {
  let i = at - 1;
  if (text[i] === '\n' && text[i - 1] === '\r') i--;
  while (i > 0 && !isLineEnd(text[i - 1]!)) i--;
  return i;
}

const isLineEnd = (c: string) => c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';

const BLANK_LINE = /[ \t]*(?:[\n\r\u2028\u2029]|$)/y;

/** Whether `pattern` (sticky) matches at `at`. */
export function matchesAt(pattern: RegExp, text: string, at: number): boolean {
  pattern.lastIndex = at;
  return pattern.test(text);
}

/**
 * Whether the line at `at` can go on a table: not blank, and starting no other block (a heading,
 * a quote, a list item, a fence); a rule or a row can.
 */
function goesOnTable(text: string, at: number): boolean {
  if (at > text.length || matchesAt(BLANK_LINE, text, at)) return false;
  LINE_START_AT.lastIndex = at;
  const m = LINE_START_AT.exec(text);
  return !m || m[0] === '' || matchesAt(TABLE_RULE_AT, text, at);
}

/** Whether the line at `at` is a table's header: it holds a pipe, and a rule follows it. */
function headerAt(text: string, at: number): boolean {
  if (!goesOnTable(text, at)) return false;
  const end = lineEnd(text, at);
  const pipe = text.indexOf('|', at);
  return pipe >= 0 && pipe < end && matchesAt(TABLE_RULE_AT, text, nextLine(text, end));
}

/**
 * True when the line starting at `at` belongs to a table (docs/design.md#snippets): a row with
 * its leading pipe; a header; a rule under one; or a line the lines above it, up to a rule under
 * a header, lead to with no blank line or other block between (looking at most `reach` back).
 */
export function tableLineAt(text: string, at: number, reach = 1 << 16): boolean {
  if (!goesOnTable(text, at)) return false;
  if (matchesAt(ROW_AT, text, at)) return true;
  for (let line = at; ;) {
    if (matchesAt(TABLE_RULE_AT, text, line))
      return line > 0 && headerAt(text, previousLine(text, line));
    if (line === at && headerAt(text, line)) return true;
    if (line === 0 || at - line > reach) return false;
    line = previousLine(text, line);
    if (!goesOnTable(text, line)) return false;
  }
}

/** Fenced code blocks in `text`, fence lines included (shown as written but for the fences). */
function codeBlocks(text: string, fencedBefore: boolean): Array<[number, number]> {
  const blocks: Array<[number, number]> = [];
  const fence = /^[ \t]*(?:`{3,}|~{3,})[^\n]*$/gm;
  let open = fencedBefore ? 0 : -1;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    if (open < 0) open = m.index;
    else {
      blocks.push([open, m.index + m[0].length]);
      open = -1;
    }
  }
  if (open >= 0) blocks.push([open, text.length]);
  return blocks;
}

/**
 * The block of `blocks` (in order, disjoint: `codeBlocks`) that `at` is inside, if any: found by
 * halving, as a whole text's scan asks at every line and every construct — on a long section
 * (msdocs-cpp's class pages: 31 blocks, ~400 constructs) asking each block in turn took a third of
 * `shownMatches`' time (docs/benchmarks.md#quiet-benches-2026-11-28-05480602-morning).
 */
function blockAt(blocks: Array<[number, number]>, at: number): [number, number] | undefined {
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[mid]![1] <= at) lo = mid + 1;
    else hi = mid;
  }
  const block = blocks[lo];
  return block && block[0] <= at ? block : undefined;
}

function insideAny(blocks: Array<[number, number]>, at: number): boolean {
  return blocks.length > 0 && blockAt(blocks, at) !== undefined;
}

/** A heading's marker, as `LINE_START` reads it. */
const HEADING_MARKER = /^[ \t]*#/;

/** A character of a block id (`^id`: letters, digits, `-`; docs/links.md#what-is-a-link). */
const isIdChar = (c: string | undefined) =>
  c !== undefined &&
  ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '-');

/**
 * A line of links alone (wikilinks, embeds, links, images, autolinks; one or more), from its
 * start: the lines of a paragraph of links ("See also" lines) are set apart as a reader sees them.
 */
const LINK_LINE = new RegExp(
  '[ \\t]*(?:(?:' +
    [
      /!?\[\[[^\]\n]*\]\]/.source,
      /!?\[(?:\\.|[^[\]\n\\]|\[[^[\]\n]*\])*\]\((?:[^()\n]|\([^()\n]*\))*\)/.source,
      /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/.source,
    ].join('|') +
    ')[ \\t]*)+(?:[\\n\\r]|$)',
  'y',
);

/** What a line break a reader sees shows as, after the line's text (docs/design.md#snippets). */
const LINE_BREAK: Array<TextRange | string> = [' ·'];

/**
 * Whether the line at `at` is more text of the paragraph a line break ended: not blank, and
 * starting no block of its own (a list item says `· ` itself; a heading, a quote, a fence).
 */
function paragraphGoesOn(text: string, at: number): boolean {
  if (at >= text.length || matchesAt(BLANK_LINE, text, at)) return false;
  LINE_START_AT.lastIndex = at;
  const m = LINE_START_AT.exec(text);
  return !m || m[0] === '';
}

/**
 * Pushes onto `edits` the edit that hides or shows what the reading view does at the end of the
 * line `[start, end)` (`end`: its terminator's index; `next`: the next line's start), if any
 * (docs/design.md#snippets): a block id goes (`^id` after a space or alone on its line, not on a
 * heading's line; `carets`: the text holds a `^`); a line break a reader sees — a backslash that
 * breaks the line (one not itself escaped), two spaces or more, or the line break between two
 * lines of links alone — shows as `LINE_BREAK` where the paragraph goes on, else goes. Not
 * inside fenced code, nor inside the syntax of a line edit already made (a table row, a fence
 * line).
 */
function lineEndEdit(
  text: string,
  [start, end, next]: [number, number, number],
  { carets, heading, code }: { carets: boolean; heading: boolean; code: Array<[number, number]> },
  edits: Edit[],
): void {
  let from = -1;
  let shown: Array<TextRange | string> = [];
  if (text[end - 1] === '\\') {
    let run = 1;
    while (text[end - 1 - run] === '\\') run++;
    if (run % 2 === 1 && next < text.length && !matchesAt(BLANK_LINE, text, next)) {
      from = end - 1;
      if (paragraphGoesOn(text, next)) shown = LINE_BREAK;
    }
  } else if (!heading) {
    from = carets ? blockIdAt(text, end) : -1;
    if (from < 0 && softBreakShown(text, [start, end, next])) {
      from = text[end - 1] === ' ' ? spacesFrom(text, end) : end;
      shown = LINE_BREAK;
    }
  }
  if (from < 0 || (edits[edits.length - 1]?.end ?? 0) > from || insideAny(code, from)) return;
  edits.push({ start: from, end, shown });
}

/** Where the block id ending the line at `end` starts (`^id`, after a space or alone), or -1. */
function blockIdAt(text: string, end: number): number {
  let at = end;
  while (text[at - 1] === ' ' || text[at - 1] === '\t') at--;
  const idEnd = at;
  while (isIdChar(text[at - 1])) at--;
  const before = text[at - 2];
  return at < idEnd && text[at - 1] === '^' && (before === undefined || /\s/.test(before))
    ? at - 1
    : -1;
}

/** Where the spaces ending the line at `end` start. */
function spacesFrom(text: string, end: number): number {
  let at = end;
  while (text[at - 1] === ' ') at--;
  return at;
}

/**
 * Whether the line `[start, end)` ends in a line break a reader sees, other than a backslash,
 * before more of its paragraph: two spaces or more after its text, or the break between two
 * lines of links alone (`LINK_LINE`).
 */
function softBreakShown(text: string, [start, end, next]: [number, number, number]): boolean {
  const last = text[end - 1];
  if (last === ' ') {
    const at = spacesFrom(text, end);
    return (
      end - at >= 2 && at > start && !isSpaceOrEdge(text[at - 1]) && paragraphGoesOn(text, next)
    );
  }
  return (
    (last === ']' || last === ')' || last === '>') &&
    matchesAt(LINK_LINE, text, start) &&
    matchesAt(LINK_LINE, text, next)
  );
}

/**
 * The edits that turn `text` into readable text, in order and not overlapping. `tableBefore`:
 * the text starts on a line of a table (`tableLineAt`). `marked` (sorted, disjoint ranges): only
 * the inline constructs one of them overlaps are read for what they show, the others show nothing
 * — for `shownMatches`, which asks only where its matches are.
 */
function editsOf(
  text: string,
  fencedBefore: boolean,
  tableBefore: boolean,
  marked?: TextRange[],
  listBefore = false,
): Edit[] {
  const code = codeBlocks(text, fencedBefore);
  const edits: Edit[] = [];
  // Whether the line read goes on a table: a rule under a header opens one, a blank line or
  // another block closes it. Rows with their leading pipe are rows anywhere.
  let inTable = tableBefore;
  let previous = -1; // the previous line's start
  let pipe = text.indexOf('|'); // the first pipe at or after the line read (-1: none)
  const carets = text.includes('^'); // a block id can end a line
  let heading = false; // whether the line before is a heading's
  // Whether the lines read are a list's: an item, then its indented lines; `listBefore`: the
  // text starts inside an item's line.
  let listed = listBefore;
  // The indentation of the last item read: a list nested in an item opens without a separator.
  let itemIndent = Infinity;
  for (let at = 0; at <= text.length; at = lineStartFrom(text, at + 1)) {
    if (text[at] === '\n' && text[at - 1] === '\r') continue; // `\r\n` ends one line
    if (at > 0) {
      const end = text[at - 1] === '\n' && text[at - 2] === '\r' ? at - 2 : at - 1;
      lineEndEdit(text, [previous, end, at], { carets, heading, code }, edits);
    }
    heading = false;
    const before = previous;
    previous = at;
    LINE_START_AT.lastIndex = at;
    const m = LINE_START_AT.exec(text);
    if (!m || m[0] === '') {
      if (listed && at > 0 && at < text.length && !/[ \t\n\r]/.test(text[at]!)) listed = false;
      if (pipe >= 0 && pipe < at) pipe = text.indexOf('|', at);
      const piped = matchesAt(ROW_AT, text, at);
      if (!piped && !inTable && pipe < 0) continue;
      const end = lineEnd(text, at);
      const header = !piped && !inTable && pipe < end && headerAt(text, at);
      if ((!piped && !inTable && !header) || insideAny(code, at)) continue;
      if (!piped && matchesAt(BLANK_LINE, text, at)) {
        inTable = false;
        continue;
      }
      const next = nextLine(text, end);
      const followed =
        matchesAt(ROW_AT, text, next) || ((inTable || header) && goesOnTable(text, next));
      tableRowEdits(text, [at, end], { piped, followed }, edits);
      at = end - 1;
      continue;
    }
    if (!insideAny(code, m.index) && matchesAt(TABLE_RULE_AT, text, at)) {
      inTable = before < 0 ? tableBefore : headerAt(text, before);
    } else inTable = false;
    heading = HEADING_MARKER.test(m[0]);
    const isFence = /^[ \t]*(?:`{3}|~{3})/.test(m[0]);
    const item = LIST_ITEM.test(m[0]);
    if (isFence || !insideAny(code, m.index)) {
      const indent = item ? m[0].search(/[^ \t]/) : 0;
      const shown = item && listed && indent <= itemIndent ? ITEM_SEPARATOR : COMMENT_FREE;
      if (item) itemIndent = indent;
      edits.push({ start: m.index, end: m.index + m[0].length, shown });
    }
    listed = item;
    at = m.index + m[0].length - 1; // on from the first line start after the match
  }
  lineEndEdit(text, [previous, text.length, text.length], { carets, heading, code }, edits);
  const inline: Edit[] = [];
  let next = 0; // the first of `marked` that can overlap the next construct (both come in order)
  for (let m = INLINE.exec(text); m; m = INLINE.exec(text)) {
    const block = code.length > 0 ? blockAt(code, m.index) : undefined;
    if (block) {
      // On after the block, not after the match: a closing fence's backticks would otherwise
      // open a code span up to the next backtick outside it (the text's start inside code).
      INLINE.lastIndex = block[1];
      continue;
    }
    const end = m.index + m[0].length;
    const comment = m[0].startsWith('%%') || m[0].startsWith('<!--');
    let read = !comment;
    if (read && marked) {
      while (next < marked.length && marked[next]![1] <= m.index) next++;
      read = next < marked.length && marked[next]![0] < end;
    }
    inline.push({ start: m.index, end, shown: comment ? COMMENT : read ? inlineShown(m) : [] });
  }
  return mergeEdits(edits, inline);
}

/**
 * What `commentEndAround` reads of a text: code spans (skipped whole, as `INLINE` reads them) and
 * comments, each closed by its first closing mark.
 */
const COMMENT_MARKS =
  /(`+)(?:[^`]|[^`][\s\S]*?[^`])\1(?!`)|%%[\s\S]*?(?:%%|$)|<!--[\s\S]*?(?:-->|$)/g;

/**
 * Where the comment (`%%…%%`, `<!--…-->`) that `at` is inside ends (past its closing mark), or -1
 * (docs/design.md#snippets). Read from the text's start, past code spans and fenced code: a `%%`
 * in code (printf's `` `%%` ``) opens no comment. Only code and comments are read: every construct
 * (`INLINE`) cost obsidian-hub's searches 3 % of their time (docs/design.md#snippets).
 */
export function commentEndAround(text: string, at: number): number {
  const fenced = text.includes('```') || text.includes('~~~');
  const code = fenced ? codeBlocks(text, false) : [];
  let end = -1;
  COMMENT_MARKS.lastIndex = 0;
  for (let m = COMMENT_MARKS.exec(text); m && m.index < at; m = COMMENT_MARKS.exec(text)) {
    const block = fenced ? blockAt(code, m.index) : undefined;
    if (block) COMMENT_MARKS.lastIndex = block[1];
    else if (m[0][0] !== '`' && m.index + m[0].length > at) {
      end = m.index + m[0].length;
      break;
    }
  }
  COMMENT_MARKS.lastIndex = 0;
  return end;
}

/**
 * Both lists (each in order, not overlapping) merged in order, without a sort; an edit that
 * overlaps the one kept before it is left out (of two starting together, the longer is kept).
 */
function mergeEdits(lines: Edit[], inline: Edit[]): Edit[] {
  if (lines.length === 0) return inline;
  const kept: Edit[] = [];
  let end = -1;
  for (let i = 0, j = 0; i < lines.length || j < inline.length;) {
    const line = lines[i];
    const other = inline[j];
    const takeLine = !other || (!!line && (line.start - other.start || other.end - line.end) <= 0);
    const edit = takeLine ? line! : other;
    if (takeLine) i++;
    else j++;
    if (edit.start >= end) {
      kept.push(edit);
      end = edit.end;
    }
  }
  return kept;
}

/**
 * True when fenced code is open at the end of `before` (an odd number of fence lines). Only the
 * last `limit` characters are looked at: a section's start is never that far back in practice.
 */
export function fenceOpenAt(before: string, limit = 1 << 16): boolean {
  const from = Math.max(0, before.length - limit);
  if (before.indexOf('```', from) < 0 && before.indexOf('~~~', from) < 0) return false;
  const tail = from > 0 ? before.slice(from) : before;
  return (tail.match(/^[ \t]*(?:`{3,}|~{3,})/gm)?.length ?? 0) % 2 === 1;
}

/**
 * `text` as a reader sees it, with `matches` (sorted, disjoint) moved onto the result: a match
 * keeps the part of it a reader still sees (a link's text, a wikilink's alias). `fencedBefore`:
 * the text starts inside fenced code. `from`: only what a reader sees of `text` from there on is
 * kept — syntax that `from` falls inside is read whole and dropped, so the result never starts
 * inside a tag or a link's target (docs/design.md#snippets). `firstShown`: the index in
 * `matches` of the first match a reader sees from there on; `cutText`: whether what a reader
 * sees before it was cut off. `tableBefore`, `listBefore`: the text starts on a line of a table,
 * inside a list item's line.
 */
export function readableText(
  text: string,
  matches: TextRange[],
  fencedBefore = false,
  from = 0,
  tableBefore = false,
  listBefore = false,
): ReadText {
  const edits = editsOf(text, fencedBefore, tableBefore, undefined, listBefore);
  if (edits.length === 0) {
    let first = 0;
    while (first < matches.length && matches[first]![1] <= from) first++;
    return cutBefore(text, matches, from, first < matches.length ? first : -1);
  }
  let out = '';
  let cut = from === 0 ? 0 : -1;
  let firstShown = -1;
  const moved: TextRange[] = [];
  let next = 0; // the first match that can reach the next source range (ranges come in order)
  // A source range: its matches move onto the output.
  const keep = (ps: number, pe: number) => {
    if (pe <= ps) return;
    if (cut < 0 && pe > from) cut = out.length + Math.max(0, from - ps);
    while (next < matches.length && matches[next]![1] <= ps) next++;
    for (let i = next; i < matches.length && matches[i]![0] < pe; i++) {
      const [s, e] = matches[i]!;
      const range: TextRange = [
        out.length + Math.max(s, ps) - ps,
        out.length + Math.min(e, pe) - ps,
      ];
      moved.push(range);
      // The first a reader sees from `from` on (not cut off, not only white space).
      if (
        firstShown < 0 &&
        cut >= 0 &&
        range[1] > cut &&
        /\S/.test(text.slice(Math.max(s, ps), Math.min(e, pe)))
      ) {
        firstShown = i;
      }
    }
    out += text.slice(ps, pe);
  };
  let at = 0;
  let comments = false;
  for (const edit of edits) {
    keep(at, edit.start);
    if (cut < 0 && edit.start >= from) cut = out.length;
    if (edit.shown === COMMENT) comments = true;
    for (const piece of edit.shown) {
      if (typeof piece === 'string') out += piece;
      else keep(piece[0], piece[1]);
    }
    at = edit.end;
  }
  keep(at, text.length);
  const kept = moved.filter(([s, e]) => out.slice(s, e).trim() !== '');
  const read = cutBefore(out, joined(kept), cut < 0 ? out.length : cut, firstShown);
  read.comments = comments;
  return read;
}

/** `text` from `at` on, its matches moved with it (a match cut there keeps its rest). */
function cutBefore(text: string, matches: TextRange[], at: number, firstShown: number): ReadText {
  if (at === 0) return { text, matches, firstShown, cutText: false, comments: false };
  const moved: TextRange[] = [];
  for (const [s, e] of matches) if (e > at) moved.push([Math.max(s, at) - at, e - at]);
  NON_SPACE.lastIndex = 0;
  const cutText = (NON_SPACE.exec(text)?.index ?? at) < at;
  return { text: text.slice(at), matches: moved, firstShown, cutText, comments: false };
}

/** The first character `\s` does not match. */
const NON_SPACE = /\S/g;

/** Sorted ranges with touching or overlapping ones joined. */
function joined(ranges: TextRange[]): TextRange[] {
  const out: TextRange[] = [];
  for (const range of ranges.sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}

/**
 * The matches (sorted, disjoint source ranges of `text`) a reader sees some of: not those only
 * inside dropped syntax — a URL, a comment, a tag, a wikilink's target behind its alias
 * (docs/design.md#snippets).
 */
export function shownMatches(text: string, matches: TextRange[]): TextRange[] {
  const shown: TextRange[] = [];
  let next = 0; // the first match that can reach the next kept range (both come in order)
  const keep = (ps: number, pe: number) => {
    while (next < matches.length && matches[next]![1] <= ps) next++;
    for (let i = next; i < matches.length && matches[i]![0] < pe; i++) {
      if (shown[shown.length - 1] !== matches[i]) shown.push(matches[i]!);
    }
  };
  let at = 0;
  for (const edit of editsOf(text, false, false, matches)) {
    keep(at, edit.start);
    for (const piece of edit.shown) if (typeof piece !== 'string') keep(piece[0], piece[1]);
    at = edit.end;
  }
  keep(at, text.length);
  return shown;
}

/** HTML elements `NO_PROSE` skips a line of, alone on it (`<p align="center">`, `</div>`). */
const BLOCK_TAG = `</?(?:${HTML_TAGS})(?:\\s[^<>\\n]*)?/?>`;

/**
 * A line no prose is read in: blank, or only images and linked images (a row of badges), HTML
 * tags and comments (a comment may go on over lines).
 */
const NO_PROSE = new RegExp(
  '(?:[ \\t]*(?:' +
    [
      /!\[[^\]\n]*\]\((?:[^()\n]|\([^()\n]*\))*\)/.source, // an image
      /\[!\[[^\]\n]*\]\((?:[^()\n]|\([^()\n]*\))*\)\]\((?:[^()\n]|\([^()\n]*\))*\)/.source, // linked
      BLOCK_TAG,
      DOCFX_INCLUDE,
      // Comments, closed by their first closing mark (as `INLINE` reads them).
      /<!--(?:[^-]|-(?!->))*-->/.source,
      /%%(?:[^%]|%(?!%))*%%/.source,
    ].join('|') +
    '))*[ \\t]*(?:\\r?\\n|$)',
  'y',
);

/** What a line starts with for `NO_PROSE` to be tried on it (else it is prose). */
const NO_PROSE_START = /[![<%\s]/;

/**
 * Where a reader's prose starts in `text` at or after `from` (a line's start or its first
 * non-blank character): past the lines `NO_PROSE` says hold none (docs/design.md#snippets).
 * `text.length` when none follows: a reader sees only images, or nothing.
 */
export function proseStart(text: string, from: number): number {
  let at = from;
  while (at < text.length && NO_PROSE_START.test(text[at]!)) {
    NO_PROSE.lastIndex = at;
    if (!NO_PROSE.test(text)) return at;
    at = NO_PROSE.lastIndex;
  }
  return at;
}
