// Proximity evidence: long nodes are judged by their best passage. Folio's unit is the section; a
// node of many pages without headings (a meeting transcript, an exported log, a .txt file) holds
// almost any handful of words somewhere, so "all the words are in it" says little about it. Such
// a node holds a set of wanted operands only when they occur together within one passage;
// otherwise it counts as holding the largest set that does (docs/search-quality.md#the-score).
import type { Analyzer } from '../analysis/analyzer.ts';
import { decodeUtf8 } from '../analysis/utf8.ts';
import type { ByteRange } from '../chunk/types.ts';
import type { CompiledOperand } from '../query/compile.ts';
import type { NodeRow } from '../store/node-rows.ts';
import { createMatcher } from './highlight.ts';
import { MAX_SCAN_BYTES, scanEnd } from './results.ts';

/** What passages are (`RankingOptions`). */
export interface PassageOptions {
  /** Nodes longer than this many tokens are judged by passages. */
  longNodeTokens: number;
  /** A passage in characters (the text check). */
  passageChars: number;
  /** A passage in tokens, for FTS5's `NEAR` (tokens between the first and the last phrase). */
  passageTokens: number;
}

const SIMPLE_PHRASE = /^"(?:[^"]|"")*"(?: \*)?$/;

/**
 * An FTS5 `NEAR` group of the operands: it matches a node where they all occur within one
 * passage of a column — the cheap test, run before reading any text. Null when an operand is
 * not a plain phrase (an `OR` group, fuzzy variants, a column filter): then the text decides.
 */
export function nearExpression(
  operands: readonly CompiledOperand[],
  tokens: number,
): string | null {
  if (!operands.every((op) => SIMPLE_PHRASE.test(op.expr))) return null;
  return `NEAR(${operands.map((op) => op.expr).join(' ')}, ${tokens})`;
}

/**
 * The largest set of operands (by index) whose occurrences fit in one window of `window`
 * characters. `starts[i]` lists where operand i occurs, in any order.
 */
export function bestPassage(starts: number[][], window: number): number[] {
  const events: Array<[at: number, operand: number]> = [];
  starts.forEach((list, operand) => {
    for (const at of list) events.push([at, operand]);
  });
  events.sort((a, b) => a[0] - b[0]);
  const inWindow = new Array<number>(starts.length).fill(0);
  let distinct = 0;
  let best: number[] = [];
  let from = 0;
  for (const [at, operand] of events) {
    if (inWindow[operand]!++ === 0) distinct++;
    while (events[from]![0] < at - window) {
      if (--inWindow[events[from]![1]]! === 0) distinct--;
      from++;
    }
    if (distinct > best.length) best = inWindow.flatMap((n, i) => (n > 0 ? [i] : []));
  }
  return best;
}

/**
 * The text of a node's heading line and own body, as indexed: its first `MAX_SCAN_BYTES` (a
 * passage is looked for there, as a result's matches are — a 30 MB note must not be decoded and
 * scanned whole by every search that meets it); `cut` when there was more.
 */
function ownText(row: NodeRow, content: Uint8Array): { text: string; cut: boolean } {
  const ranges: ByteRange[] = JSON.parse(row.body_ranges) as ByteRange[];
  if (row.depth > 0) ranges.unshift([row.heading_start, row.byte_start]);
  const texts: string[] = [];
  let budget = MAX_SCAN_BYTES;
  let cut = false;
  for (const [s, e] of ranges) {
    if (budget <= 0) {
      cut ||= e > s;
      continue;
    }
    const end = scanEnd(content, s, Math.min(e, s + budget, content.length));
    cut ||= end < e;
    texts.push(decodeUtf8(content, s, end).text);
    budget -= end - s;
  }
  return { text: texts.join('\n'), cut };
}

/**
 * How far into its file `ownText` reads a node (a byte past its last range, for `scanEnd`): the
 * content a passage needs is only that prefix of a huge note (`IndexReader.contentUpTo`).
 */
export function ownTextEnd(row: NodeRow): number {
  let end = row.depth > 0 ? row.byte_start : 0;
  let budget = MAX_SCAN_BYTES;
  for (const [s, e] of JSON.parse(row.body_ranges) as ByteRange[]) {
    if (budget <= 0) break;
    const stop = Math.min(e, s + budget);
    end = Math.max(end, stop + 1);
    budget -= stop - s;
  }
  return end;
}

/** Occurrences of one operand looked at for passages at most. */
const MAX_OCCURRENCES = 10_000;

/**
 * The operands (indexes into `operands`) a node really holds: all of `matched` for a node of
 * ordinary length; for a long one, those of `matched` that share its best passage.
 */
export function passageOperands(
  row: NodeRow,
  content: () => Uint8Array,
  operands: readonly CompiledOperand[],
  matched: readonly number[],
  analyzer: Analyzer,
  near: (expr: string) => boolean,
  options: PassageOptions,
): number[] {
  if (row.token_estimate <= options.longNodeTokens || matched.length < 2) return [...matched];
  const expr = nearExpression(
    matched.map((i) => operands[i]!),
    options.passageTokens,
  );
  if (expr !== null && near(expr)) return [...matched];
  const { text, cut } = ownText(row, content());
  const starts = matched.map((i) =>
    createMatcher(operands[i]!.highlights, analyzer)
      .findIn(text, false, MAX_OCCURRENCES)
      .map(([start]) => start),
  );
  // A term found only in the path, tags or title columns is in every passage (when the text was
  // cut, it may be past the cut: then it is in none).
  const everywhere = starts.map((list) => list.length === 0 && !cut);
  const local = bestPassage(
    starts.map((list, i) => (everywhere[i] ? [] : list)),
    options.passageChars,
  );
  return matched.filter((_, i) => everywhere[i] || local.includes(i));
}
