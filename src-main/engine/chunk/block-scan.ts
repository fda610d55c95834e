// The fast path to a file's block facts: a line-by-line CommonMark block parser (the algorithm of
// commonmark.js, ported to work on the whole text without slicing lines) plus GFM tables, that
// parses no inline content except heading text.
//
// It must agree exactly with micromark (`block-facts.ts`), which departs from the CommonMark
// reference in a few rare corners. One departure is reproduced: on a line where the paragraph or
// indented code block continues inside all open containers, new containers open "interrupting",
// and stay so for containers nested on the same line (list items must then be non-empty, ordered
// ones numbered 1). Where the scanner cannot vouch for agreement it gives up (returns null) and the
// caller runs micromark:
// - link reference definitions (a paragraph starting `[label]:`) and footnote definitions;
// - indented code, or an HTML block of type 7, on a line that leaves an open container;
// - a multi-line setext heading with a code span (micromark keeps indentation inside spans);
// - a table whose head row is a lazy continuation line, the line after a table row, or a complete
//   HTML tag line (micromark ends the paragraph for the table, then reads the line as HTML).
// The cross-check tests compare both paths on every corpus file and on generated markdown.
import type { BlockFacts, HeadingLine } from './block-facts.ts';
import { parseStart } from './block-facts.ts';
import {
  atxContent,
  atxMarkerLength,
  closingFenceLength,
  delimiterRowCells,
  endsHtmlBlock,
  headRowCells,
  htmlBlockType,
  isSetextUnderline,
  isThematicBreak,
  openingFenceLength,
  orderedListMarker,
} from './block-lines.ts';
import { headingTitle } from './heading-title.ts';
import type { SourceText } from './source-text.ts';

// Block types. Headings and thematic breaks close on their own line and are never kept open.
const DOC = 0;
const QUOTE = 1;
const LIST = 2;
const ITEM = 3;
const PARA = 4;
const FENCE = 5;
const ICODE = 6;
const HTML = 7;
const TABLE = 8;
const CLOSED_LEAF = 9;

/** An open block. One shape for every type keeps property access monomorphic. */
interface Block {
  type: number;
  hasChild: boolean;
  /** ITEM: columns of marker offset plus padding. */
  contentIndent: number;
  /** LIST, ITEM: the bullet character, or `o` plus the ordered delimiter. */
  listKind: string;
  /** PARA: first line; char offset and indent of each line's content. */
  startLine: number;
  offsets: number[] | null;
  indents: number[] | null;
  /** FENCE: fence character code, length and indentation. */
  fenceChar: number;
  fenceLength: number;
  fenceOffset: number;
  /** HTML: block type 1–7. */
  htmlType: number;
}

function newBlock(type: number): Block {
  return {
    type,
    hasChild: false,
    contentIndent: 0,
    listKind: '',
    startLine: 0,
    offsets: null,
    indents: null,
    fenceChar: 0,
    fenceLength: 0,
    fenceOffset: 0,
    htmlType: 0,
  };
}

const acceptsLines = (type: number) => type >= PARA && type <= TABLE;
const isLeaf = acceptsLines;
const canContain = (parent: number, child: number) =>
  parent === LIST
    ? child === ITEM
    : (parent === DOC || parent === QUOTE || parent === ITEM) && child !== ITEM;

/** Chars that may start a block other than a paragraph (commonmark.js's `reMaybeSpecial`, plus `|:` for tables and `[` for footnote definitions). */
const special = new Uint8Array(128);
for (const char of '#`~*+_=<>-|:[0123456789') special[char.charCodeAt(0)] = 1;

const isSpaceOrTab = (code: number) => code === 32 || code === 9;

/** Block facts of lines `[startLine, lineCount)`, or null when micromark must decide. */
export function scanBlockFacts(source: SourceText, startLine: number): BlockFacts | null {
  const from = parseStart(source, startLine);
  const scanner = new Scanner(source);
  for (let line = startLine; line < source.lineCount && scanner.exact; line++) {
    scanner.incorporateLine(line, line === startLine ? from : source.lineStarts[line]!);
  }
  lastGiveUp = scanner.reason;
  return scanner.exact ? { headings: scanner.headings, textLines: scanner.textLines } : null;
}

/** Why the last `scanBlockFacts` call returned null (diagnostics for tests and benchmarks). */
export let lastGiveUp = '';

/**
 * True when a paragraph starting at `at` (a `[`) may open with a link reference or footnote
 * definition: a label without unescaped brackets, closed by `]:`. Labels may span lines.
 */
function mayStartDefinition(text: string, at: number): boolean {
  const limit = Math.min(text.length, at + 1002);
  for (let index = at + 1; index < limit; index++) {
    const code = text.charCodeAt(index);
    if (code === 92) index++;
    else if (code === 91) return false;
    else if (code === 93) return text.charCodeAt(index + 1) === 58;
  }
  return false;
}

class Scanner {
  readonly text: string;
  readonly source: SourceText;
  readonly stack: Block[] = [newBlock(DOC)];
  readonly headings: HeadingLine[] = [];
  readonly textLines: Uint8Array;
  exact = true;

  line = 0;
  end = 0;
  offset = 0;
  column = 0;
  nextNonspace = 0;
  nextNonspaceColumn = 0;
  indent = 0;
  indented = false;
  blank = false;
  partiallyConsumedTab = false;
  allClosed = true;
  matched = 1;
  oldTipType = DOC;
  /** New containers on this line open as paragraph interruptions (micromark's rule). */
  interrupting = false;
  /** Every open block continued on this line (before any block starts). */
  lineAllMatched = true;
  /** A run of spaces (no tabs) measured by `findNextNonspace` on this line: `[from, to)`. */
  spacesFrom = -1;
  spacesTo = -2;
  /** The last line that was a table row (head and delimiter rows included). */
  lastTableRowLine = -2;
  /** An empty list item was closed by a blank line and no non-blank line followed yet. */
  itemClosedByBlank = false;

  constructor(source: SourceText) {
    this.source = source;
    this.text = source.text;
    this.textLines = new Uint8Array(source.lineCount);
  }

  /** Why the scanner gave up (for diagnostics). */
  reason = '';

  giveUp(reason: string): void {
    this.exact = false;
    this.reason ||= `line ${this.line + 1}: ${reason}`;
  }

  get tip(): Block {
    return this.stack[this.stack.length - 1]!;
  }

  incorporateLine(line: number, start: number): void {
    const text = this.text;
    let end = this.source.lineStarts[line + 1]!;
    if (end > start && text.charCodeAt(end - 1) === 10) end--;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    this.line = line;
    this.end = end;
    this.offset = start;
    this.column = 0;
    this.blank = false;
    this.partiallyConsumedTab = false;
    this.oldTipType = this.tip.type;
    this.spacesFrom = -1;
    this.spacesTo = -2;

    let matched = 1;
    while (matched < this.stack.length) {
      this.findNextNonspace();
      const result = this.continueBlock(this.stack[matched]!);
      if (result === 2) {
        this.itemClosedByBlank = false;
        return;
      }
      if (result === 1) break;
      matched++;
    }
    this.allClosed = matched === this.stack.length;
    this.matched = matched;
    this.findNextNonspace();
    const blankLine = this.blank;
    // After a blank line closed an empty list item, micromark still has the item open until the
    // next non-blank line, which therefore leaves a container.
    const leftItem = this.itemClosedByBlank && !blankLine;
    if (!blankLine) this.itemClosedByBlank = false;
    const allMatched = this.allClosed && !leftItem;
    this.lineAllMatched = allMatched;
    const leafOpen = isLeaf(this.oldTipType) ? 1 : 0;
    this.interrupting =
      !leftItem &&
      matched >= this.stack.length - leafOpen &&
      (this.oldTipType === PARA || this.oldTipType === ICODE);
    let container = this.stack[matched - 1]!;
    let matchedLeaf =
      container.type !== PARA && container.type !== TABLE && acceptsLines(container.type);
    let firstStart = 0;
    while (!matchedLeaf) {
      this.findNextNonspace();
      const code = text.charCodeAt(this.nextNonspace);
      if (!this.indented && !(code < 128 && special[code] === 1)) {
        this.advanceNextNonspace();
        break;
      }
      const result = this.tryStarts(container);
      if (result === 0) {
        this.advanceNextNonspace();
        break;
      }
      if (firstStart === 0) firstStart = result;
      container = this.tip;
      if (result === 2) matchedLeaf = true;
    }
    if (!allMatched && !blankLine && this.tip.type === PARA) {
      this.addLine(true);
      return;
    }
    this.closeUnmatchedBlocks();
    if (acceptsLines(container.type)) {
      this.addLine();
      if (container.type === HTML && endsHtmlBlock(container.htmlType, text, this.offset, end)) {
        this.stack.pop();
      }
    } else if (this.offset < end && !this.blank) {
      this.addChild(PARA).startLine = line;
      this.advanceNextNonspace();
      // Definitions change inline parsing and setext headings; micromark reads those files.
      if (text.charCodeAt(this.offset) === 91 && mayStartDefinition(text, this.offset)) {
        this.giveUp('definition');
      }
      this.addLine();
    }
  }

  /** 0: the block continues on this line; 1: it does not; 2: the line closed it (fence). */
  continueBlock(block: Block): number {
    const text = this.text;
    switch (block.type) {
      case QUOTE:
        if (this.indented || text.charCodeAt(this.nextNonspace) !== 62) return 1;
        this.advanceNextNonspace();
        this.advanceOffset(1, false);
        if (isSpaceOrTab(this.peek())) this.advanceOffset(1, true);
        return 0;
      case ITEM:
        if (this.blank) {
          if (!block.hasChild) {
            // micromark closes it only at the next non-blank line, which is then "lazy".
            this.itemClosedByBlank = true;
            return 1;
          }
          this.advanceNextNonspace();
        } else if (this.indent >= block.contentIndent) {
          this.advanceOffset(block.contentIndent, true);
        } else {
          return 1;
        }
        return 0;
      case FENCE: {
        if (
          this.indent <= 3 &&
          text.charCodeAt(this.nextNonspace) === block.fenceChar &&
          closingFenceLength(text, this.nextNonspace) >= block.fenceLength
        ) {
          this.stack.pop();
          return 2;
        }
        for (let skip = block.fenceOffset; skip > 0 && isSpaceOrTab(this.peek()); skip--) {
          this.advanceOffset(1, true);
        }
        return 0;
      }
      case ICODE:
        if (this.indent >= 4) this.advanceOffset(4, true);
        else if (this.blank) this.advanceNextNonspace();
        else return 1;
        return 0;
      case HTML:
        return this.blank && (block.htmlType === 6 || block.htmlType === 7) ? 1 : 0;
      case PARA:
      case TABLE:
        return this.blank ? 1 : 0;
      default:
        return 0;
    }
  }

  /** Tries every block start in CommonMark's order: 0 none, 1 container opened, 2 leaf opened. */
  tryStarts(container: Block): number {
    const text = this.text;
    const at = this.nextNonspace;
    const code = text.charCodeAt(at);
    if (!this.indented) {
      // GFM footnote definitions are containers (they even interrupt paragraphs): micromark's.
      if (code === 91 && text.charCodeAt(at + 1) === 94 && mayStartDefinition(text, at)) {
        this.giveUp('footnote definition');
        return 0;
      }
      if (code === 62) return this.startBlockQuote();
      if (code === 35) {
        const length = atxMarkerLength(text, at);
        if (length >= 0) return this.startAtxHeading(length);
      }
      if (code === 96 || code === 126) {
        const length = openingFenceLength(text, at, this.end);
        if (length >= 0) return this.startFence(code, length);
      }
      if (code === 60) {
        const type = htmlBlockType(text, at);
        // Type 7 cannot interrupt a paragraph. micromark lets it end a lazy continuation, and
        // then keeps it in the container the line left: too odd to mirror.
        if (type === 7 && !this.lineAllMatched && this.tip.type === PARA) this.giveUp('lazy HTML');
        if (type > 0 && (type < 7 || container.type !== PARA)) {
          this.closeUnmatchedBlocks();
          this.addChild(HTML).htmlType = type;
          return 2;
        }
      }
      if (container.type === PARA && (code === 61 || code === 45) && isSetextUnderline(text, at)) {
        return this.startSetextHeading(container, code === 61 ? 1 : 2);
      }
      if ((code === 42 || code === 95 || code === 45) && isThematicBreak(text, at)) {
        this.closeUnmatchedBlocks();
        this.addClosedLeaf();
        this.offset = this.end;
        return 2;
      }
    }
    if (!this.indented || container.type === LIST) {
      if (this.startListItem(container)) return 1;
    }
    if (this.indented && this.tip.type !== PARA && !this.blank) {
      // Indented code on a line that left a container: micromark then forgets that the code is
      // open when the next line opens containers.
      if (!this.lineAllMatched) this.giveUp('lazy indented code');
      this.advanceOffset(4, true);
      this.closeUnmatchedBlocks();
      this.addChild(ICODE);
      return 2;
    }
    if (!this.indented && container.type === PARA && (code === 124 || code === 58 || code === 45)) {
      return this.startTable(container);
    }
    return 0;
  }

  startBlockQuote(): number {
    this.advanceNextNonspace();
    this.advanceOffset(1, false);
    if (isSpaceOrTab(this.peek())) this.advanceOffset(1, true);
    this.closeUnmatchedBlocks();
    this.addChild(QUOTE);
    return 1;
  }

  startAtxHeading(markerLength: number): number {
    const text = this.text;
    let depth = 0;
    while (text.charCodeAt(this.nextNonspace + depth) === 35) depth++;
    this.advanceNextNonspace();
    this.advanceOffset(markerLength, false);
    this.closeUnmatchedBlocks();
    if (this.addClosedLeaf().type === DOC) {
      const title = headingTitle(atxContent(text, this.offset, this.end));
      this.headings.push({ depth, firstLine: this.line, endLine: this.line + 1, title });
    }
    this.offset = this.end;
    return 2;
  }

  startFence(char: number, length: number): number {
    this.closeUnmatchedBlocks();
    const fence = this.addChild(FENCE);
    fence.fenceChar = char;
    fence.fenceLength = length;
    fence.fenceOffset = this.indent;
    this.advanceNextNonspace();
    this.advanceOffset(length, false);
    return 2;
  }

  startSetextHeading(paragraph: Block, depth: number): number {
    this.closeUnmatchedBlocks();
    this.stack.pop();
    const first = paragraph.startLine;
    this.textLines.fill(0, first, this.line);
    if (this.tip.type === DOC) {
      const { lineStarts } = this.source;
      const lines = paragraph.offsets!.map((offset, index) =>
        this.text.slice(offset, lineStarts[first + index + 1]).replace(/[\r\n]+$/, ''),
      );
      const content = lines.join('\n');
      // micromark keeps continuation lines' indentation inside code spans (it can decide
      // whether a span's edge space is padding); those titles are its to read.
      if (lines.length > 1 && content.includes('`')) this.giveUp('code span in a setext heading');
      const title = headingTitle(content);
      this.headings.push({ depth, firstLine: first, endLine: this.line + 1, title });
    }
    this.offset = this.end;
    return 2;
  }

  /** A list item start (commonmark.js `parseListMarker`); true when one was opened. */
  startListItem(container: Block): boolean {
    const text = this.text;
    if (this.indent >= 4) return false;
    const at = this.nextNonspace;
    const code = text.charCodeAt(at);
    let kind: string;
    let length: number;
    if (code === 42 || code === 43 || code === 45) {
      kind = text[at]!;
      length = 1;
    } else {
      const ordered = orderedListMarker(text, at);
      if (
        !ordered ||
        (this.interrupting && ordered.length !== 2) ||
        (this.interrupting && code !== 49)
      ) {
        return false;
      }
      kind = 'o' + ordered.delimiter;
      length = ordered.length;
    }
    const after = at + length;
    if (after < this.end && !isSpaceOrTab(text.charCodeAt(after))) return false;
    if (this.interrupting) {
      let rest = after;
      while (rest < this.end && isSpaceOrTab(text.charCodeAt(rest))) rest++;
      if (rest >= this.end) return false;
    }
    const markerOffset = this.indent;
    this.advanceNextNonspace();
    this.advanceOffset(length, true);
    const spacesStartColumn = this.column;
    const spacesStartOffset = this.offset;
    do {
      this.advanceOffset(1, true);
    } while (this.column - spacesStartColumn < 5 && isSpaceOrTab(this.peek()));
    const blankItem = this.offset >= this.end;
    const spaces = this.column - spacesStartColumn;
    let padding: number;
    if (spaces >= 5 || spaces < 1 || blankItem) {
      padding = length + 1;
      this.column = spacesStartColumn;
      this.offset = spacesStartOffset;
      if (isSpaceOrTab(this.peek())) this.advanceOffset(1, true);
    } else {
      padding = length + spaces;
    }
    this.closeUnmatchedBlocks();
    if (this.tip.type !== LIST || container.listKind !== kind) {
      this.addChild(LIST).listKind = kind;
    }
    const item = this.addChild(ITEM);
    item.listKind = kind;
    item.contentIndent = markerOffset + padding;
    return true;
  }

  /** A GFM delimiter row under a paragraph whose last line is a matching head row. */
  startTable(paragraph: Block): number {
    const text = this.text;
    const cells = delimiterRowCells(text, this.nextNonspace, this.end);
    if (cells < 0) return 0;
    const offsets = paragraph.offsets!;
    const last = offsets.length - 1;
    const headIndent = paragraph.indents![last]!;
    // micromark does not try a table at a paragraph line indented like code.
    if (headIndent >= 4) return 0;
    const headLine = paragraph.startLine + last;
    const headStart = offsets[last]!;
    let headEnd = this.source.lineStarts[headLine + 1]!;
    while (
      headEnd > headStart &&
      (text.charCodeAt(headEnd - 1) === 10 || text.charCodeAt(headEnd - 1) === 13)
    ) {
      headEnd--;
    }
    if (headRowCells(text, headStart, headEnd) !== cells) return 0;
    if (headIndent < 0) {
      this.giveUp('table head on a lazy line');
      return 0;
    }
    // micromark reads the line after a table row as a row or nothing, never as a new head.
    if (headLine === this.lastTableRowLine + 1) {
      this.giveUp('table head right after a table');
      return 0;
    }
    if (htmlBlockType(text, headStart) === 7) {
      this.giveUp('table head is HTML');
      return 0;
    }
    this.closeUnmatchedBlocks();
    this.stack.pop();
    this.addChild(TABLE);
    this.lastTableRowLine = this.line;
    this.offset = this.end;
    return 2;
  }

  /** Adds the rest of the line to the open leaf; `lazy` for a lazy paragraph continuation. */
  addLine(lazy = false): void {
    const tip = this.tip;
    if (tip.type === PARA) {
      (tip.offsets ??= []).push(this.offset);
      // A lazy line's indent is recorded as -1: it may not be a table head.
      (tip.indents ??= []).push(lazy ? -1 : this.indent);
    }
    if (tip.type === PARA || tip.type === TABLE) this.textLines[this.line] = 1;
    if (tip.type === TABLE) this.lastTableRowLine = this.line;
  }

  addChild(type: number): Block {
    while (!canContain(this.tip.type, type)) this.stack.pop();
    this.tip.hasChild = true;
    const block = newBlock(type);
    this.stack.push(block);
    return block;
  }

  /** Adds a heading or thematic break (closed at once); returns its parent. */
  addClosedLeaf(): Block {
    while (!canContain(this.tip.type, CLOSED_LEAF)) this.stack.pop();
    this.tip.hasChild = true;
    return this.tip;
  }

  closeUnmatchedBlocks(): void {
    if (this.allClosed) return;
    this.stack.length = this.matched;
    this.allClosed = true;
  }

  peek(): number {
    return this.offset < this.end ? this.text.charCodeAt(this.offset) : -1;
  }

  findNextNonspace(): void {
    const text = this.text;
    let index = this.offset;
    let column = this.column;
    if (index >= this.spacesFrom && index <= this.spacesTo) {
      // Inside the space run measured last time (every open container looks at the same run:
      // without this, deeply nested lists cost the cube of their depth).
      column += this.spacesTo - index;
      index = this.spacesTo;
    } else {
      let tab = false;
      while (index < this.end) {
        const code = text.charCodeAt(index);
        if (code === 32) column++;
        else if (code === 9) {
          column += 4 - (column % 4);
          tab = true;
        } else break;
        index++;
      }
      // Runs with tabs are not reused: their width depends on the starting column.
      this.spacesFrom = tab ? -1 : this.offset;
      this.spacesTo = tab ? -2 : index;
    }
    this.blank = index >= this.end;
    this.nextNonspace = index;
    this.nextNonspaceColumn = column;
    this.indent = column - this.column;
    this.indented = this.indent >= 4;
  }

  advanceNextNonspace(): void {
    this.offset = this.nextNonspace;
    this.column = this.nextNonspaceColumn;
    this.partiallyConsumedTab = false;
  }

  /** Advances by chars, or by columns (a tab may be consumed partly). */
  advanceOffset(count: number, columns: boolean): void {
    const text = this.text;
    while (count > 0 && this.offset < this.end) {
      if (text.charCodeAt(this.offset) === 9) {
        const toTab = 4 - (this.column % 4);
        if (columns) {
          this.partiallyConsumedTab = toTab > count;
          const advance = toTab > count ? count : toTab;
          this.column += advance;
          this.offset += this.partiallyConsumedTab ? 0 : 1;
          count -= advance;
        } else {
          this.partiallyConsumedTab = false;
          this.column += toTab;
          this.offset += 1;
          count -= 1;
        }
      } else {
        this.partiallyConsumedTab = false;
        this.offset += 1;
        this.column += 1;
        count -= 1;
      }
    }
  }
}
