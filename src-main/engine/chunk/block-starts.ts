// Block starts of the fast block scanner (commonmark.js's `blockStarts`, plus GFM tables and
// micromark's interruption rules): each tries to open a block at the current position and says
// whether it opened a container (1), a leaf (2) or nothing (0).
import {
  atxContent,
  atxMarkerLength,
  delimiterRowCells,
  headRowCells,
  htmlBlockType,
  isSetextUnderline,
  isThematicBreak,
  openingFenceLength,
  orderedListMarker,
} from './block-lines.ts';
import {
  DOC,
  FENCE,
  HTML,
  ICODE,
  isSpaceOrTab,
  LIST,
  ITEM,
  PARA,
  QUOTE,
  TABLE,
  type Block,
  type Scanner,
} from './block-scan-state.ts';
import { headingTitle } from './heading-title.ts';

/** Tries every block start in CommonMark's order: 0 none, 1 container opened, 2 leaf opened. */
export function tryStarts(s: Scanner, container: Block): number {
  const text = s.text;
  const at = s.nextNonspace;
  const code = text.charCodeAt(at);
  if (!s.indented) {
    // GFM footnote definitions are containers (they even interrupt paragraphs): micromark's.
    if (code === 91 && text.charCodeAt(at + 1) === 94 && mayStartDefinition(text, at)) {
      s.giveUp('footnote definition');
      return 0;
    }
    if (code === 62) return startBlockQuote(s);
    if (code === 35) {
      const length = atxMarkerLength(text, at);
      if (length >= 0) return startAtxHeading(s, length);
    }
    if (code === 96 || code === 126) {
      const length = openingFenceLength(text, at, s.end);
      if (length >= 0) return startFence(s, code, length);
    }
    if (code === 60) {
      const type = htmlBlockType(text, at);
      // Type 7 cannot interrupt a paragraph. micromark lets it end a lazy continuation, and
      // then keeps it in the container the line left: too odd to mirror.
      if (type === 7 && !s.lineAllMatched && s.tip.type === PARA) s.giveUp('lazy HTML');
      if (type > 0 && (type < 7 || container.type !== PARA)) {
        s.closeUnmatchedBlocks();
        s.addChild(HTML).htmlType = type;
        return 2;
      }
    }
    if (container.type === PARA && (code === 61 || code === 45) && isSetextUnderline(text, at)) {
      return startSetextHeading(s, container, code === 61 ? 1 : 2);
    }
    if ((code === 42 || code === 95 || code === 45) && isThematicBreak(text, at)) {
      s.closeUnmatchedBlocks();
      s.addClosedLeaf();
      s.offset = s.end;
      return 2;
    }
  }
  if (!s.indented || container.type === LIST) {
    if (startListItem(s, container)) return 1;
  }
  if (s.indented && s.tip.type !== PARA && !s.blank) {
    // Indented code on a line that left a container: micromark then forgets that the code is
    // open when the next line opens containers.
    if (!s.lineAllMatched) s.giveUp('lazy indented code');
    s.advanceOffset(4, true);
    s.closeUnmatchedBlocks();
    s.addChild(ICODE);
    return 2;
  }
  if (!s.indented && container.type === PARA && (code === 124 || code === 58 || code === 45)) {
    return startTable(s, container);
  }
  return 0;
}

function startBlockQuote(s: Scanner): number {
  s.advanceNextNonspace();
  s.advanceOffset(1, false);
  if (isSpaceOrTab(s.peek())) s.advanceOffset(1, true);
  s.closeUnmatchedBlocks();
  s.addChild(QUOTE);
  return 1;
}

function startAtxHeading(s: Scanner, markerLength: number): number {
  const text = s.text;
  let depth = 0;
  while (text.charCodeAt(s.nextNonspace + depth) === 35) depth++;
  s.advanceNextNonspace();
  s.advanceOffset(markerLength, false);
  s.closeUnmatchedBlocks();
  if (s.addClosedLeaf().type === DOC) {
    const title = headingTitle(atxContent(text, s.offset, s.end));
    s.headings.push({ depth, firstLine: s.line, endLine: s.line + 1, title });
  }
  s.offset = s.end;
  return 2;
}

function startFence(s: Scanner, char: number, length: number): number {
  s.closeUnmatchedBlocks();
  const fence = s.addChild(FENCE);
  fence.fenceChar = char;
  fence.fenceLength = length;
  fence.fenceOffset = s.indent;
  s.advanceNextNonspace();
  s.advanceOffset(length, false);
  return 2;
}

function startSetextHeading(s: Scanner, paragraph: Block, depth: number): number {
  s.closeUnmatchedBlocks();
  s.stack.pop();
  const first = paragraph.startLine;
  s.textLines.fill(0, first, s.line);
  if (s.tip.type === DOC) {
    const title = headingTitle(setextContent(s, paragraph));
    s.headings.push({ depth, firstLine: first, endLine: s.line + 1, title });
  }
  s.offset = s.end;
  return 2;
}

/**
 * A top-level setext heading's inline source: its text lines as in the file, from the first
 * line's content to the last line's end. Continuation lines keep their indentation because
 * micromark does inside code spans (it decides whether a span's edge space is padding); outside
 * them it is whitespace, which titles collapse anyway.
 */
function setextContent(s: Scanner, paragraph: Block): string {
  const text = s.text;
  let end = s.source.lineStarts[s.line]!;
  if (text.charCodeAt(end - 1) === 10) end--;
  if (text.charCodeAt(end - 1) === 13) end--;
  return text.slice(paragraph.offsets![0], end);
}

/** A list item start (commonmark.js `parseListMarker`); true when one was opened. */
function startListItem(s: Scanner, container: Block): boolean {
  const text = s.text;
  if (s.indent >= 4) return false;
  const at = s.nextNonspace;
  const code = text.charCodeAt(at);
  let kind: string;
  let length: number;
  if (code === 42 || code === 43 || code === 45) {
    kind = text[at]!;
    length = 1;
  } else {
    const ordered = orderedListMarker(text, at);
    if (!ordered || (s.interrupting && ordered.length !== 2) || (s.interrupting && code !== 49)) {
      return false;
    }
    kind = 'o' + ordered.delimiter;
    length = ordered.length;
  }
  const after = at + length;
  if (after < s.end && !isSpaceOrTab(text.charCodeAt(after))) return false;
  if (s.interrupting) {
    let rest = after;
    while (rest < s.end && isSpaceOrTab(text.charCodeAt(rest))) rest++;
    if (rest >= s.end) return false;
  }
  const markerOffset = s.indent;
  s.advanceNextNonspace();
  s.advanceOffset(length, true);
  const spacesStartColumn = s.column;
  const spacesStartOffset = s.offset;
  do {
    s.advanceOffset(1, true);
  } while (s.column - spacesStartColumn < 5 && isSpaceOrTab(s.peek()));
  const blankItem = s.offset >= s.end;
  const spaces = s.column - spacesStartColumn;
  let padding: number;
  if (spaces >= 5 || spaces < 1 || blankItem) {
    padding = length + 1;
    s.column = spacesStartColumn;
    s.offset = spacesStartOffset;
    if (isSpaceOrTab(s.peek())) s.advanceOffset(1, true);
  } else {
    padding = length + spaces;
  }
  s.closeUnmatchedBlocks();
  if (s.tip.type !== LIST || container.listKind !== kind) {
    s.addChild(LIST).listKind = kind;
  }
  const item = s.addChild(ITEM);
  item.listKind = kind;
  item.contentIndent = markerOffset + padding;
  return true;
}

/** A GFM delimiter row under a paragraph whose last line is a matching head row. */
function startTable(s: Scanner, paragraph: Block): number {
  const text = s.text;
  const cells = delimiterRowCells(text, s.nextNonspace, s.end);
  if (cells < 0) return 0;
  const offsets = paragraph.offsets!;
  const last = offsets.length - 1;
  const headIndent = paragraph.indents![last]!;
  // micromark does not try a table at a paragraph line indented like code.
  if (headIndent >= 4) return 0;
  const headLine = paragraph.startLine + last;
  const headStart = offsets[last]!;
  let headEnd = s.source.lineStarts[headLine + 1]!;
  while (
    headEnd > headStart &&
    (text.charCodeAt(headEnd - 1) === 10 || text.charCodeAt(headEnd - 1) === 13)
  ) {
    headEnd--;
  }
  if (headRowCells(text, headStart, headEnd) !== cells) return 0;
  if (headIndent < 0) {
    s.giveUp('table head on a lazy line');
    return 0;
  }
  // micromark reads the line after a table row as a row or nothing, never as a new head.
  if (headLine === s.lastTableRowLine + 1) {
    s.giveUp('table head right after a table');
    return 0;
  }
  if (htmlBlockType(text, headStart) === 7) {
    s.giveUp('table head is HTML');
    return 0;
  }
  s.closeUnmatchedBlocks();
  s.stack.pop();
  s.addChild(TABLE);
  s.lastTableRowLine = s.line;
  s.offset = s.end;
  return 2;
}

/**
 * True when a paragraph starting at `at` (a `[`) may open with a link reference or footnote
 * definition: a label without unescaped brackets, closed by `]:`. Labels may span lines.
 */
export function mayStartDefinition(text: string, at: number): boolean {
  const limit = Math.min(text.length, at + 1002);
  for (let index = at + 1; index < limit; index++) {
    const code = text.charCodeAt(index);
    if (code === 92) index++;
    else if (code === 91) return false;
    else if (code === 93) return text.charCodeAt(index + 1) === 58;
  }
  return false;
}
