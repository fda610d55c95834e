// The FTS5 statements of a search, prepared once per connection and shape (how many vault ranges
// to keep and to drop): scored rows, bare rowids, capped counts, and a one-row check. The three
// that only match spell a short prefix out as its terms (`spelledOut`).
import type { Statement } from 'better-sqlite3';
import type { ColumnWeights } from '#shared/contract/api.ts';
import { quote } from '../query/compile.ts';
import { matchWhere, type IndexReader } from '../store/index-reader.ts';
import { and } from './fts-expressions.ts';
import type { RankingOptions } from './ranking.ts';
import { ReaderMemo } from './reader-memo.ts';
import type { Scope } from './topic.ts';

const STATEMENTS = new WeakMap<IndexReader, Map<string, Statement>>();

function prepared(reader: IndexReader, key: string, sql: () => string): Statement {
  let cache = STATEMENTS.get(reader);
  if (!cache) STATEMENTS.set(reader, (cache = new Map()));
  let statement = cache.get(key);
  if (!statement) cache.set(key, (statement = reader.db.prepare(sql())));
  return statement;
}

/** The bm25 weights, in column order: the five of the settings and the context column's. */
export function weightParams(weights: ColumnWeights, context: number): number[] {
  return [weights.title, weights.tags, weights.path, weights.pathComponents, weights.body, context];
}

/**
 * A scored row: rowid, bm25 (positive), and three 1/0 flags, each true when a phrase of the
 * expression is in those columns: `own`, its title or body; `title`, its title; `context`, its
 * title, context, path or path components.
 */
export type ScoredRow = [rowid: number, bm25: number, own: number, title: number, context: number];

/**
 * How a ranked statement orders its rows: by bm25 × (1 + heading × title flag + context × context
 * flag), the score a row holding every wanted operand gets from its flags (ranking.ts
 * `placement`). Every ranked statement takes it from `rowOrderOf`, and the bounds read rows
 * back with `orderOf`.
 */
export interface RowOrder {
  heading: number;
  context: number;
}

/**
 * The row order of a ranking: its `headingWeight` and `contextWeight`. One place, since a common
 * word's top rows are remembered by it (top-rows.ts), and warming ranks them with it too.
 */
export function rowOrderOf(
  options: Pick<RankingOptions, 'headingWeight' | 'contextWeight'>,
): RowOrder {
  return { heading: options.headingWeight, context: options.contextWeight };
}

/** A scored row's order, as its statement ranked it (`RowOrder`). */
export function orderOf([, bm25, , title, context]: ScoredRow, order: RowOrder): number {
  return bm25 * (1 + order.heading * title + order.context * context);
}

/** Statements whose rows are remembered at most (then the memory starts afresh). */
const MAX_SCORED = 64;
/** A statement's rows are remembered when they are at most this many (a ranked page is 400). */
const MAX_SCORED_ROWS = 1_000;
/**
 * Each statement's rows, by its arguments, per reader and index generation: a typed word's
 * statements repeat from one keystroke to the next when what it completes to does ('refer',
 * 'refere', 'reference'; docs/benchmarks.md#typed-prefixes). Callers take copies (they splice).
 */
const SCORED = new ReaderMemo<string, ScoredRow[]>(MAX_SCORED);

/**
 * The rows of `expr` within the scope, best first by `order`, `limit` of them from `offset`
 * (limit -1: all). The order is the score bound of a row holding every wanted word (ranking.ts).
 * Without an order: every row, as FTS5 finds them — sorting a listed word's rows that are all
 * read cost ~25 % of its statement. With `among`, only those rows: FTS5 runs `expr` and skips the
 * others, instead of being asked for each by rowid (~0.5 ms a row on ten copies of msdocs-cpp;
 * both: docs/benchmarks.md#statements-per-search-and-what-they-cost). With `page.least` (ranked), only
 * the rows whose order is at least that: the statement still scores every row, but sorts only
 * those (source-reading.ts `nextRows`).
 */
export function scoredRows(
  reader: IndexReader,
  expr: string,
  scope: Scope,
  weights: number[],
  order: RowOrder | null,
  page: { limit: number; offset: number; least?: number },
  among: number[] | null = null,
): ScoredRow[] {
  if (scope.include !== null && scope.include.length === 0) return [];
  const memo = SCORED.of(reader);
  const memoKey = JSON.stringify([expr, scope, weights, order, page, among]);
  const remembered = memo.get(memoKey);
  if (remembered) return remembered.slice();
  const ranges = scope.include?.length ?? 0;
  const without = notSides(expr);
  const least = order && page.least !== undefined;
  const key = `scored/${ranges}/${scope.exclude.length}/${order ? 'ranked' : 'all'}/${!!among}/${!!without}/${least}`;
  const statement = prepared(
    reader,
    key,
    () =>
      `SELECT rowid, -bm25(fts, ?, ?, ?, ?, ?, ?) AS b, (-bm25(fts, 1, 0, 0, 0, 1, 0) > 0),
        (-bm25(fts, 1, 0, 0, 0, 0, 0) > 0) AS t, (-bm25(fts, 1, 0, 1, 1, 0, 1) > 0) AS c
      FROM fts WHERE ${matchWhere(ranges, scope.exclude.length)}` +
      (without ? ' AND +rowid NOT IN (SELECT rowid FROM fts WHERE fts MATCH ?)' : '') +
      (among ? ' AND +rowid IN (SELECT value FROM json_each(?))' : '') +
      (least ? ' AND b * (1 + ? * t + ? * c) >= ?' : '') +
      (order ? ' ORDER BY b * (1 + ? * t + ? * c) DESC LIMIT ? OFFSET ?' : ''),
  ).raw();
  const params: unknown[] = [...weights, without ? without[0] : expr];
  for (const range of scope.include ?? []) params.push(range.lo, range.hi);
  for (const range of scope.exclude) params.push(range.lo, range.hi);
  if (without) params.push(and(...without));
  if (among) params.push(JSON.stringify(among));
  if (least) params.push(order.heading, order.context, page.least);
  if (order) params.push(order.heading, order.context, page.limit, page.offset);
  const rows = statement.all(...params) as ScoredRow[];
  if (rows.length <= MAX_SCORED_ROWS) memo.set(memoKey, rows.slice());
  return rows;
}

/**
 * The two sides of an expression `(left) NOT (right)` (fts-expressions.ts `not`: the fuzzy and
 * partial sources, a listed word in its title without the other operands); null for any other.
 * Such rows are scored as the left side's rows less those that also match the right side, for two
 * reasons (docs/benchmarks.md#a-not-scored-as-its-left-side):
 * - FTS5 (3.54) drops some of the left side's phrase positions under NOT in some segment layouts:
 *   a row of `("type view" AND ("rvalu" OR "lvalu" OR "valu")) NOT (…)` scored bm25 3.48 and no
 *   title flag that its left side alone scores 3.94 with one, so its bound was below its score;
 * - bm25 counts the rows of each phrase of its expression, and a right side's are often common
 *   words ('{title} : virtual NOT (base OR class)': 2.1 → 0.8 ms,
 *   docs/benchmarks.md#a-new-querys-first-search).
 * Elsewhere the rows and their bm25 are the same: a phrase of the right side adds nothing to a
 * row that does not match it.
 */
function notSides(expr: string): [left: string, right: string] | null {
  if (!expr.startsWith('(')) return null;
  const left = closing(expr, 0);
  const right = left + ' NOT ('.length + 1;
  if (left < 0 || !expr.startsWith(' NOT (', left + 1)) return null;
  if (closing(expr, right - 1) !== expr.length - 1) return null;
  return [expr.slice(1, left), expr.slice(right, -1)];
}

/** Where the parenthesis at `open` closes in an FTS5 expression (quoted strings skipped); -1. */
function closing(expr: string, open: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = open; i < expr.length; i++) {
    const ch = expr[i];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The rowids `expr` matches (no ranking, no scope: callers keep only their candidates). */
export function rowidsOf(reader: IndexReader, expr: string): number[] {
  return reader
    .rowidStatement(0, 0)
    .all(spelledOut(reader, expr), Number.MAX_SAFE_INTEGER) as number[];
}

/** A prefix is spelled out as its terms when it begins at most this many. */
const MAX_SPELLED = 24;
/** Prefixes whose spelling is remembered at most (then the memory starts afresh). */
const MAX_SPELLINGS = 2_000;
/** Each prefix's spelling, per reader and index generation. */
const SPELLINGS = new ReaderMemo<string, string | null>(MAX_SPELLINGS);
/** A single-term prefix phrase (`"refe" *`), not an initial-token one (`^"doc" *`). */
const PREFIX_PHRASE = /(\^?)"([^" ]+)" \*/g;

/**
 * `expr` with each single-term prefix phrase written as the OR of the index terms it begins, when
 * they are few: the same rows, but FTS5 reads each term's doclist as it goes (and skips through
 * it beside a rarer word) instead of merging all of them into one before the first row
 * (docs/benchmarks.md#typed-prefixes). For statements that only match: ranked by bm25, each term
 * would count as a phrase of its own.
 */
function spelledOut(reader: IndexReader, expr: string): string {
  if (!expr.includes('*') || expr.includes('NEAR(')) return expr;
  return expr.replace(
    PREFIX_PHRASE,
    (phrase, initial: string, prefix: string) =>
      (initial ? null : spelling(reader, prefix)) ?? phrase,
  );
}

/** The OR of the index terms `prefix` begins, or null when none or more than `MAX_SPELLED`. */
function spelling(reader: IndexReader, prefix: string): string | null {
  const spellings = SPELLINGS.of(reader);
  let spelled = spellings.get(prefix);
  if (spelled === undefined) {
    const terms = reader.termsBeginning(prefix, MAX_SPELLED + 1);
    spelled =
      terms.length === 0 || terms.length > MAX_SPELLED
        ? null
        : `(${terms.map(([t]) => quote([t])).join(' OR ')})`;
    spellings.set(prefix, spelled);
  }
  return spelled;
}

/** Counts remembered at most (then the memory starts afresh). */
const MAX_COUNTS = 2_000;
/** Each count, by its cap and expression, per reader and index generation. */
const COUNTS = new ReaderMemo<string, number>(MAX_COUNTS);

/**
 * How many rows `expr` matches, counting at most `cap`. Remembered: a typed word's count repeats
 * from one keystroke to the next (docs/benchmarks.md#typed-prefixes).
 */
export function countRows(reader: IndexReader, expr: string, cap: number): number {
  const counts = COUNTS.of(reader);
  const key = `${cap} ${expr}`;
  let count = counts.get(key);
  if (count === undefined) {
    const statement = prepared(
      reader,
      'count',
      () => 'SELECT count(*) FROM (SELECT 1 FROM fts WHERE fts MATCH ? LIMIT ?)',
    ).pluck();
    count = statement.get(spelledOut(reader, expr), cap) as number;
    counts.set(key, count);
  }
  return count;
}

/**
 * True when row `rowid` matches `expr`. The rowid is bound as an integer: FTS5 (3.54) ignores a
 * `rowid = ?` it is given as a REAL, which a JavaScript number above 2^31 is bound as, and the
 * statement then answered for any row as soon as any row matched
 * (docs/search-quality.md#the-passage-check-that-always-passed).
 */
export function rowMatches(reader: IndexReader, expr: string, rowid: number): boolean {
  const statement = prepared(
    reader,
    'row',
    () => 'SELECT 1 FROM fts WHERE fts MATCH ? AND rowid = ?',
  ).pluck();
  return statement.get(spelledOut(reader, expr), BigInt(rowid)) !== undefined;
}

/**
 * False when `expr` holds a prefix FTS5 cannot read cheaply inside a `NEAR` group: one that begins
 * more than `MAX_SPELLED` terms, or an initial-token one. NEAR takes phrases only, so such a
 * prefix cannot be spelled out, and FTS5 merges every doclist it begins before it looks at the
 * one row `rowMatches` asks about: seconds for `a* b* c* d*` over a search's long candidates
 * (docs/benchmarks.md#a-near-check-of-short-prefixes).
 */
export function nearIsCheap(reader: IndexReader, expr: string): boolean {
  for (const [, initial, prefix] of expr.matchAll(PREFIX_PHRASE)) {
    if (initial || spelling(reader, prefix!) === null) return false;
  }
  return true;
}
