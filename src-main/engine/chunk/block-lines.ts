// Line-level patterns of CommonMark block starts (spec 0.31) and GFM tables, for the fast block
// scanner. Each test looks at `text` from `at` to the end of the line (`[^\r\n]` never crosses it)
// without slicing. Whitespace inside block syntax is spaces and tabs only, as in the spec (JS `\s`
// would also accept NBSP and friends).

/** `$` for a single line inside the whole text: the next char ends the line, or the text ends. */
const EOL = '(?![^\\r\\n])';

const atxMarker = new RegExp(`#{1,6}(?:[ \\t]+|${EOL})`, 'y');
const thematicBreak = new RegExp(
  `(?:(?:\\*[ \\t]*){3,}|(?:_[ \\t]*){3,}|(?:-[ \\t]*){3,})${EOL}`,
  'y',
);
const setextUnderline = new RegExp(`(?:=+|-+)[ \\t]*${EOL}`, 'y');
const openingFence = /`{3,}|~{3,}/y;
const closingFence = new RegExp(`(?:\`{3,}|~{3,})[ \\t]*${EOL}`, 'y');
const orderedMarker = /(\d{1,9})([.)])/y;

const blockNames =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|' +
  'dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|' +
  'hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|' +
  'search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const attribute =
  '(?:[ \\t]+[a-zA-Z_:][a-zA-Z0-9_.:-]*(?:[ \\t]*=[ \\t]*(?:[^"\'=<>`\\x00-\\x20]+|\'[^\'\\r\\n]*\'|"[^"\\r\\n]*"))?)';
const htmlStarts: RegExp[] = [
  /$^/, // no type 0
  new RegExp(`<(?:script|pre|textarea|style)(?:[ \\t>]|${EOL})`, 'iy'),
  /<!--/y,
  /<\?/y,
  /<![A-Za-z]/y,
  /<!\[CDATA\[/y,
  new RegExp(`</?(?:${blockNames})(?:[ \\t]|/?>|${EOL})`, 'iy'),
  new RegExp(
    `(?:<[A-Za-z][A-Za-z0-9-]*${attribute}*[ \\t]*/?>|</[A-Za-z][A-Za-z0-9-]*[ \\t]*>)[ \\t]*${EOL}`,
    'y',
  ),
];
const htmlEnds: RegExp[] = [/$^/, /<\/(?:script|pre|textarea|style)>/i, /-->/, /\?>/, />/, /\]\]>/];

function stickyTest(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex - at : -1;
}

/** Length of an ATX opening sequence with its following spaces, or -1. */
export const atxMarkerLength = (text: string, at: number) => stickyTest(atxMarker, text, at);

/** True for a thematic break line (from its first non-space). */
export const isThematicBreak = (text: string, at: number) =>
  stickyTest(thematicBreak, text, at) >= 0;

/** True for a setext underline (from its first non-space). */
export const isSetextUnderline = (text: string, at: number) =>
  stickyTest(setextUnderline, text, at) >= 0;

/** Length of an opening code fence, or -1 (a backtick fence's info string has no backtick). */
export function openingFenceLength(text: string, at: number, end: number): number {
  const length = stickyTest(openingFence, text, at);
  if (length < 0) return -1;
  if (text.charCodeAt(at) !== 96) return length;
  const backtick = text.indexOf('`', at + length);
  return backtick !== -1 && backtick < end ? -1 : length;
}

/** Length of a closing fence sequence (only trailing spaces after it), or -1. */
export function closingFenceLength(text: string, at: number): number {
  closingFence.lastIndex = at;
  const match = closingFence.exec(text);
  if (!match) return -1;
  let length = 0;
  while (text.charCodeAt(at + length) === text.charCodeAt(at)) length++;
  return length;
}

/** The HTML block type (1–7) a line starts, or 0. Type 7 is the caller's to refuse. */
export function htmlBlockType(text: string, at: number): number {
  if (text.charCodeAt(at) !== 60) return 0;
  for (let type = 1; type <= 7; type++) {
    if (stickyTest(htmlStarts[type]!, text, at) >= 0) return type;
  }
  return 0;
}

/** True when the line text `[at, end)` meets the end condition of an HTML block of type 1–5. */
export function endsHtmlBlock(type: number, text: string, at: number, end: number): boolean {
  return type >= 1 && type <= 5 && htmlEnds[type]!.test(text.slice(at, end));
}

/** An ordered list marker at `at`: its number and delimiter, or null. */
export function orderedListMarker(
  text: string,
  at: number,
): { start: number; length: number; delimiter: string } | null {
  orderedMarker.lastIndex = at;
  const match = orderedMarker.exec(text);
  if (!match) return null;
  return { start: Number(match[1]), length: match[0].length, delimiter: match[2]! };
}

const isSpace = (code: number) => code === 32 || code === 9;

/** Skips spaces and tabs. */
function skipSpaces(text: string, at: number, end: number): number {
  while (at < end && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/**
 * Cells of a GFM delimiter row (`| :-- | --: |`), or -1 when the line is not one. Mirrors
 * micromark-extension-gfm-table: each cell is `:?-+:?`, cells are split by pipes, and a row
 * without any `:` or `|` is a thematic break or setext underline instead.
 */
export function delimiterRowCells(text: string, at: number, end: number): number {
  let seen = false;
  let cells = 0;
  let index = at;
  if (text.charCodeAt(index) === 124) {
    seen = true;
    index = skipSpaces(text, index + 1, end);
  }
  while (index < end) {
    let code = text.charCodeAt(index);
    if (code === 58) {
      seen = true;
      code = text.charCodeAt(++index);
      if (code !== 45 || index >= end) return -1;
    } else if (code !== 45) {
      return -1;
    }
    cells++;
    while (index < end && text.charCodeAt(index) === 45) index++;
    if (index < end && text.charCodeAt(index) === 58) {
      seen = true;
      index++;
    }
    index = skipSpaces(text, index, end);
    if (index >= end) break;
    if (text.charCodeAt(index) !== 124) return -1;
    seen = true;
    index = skipSpaces(text, index + 1, end);
  }
  return seen ? cells : -1;
}

/**
 * Cells of a GFM table head row, or -1 when the line cannot be one (a lone `|`). Mirrors
 * micromark-extension-gfm-table: a cell starts at the line start (unless it is a pipe) and after
 * every pipe that something follows; `\|` does not split.
 */
export function headRowCells(text: string, at: number, end: number): number {
  let parts = 0;
  let cells = 0;
  let open = text.charCodeAt(at) !== 124;
  if (open) parts++;
  let index = at;
  while (true) {
    index = skipSpaces(text, index, end);
    if (index >= end) break;
    parts++;
    if (open) {
      open = false;
      cells++;
    }
    if (text.charCodeAt(index) === 124) {
      open = true;
      index++;
      continue;
    }
    while (index < end) {
      const code = text.charCodeAt(index);
      if (code === 124 || isSpace(code)) break;
      const next = text.charCodeAt(index + 1);
      index += code === 92 && index + 1 < end && (next === 92 || next === 124) ? 2 : 1;
    }
  }
  return parts > 1 ? cells : -1;
}

/** The inline content of an ATX heading line after its opening sequence (closing `#`s removed). */
export function atxContent(text: string, at: number, end: number): string {
  return text
    .slice(at, end)
    .replace(/^[ \t]*#+[ \t]*$/, '')
    .replace(/[ \t]+#+[ \t]*$/, '');
}
