// The state of the fast block scanner (`block-scan.ts`) and its primitive moves, ported from
// commonmark.js's block parser: the open blocks, the position on the current line in chars and
// columns (tabs count to the next multiple of four), and adding or closing blocks.
import type { HeadingLine } from './block-facts.ts';
import type { SourceText } from './source-text.ts';

// Block types (numbers, for monomorphic code). Headings and thematic breaks close on their own
// line and are never kept open.
export const DOC = 0;
export const QUOTE = 1;
export const LIST = 2;
export const ITEM = 3;
export const PARA = 4;
export const FENCE = 5;
export const ICODE = 6;
export const HTML = 7;
export const TABLE = 8;
export const CLOSED_LEAF = 9;

/** An open block. One shape for every type keeps property access monomorphic. */
export interface Block {
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

/** A fresh open block of `type`. */
export function newBlock(type: number): Block {
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

/** Leaf blocks take the rest of a line as content. */
export const acceptsLines = (type: number) => type >= PARA && type <= TABLE;
/** Leaves are exactly the blocks that take lines. */
export const isLeaf = acceptsLines;
/** Which blocks may hold which (lists hold items only; leaves hold nothing). */
export const canContain = (parent: number, child: number) =>
  parent === LIST
    ? child === ITEM
    : (parent === DOC || parent === QUOTE || parent === ITEM) && child !== ITEM;

/**
 * Chars that may start a block other than a paragraph: commonmark.js's `reMaybeSpecial`, plus
 * `|:` for tables and `[` for footnote definitions.
 */
export const special = new Uint8Array(128);
for (const char of '#`~*+_=<>-|:[0123456789') special[char.charCodeAt(0)] = 1;

/** Space or tab, the only whitespace of block syntax. */
export const isSpaceOrTab = (code: number) => code === 32 || code === 9;

/** The open blocks, the position on the current line, and what has been found so far. */
export class Scanner {
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
