// Proximity evidence: long nodes are judged by their best passage. Folio's unit is the section; a
// node of many pages without headings (a meeting transcript, an exported log, a .txt file) holds
// almost any handful of words somewhere, so "all the words are in it" says little about it. Such
// a node holds a set of wanted operands only when they occur together within one passage;
// otherwise it counts as holding the largest set that does (docs/search-quality.md#the-score).
import type { Analyzer } from '../analysis/analyzer.ts';
import { decodeUtf8 } from '../analysis/utf8.ts';
import type { ByteRange } from '../chunk/types.ts';
import type { CompiledOperand, HighlightTerm } from '../query/compile.ts';
import { bodyRangesOf, type NodeRow } from '../store/node-rows.ts';
import { createMatcher, MAX_SCAN_BYTES, scanEnd, type Matcher } from './highlight.ts';

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
  const { at, operand } = occurrencesInOrder(starts);
  const inWindow = new Array<number>(starts.length).fill(0);
  let distinct = 0;
  let best: number[] = [];
  let from = 0;
  for (let i = 0; i < at.length; i++) {
    if (inWindow[operand[i]!]!++ === 0) distinct++;
    while (at[from]! < at[i]! - window) {
      if (--inWindow[operand[from]!]! === 0) distinct--;
      from++;
    }
    if (distinct > best.length) best = inWindow.flatMap((n, j) => (n > 0 ? [j] : []));
  }
  return best;
}

/**
 * Every occurrence of `starts` by position, ties in operand order, then in list order (a stable
 * sort's order). Lists found in text order (the usual case) are merged rather than sorted: a long
 * note's lists hold thousands each.
 */
function occurrencesInOrder(starts: number[][]): { at: Float64Array; operand: Int32Array } {
  let total = 0;
  for (const list of starts) total += list.length;
  const at = new Float64Array(total);
  const operand = new Int32Array(total);
  const sorted = starts.every((list) => list.every((v, i) => i === 0 || list[i - 1]! <= v));
  if (!sorted) {
    const events: Array<[at: number, operand: number]> = [];
    starts.forEach((list, op) => {
      for (const a of list) events.push([a, op]);
    });
    events.sort((a, b) => a[0] - b[0]);
    events.forEach(([a, op], i) => ((at[i] = a), (operand[i] = op)));
    return { at, operand };
  }
  const next = new Array<number>(starts.length).fill(0);
  for (let i = 0; i < total; i++) {
    let pick = -1;
    for (let op = 0; op < starts.length; op++) {
      const list = starts[op]!;
      if (next[op]! < list.length && (pick < 0 || list[next[op]!]! < starts[pick]![next[pick]!]!))
        pick = op;
    }
    at[i] = starts[pick]![next[pick]!]!;
    operand[i] = pick;
    next[pick]!++;
  }
  return { at, operand };
}

/** A node's own text as passages read it (`ownText`), whether it was cut, whether all ASCII. */
interface OwnText {
  text: string;
  cut: boolean;
  ascii: boolean;
}

/**
 * The text of a node's heading line and own body, as indexed: its first `MAX_SCAN_BYTES` (a
 * passage is looked for there, as a result's matches are — a 30 MB note must not be decoded and
 * scanned whole by every search that meets it); `cut` when there was more.
 */
function ownText(row: NodeRow, content: Uint8Array): OwnText {
  const body = bodyRangesOf(row);
  const ranges = row.depth > 0 ? [[row.heading_start, row.byte_start] as ByteRange, ...body] : body;
  const texts: string[] = [];
  let budget = MAX_SCAN_BYTES;
  let cut = false;
  let ascii = true;
  for (const [s, e] of ranges) {
    if (budget <= 0) {
      cut ||= e > s;
      continue;
    }
    const end = scanEnd(content, s, Math.min(e, s + budget, content.length));
    cut ||= end < e;
    const decoded = decodeUtf8(content, s, end);
    texts.push(decoded.text);
    ascii &&= decoded.ascii;
    budget -= end - s;
  }
  return { text: texts.join('\n'), cut, ascii };
}

/** Occurrences of one operand looked at for passages at most. */
const MAX_OCCURRENCES = 10_000;

/**
 * What one search has read of long nodes for their passages: each node's own text decoded once,
 * each operand's occurrences in it found once. Every topic of a request checks the same long
 * nodes, mostly for the same words: a request of 32 topics over one 30 MB note decoded and
 * scanned its first MiB 32 times (docs/benchmarks.md#huge-notes). One lives as long as its
 * search (`SearchTree.passages`); results are the same as without it.
 */
export class PassageTexts {
  private readonly texts = new Map<number, OwnText>();
  private readonly found = new Map<string, number[]>();
  private readonly matchers = new Map<string, Matcher>();
  private readonly lists = new Map<number[], number>();
  private readonly passages = new Map<string, number[]>();

  /** The own text of `row` (`content`: its file's bytes, read only when not yet decoded). */
  ownText(row: NodeRow, content: () => Uint8Array): OwnText {
    let own = this.texts.get(row.id);
    if (!own) this.texts.set(row.id, (own = ownText(row, content())));
    return own;
  }

  /** Where an operand's highlight terms start in `row`'s own text (its first occurrences). */
  starts(row: NodeRow, own: OwnText, highlights: HighlightTerm[], analyzer: Analyzer): number[] {
    const terms = JSON.stringify(highlights);
    const key = `${row.id} ${terms}`;
    let starts = this.found.get(key);
    if (!starts) {
      let matcher = this.matchers.get(terms);
      if (!matcher) this.matchers.set(terms, (matcher = createMatcher(highlights, analyzer)));
      starts = matcher.findIn(own.text, own.ascii, MAX_OCCURRENCES).map(([start]) => start);
      this.found.set(key, starts);
    }
    return starts;
  }

  /** `bestPassage` of `row` over lists `starts` gave (empty lists: operands left out), once. */
  bestPassage(row: NodeRow, starts: number[][], window: number): number[] {
    const ids = starts.map((list) => {
      if (list.length === 0) return -1;
      let id = this.lists.get(list);
      if (id === undefined) this.lists.set(list, (id = this.lists.size));
      return id;
    });
    const key = `${row.id} ${window} ${ids.join(',')}`;
    let best = this.passages.get(key);
    if (!best) this.passages.set(key, (best = bestPassage(starts, window)));
    return best;
  }
}

/**
 * How far into its file `ownText` reads a node (a byte past its last range, for `scanEnd`): the
 * content a passage needs is only that prefix of a huge note (`IndexReader.contentUpTo`).
 */
export function ownTextEnd(row: NodeRow): number {
  let end = row.depth > 0 ? row.byte_start : 0;
  let budget = MAX_SCAN_BYTES;
  for (const [s, e] of bodyRangesOf(row)) {
    if (budget <= 0) break;
    const stop = Math.min(e, s + budget);
    end = Math.max(end, stop + 1);
    budget -= stop - s;
  }
  return end;
}

/** A node whose passages are checked. */
export interface PassageNode {
  row: NodeRow;
  /** Its file's bytes, at least up to `ownTextEnd(row)` (read only when its text is needed). */
  content: () => Uint8Array;
  /**
   * The cheap test of a `NEAR` group on the node's row: true when the operands share one
   * passage; false leaves it to the text, also when the test would not be cheap.
   */
  near: (expr: string) => boolean;
}

/** What one search's passage checks share. */
export interface PassageContext {
  analyzer: Analyzer;
  options: PassageOptions;
  /** What the search has read of long nodes (`SearchTree.passages`). */
  texts: PassageTexts;
}

/**
 * True when a node holding `held` operands is judged by its best passage: it is longer than
 * `longNodeTokens` and holds two or more (one operand is in any passage that holds it).
 */
export function judgedByPassages(row: NodeRow, held: number, options: PassageOptions): boolean {
  return row.token_estimate > options.longNodeTokens && held > 1;
}

/**
 * The operands (indexes into `operands`) a node really holds: all of `matched` for a node not
 * `judgedByPassages`; for the others, those of `matched` that share its best passage.
 */
export function passageOperands(
  node: PassageNode,
  operands: readonly CompiledOperand[],
  matched: readonly number[],
  { analyzer, options, texts }: PassageContext,
): number[] {
  const { row, content, near } = node;
  if (!judgedByPassages(row, matched.length, options)) return [...matched];
  const expr = nearExpression(
    matched.map((i) => operands[i]!),
    options.passageTokens,
  );
  if (expr !== null && near(expr)) return [...matched];
  const own = texts.ownText(row, content);
  const { cut } = own;
  const starts = matched.map((i) => texts.starts(row, own, operands[i]!.highlights, analyzer));
  // A term found only in the path, tags or title columns is in every passage (when the text was
  // cut, it may be past the cut: then it is in none).
  const everywhere = starts.map((list) => list.length === 0 && !cut);
  const local = texts.bestPassage(
    row,
    starts.map((list, i) => (everywhere[i] ? [] : list)),
    options.passageChars,
  );
  return matched.filter((_, i) => everywhere[i] || local.includes(i));
}
