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
// - a table whose head row is a lazy continuation line, the line after a table row, or a complete
//   HTML tag line (micromark ends the paragraph for the table, then reads the line as HTML).
// The cross-check tests compare both paths on every corpus file and on generated markdown.
import type { BlockFacts } from './block-facts.ts';
import { parseStart } from './block-facts.ts';
import { closingFenceLength, endsHtmlBlock } from './block-lines.ts';
import {
  acceptsLines,
  FENCE,
  HTML,
  ICODE,
  ITEM,
  PARA,
  QUOTE,
  Scanner,
  special,
  TABLE,
  isLeaf,
  isSpaceOrTab,
  type Block,
} from './block-scan-state.ts';
import { mayStartDefinition, tryStarts } from './block-starts.ts';
import type { SourceText } from './source-text.ts';

/** Block facts of lines `[startLine, lineCount)`, or null when micromark must decide. */
export function scanBlockFacts(source: SourceText, startLine: number): BlockFacts | null {
  const from = parseStart(source, startLine);
  const scanner = new Scanner(source);
  for (let line = startLine; line < source.lineCount && scanner.exact; line++) {
    incorporateLine(scanner, line, line === startLine ? from : source.lineStarts[line]!);
  }
  lastGiveUp = scanner.reason;
  return scanner.exact ? { headings: scanner.headings, textLines: scanner.textLines } : null;
}

/** Why the last `scanBlockFacts` call returned null (diagnostics for tests and benchmarks). */
export let lastGiveUp = '';

/**
 * Reads one line into the open blocks (commonmark.js `incorporateLine`, in its four steps: start
 * the line, match the open containers, open new blocks, add the rest of the line).
 */
export function incorporateLine(s: Scanner, line: number, start: number): void {
  startLine(s, line, start);
  const matched = matchOpenBlocks(s);
  if (matched === -1) return; // a fence closed on this line
  s.allClosed = matched === s.stack.length;
  s.matched = matched;
  s.findNextNonspace();
  const blankLine = s.blank;
  // After a blank line closed an empty list item, micromark still has the item open until the
  // next non-blank line, which therefore leaves a container.
  const leftItem = s.itemClosedByBlank && !blankLine;
  if (!blankLine) s.itemClosedByBlank = false;
  const allMatched = s.allClosed && !leftItem;
  s.lineAllMatched = allMatched;
  const leafOpen = isLeaf(s.oldTipType) ? 1 : 0;
  s.interrupting =
    !leftItem &&
    matched >= s.stack.length - leafOpen &&
    (s.oldTipType === PARA || s.oldTipType === ICODE);
  const container = openNewBlocks(s, s.stack[matched - 1]!);
  if (!allMatched && !blankLine && s.tip.type === PARA) {
    s.addLine(true); // a lazy paragraph continuation line
    return;
  }
  s.closeUnmatchedBlocks();
  addLineText(s, container, line);
}

/** Resets the scanner's per-line state for `line`, which starts at `start`. */
function startLine(s: Scanner, line: number, start: number): void {
  const text = s.text;
  let end = s.source.lineStarts[line + 1]!;
  if (end > start && text.charCodeAt(end - 1) === 10) end--;
  if (end > start && text.charCodeAt(end - 1) === 13) end--;
  s.line = line;
  s.end = end;
  s.offset = start;
  s.column = 0;
  s.blank = false;
  s.partiallyConsumedTab = false;
  s.oldTipType = s.tip.type;
  s.spacesFrom = -1;
  s.spacesTo = -2;
}

/** How many open blocks (the document included) this line continues; -1 when it closed a fence. */
function matchOpenBlocks(s: Scanner): number {
  let matched = 1;
  while (matched < s.stack.length) {
    s.findNextNonspace();
    const result = continueBlock(s, s.stack[matched]!);
    if (result === 2) {
      s.itemClosedByBlank = false;
      return -1;
    }
    if (result === 1) break;
    matched++;
  }
  return matched;
}

/** Opens the blocks that start on this line inside `container`; returns the innermost. */
function openNewBlocks(s: Scanner, container: Block): Block {
  let matchedLeaf =
    container.type !== PARA && container.type !== TABLE && acceptsLines(container.type);
  while (!matchedLeaf) {
    s.findNextNonspace();
    const code = s.text.charCodeAt(s.nextNonspace);
    if (!s.indented && !(code < 128 && special[code] === 1)) {
      s.advanceNextNonspace();
      break;
    }
    const result = tryStarts(s, container);
    if (result === 0) {
      s.advanceNextNonspace();
      break;
    }
    container = s.tip;
    if (result === 2) matchedLeaf = true;
  }
  return container;
}

/** Adds what is left of the line to `container`, or to a new paragraph. */
function addLineText(s: Scanner, container: Block, line: number): void {
  const text = s.text;
  if (acceptsLines(container.type)) {
    s.addLine();
    if (container.type === HTML && endsHtmlBlock(container.htmlType, text, s.offset, s.end)) {
      s.stack.pop();
    }
  } else if (s.offset < s.end && !s.blank) {
    s.addChild(PARA).startLine = line;
    s.advanceNextNonspace();
    // Definitions change inline parsing and setext headings; micromark reads those files.
    if (text.charCodeAt(s.offset) === 91 && mayStartDefinition(text, s.offset)) {
      s.giveUp('definition');
    }
    s.addLine();
  }
}

/** 0: the block continues on this line; 1: it does not; 2: the line closed it (fence). */
function continueBlock(s: Scanner, block: Block): number {
  const text = s.text;
  switch (block.type) {
    case QUOTE:
      if (s.indented || text.charCodeAt(s.nextNonspace) !== 62) return 1;
      s.advanceNextNonspace();
      s.advanceOffset(1, false);
      if (isSpaceOrTab(s.peek())) s.advanceOffset(1, true);
      return 0;
    case ITEM:
      if (s.blank) {
        if (!block.hasChild) {
          // micromark closes it only at the next non-blank line, which is then "lazy".
          s.itemClosedByBlank = true;
          return 1;
        }
        s.advanceNextNonspace();
      } else if (s.indent >= block.contentIndent) {
        s.advanceOffset(block.contentIndent, true);
      } else {
        return 1;
      }
      return 0;
    case FENCE: {
      if (
        s.indent <= 3 &&
        text.charCodeAt(s.nextNonspace) === block.fenceChar &&
        closingFenceLength(text, s.nextNonspace) >= block.fenceLength
      ) {
        s.stack.pop();
        return 2;
      }
      for (let skip = block.fenceOffset; skip > 0 && isSpaceOrTab(s.peek()); skip--) {
        s.advanceOffset(1, true);
      }
      return 0;
    }
    case ICODE:
      if (s.indent >= 4) s.advanceOffset(4, true);
      else if (s.blank) s.advanceNextNonspace();
      else return 1;
      return 0;
    case HTML:
      return s.blank && (block.htmlType === 6 || block.htmlType === 7) ? 1 : 0;
    case PARA:
    case TABLE:
      return s.blank ? 1 : 0;
    default:
      return 0;
  }
}
