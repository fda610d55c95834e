// Running compiled queries against FTS5: the raw matches of SPEC §5 (top N by score, positive,
// times the vault boost), vault filters as rowid ranges, and the operand subsets that find
// partial matches (SPEC §4) most-terms-first.
import type { ColumnWeights } from '#shared/contract/api.ts';
import { matchExpression, type CompiledOperand, type CompiledQuery } from '../query/compile.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { ENGINE_DEFAULTS } from '../settings/settings.ts';
import { matchStatement, weightParams } from './match-statement.ts';

/** A row of a raw FTS5 query. */
export interface RawRow {
  id: number;
  score: number;
  /**
   * True when a matched term is in the node's own title or body; false when the row matched
   * only through the words of its document (path, tags) or of its context (`search-run.ts`).
   */
  own: boolean;
}

/**
 * A row as a class instance, not an object literal: V8 may decide early on that a literal's
 * objects live long and allocate them in the old generation from then on ("pretenuring" — it
 * did for these, while the first searches ran). Old rows pointing at young numbers kept those
 * alive through every young collection: ~4 MB promoted and 3–4 ms pauses every ~40 searches.
 * Instances of a class are always allocated young.
 */
class Row implements RawRow {
  id: number;
  score: number;
  own: boolean;

  constructor(id: number, score: number, own: boolean) {
    this.id = id;
    this.score = score;
    this.own = own;
  }
}

/** A partial match's row (see `Row`). */
class PartialMatchRow extends Row implements PartialRow {
  matched: CompiledOperand[];

  constructor(row: RawRow, matched: CompiledOperand[]) {
    super(row.id, row.score, row.own);
    this.matched = matched;
  }
}

/** A half-open rowid range `[lo, hi)` and its ranking multiplier. */
export interface VaultRange {
  lo: number;
  hi: number;
  boost: number;
}

/** Where a topic may match: vault ranges to keep (null: all) and to drop. */
export interface Scope {
  include: VaultRange[] | null;
  exclude: VaultRange[];
  /** Vaults whose boost is not 1 (the score multiplier). */
  boosted: VaultRange[];
}

/** Runs one FTS5 expression: the top `limit` rows by boosted score. */
export function runMatch(
  reader: IndexReader,
  expr: string,
  scope: Scope,
  weights: ColumnWeights,
  limit: number,
): RawRow[] {
  if (scope.include !== null && scope.include.length === 0) return [];
  const include = scope.include ?? [];
  const statement = matchStatement(reader, {
    rangeCount: include.length,
    excludeCount: scope.exclude.length,
    boostCount: scope.boosted.length,
  });
  const params: unknown[] = weightParams(weights, ENGINE_DEFAULTS.contextWeight);
  for (const range of scope.boosted) params.push(range.lo, range.hi, range.boost);
  params.push(expr);
  for (const range of include) params.push(range.lo, range.hi);
  for (const range of scope.exclude) params.push(range.lo, range.hi);
  params.push(limit);
  const rows = statement.all(...params) as Array<[number, number, number]>;
  return rows.map(([id, score, own]) => new Row(id, score, own > 0));
}

/** The top `limit` rows matching every required operand. */
export function runRequired(
  reader: IndexReader,
  query: CompiledQuery,
  scope: Scope,
  weights: ColumnWeights,
  limit: number,
): RawRow[] {
  const expr = matchExpression(query);
  if (!expr) return [];
  return runMatch(reader, expr, scope, weights, limit);
}

/** Rows matching some but not all operands, with the operands each matched. */
export interface PartialRow extends RawRow {
  matched: CompiledOperand[];
}

/**
 * Operands matching more rows than this are "common": their rows are not listed in full, only
 * where they meet a rarer operand's rows (a partial match must hold at least one rarer operand,
 * unless every operand is common).
 */
export const PARTIAL_LIST_CAP = 5_000;
/** Scored queries (one per combination of matched operands) a partial search runs at most. */
export const MAX_PARTIAL_QUERIES = 64;

/** The rowids an expression matches within the scope, at most `limit`. */
export function rowids(reader: IndexReader, expr: string, scope: Scope, limit: number): number[] {
  if (scope.include !== null && scope.include.length === 0) return [];
  const include = scope.include ?? [];
  const params: unknown[] = [expr];
  for (const range of include) params.push(range.lo, range.hi);
  for (const range of scope.exclude) params.push(range.lo, range.hi);
  params.push(limit);
  return reader.rowidStatement(include.length, scope.exclude.length).all(...params) as number[];
}

/**
 * Which operands each candidate row matches, as a bit mask (bit i: operand i). Candidates are
 * the rows of the rarer operands (all rows of each, found without ranking); a common operand is
 * looked up only among them.
 */
function memberships(
  reader: IndexReader,
  query: CompiledQuery,
  operands: readonly CompiledOperand[],
  scope: Scope,
  cap: number,
): Map<number, number> {
  const lists = operands.map((op) => rowids(reader, matchExpression(query, [op])!, scope, cap + 1));
  let rare = operands.flatMap((_, i) => (lists[i]!.length <= cap ? [i] : []));
  if (rare.length === 0) rare = operands.map((_, i) => i);
  const masks = new Map<number, number>();
  const mark = (ids: number[], bit: number) => {
    for (const id of ids) masks.set(id, (masks.get(id) ?? 0) | bit);
  };
  const anyRare = `(${rare.map((i) => operands[i]!.expr).join(' OR ')})`;
  operands.forEach((op, i) => {
    if (lists[i]!.length <= cap) mark(lists[i]!, 1 << i);
    else {
      const among = { ...query, required: [{ ...op, expr: `(${op.expr}) AND ${anyRare}` }] };
      mark(rowids(reader, matchExpression(among)!, scope, Number.MAX_SAFE_INTEGER), 1 << i);
    }
  });
  return masks;
}

const bitCount = (mask: number) => {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
};

/**
 * Partial matches of a query (SPEC §4): rows missing some required operand (negations, field
 * words and filters still hold), more matched required operands first, then score. Only combinations of operands that some row really holds are queried for scores. `listCap`: see
 * `PARTIAL_LIST_CAP`.
 */
export function runPartial(
  reader: IndexReader,
  query: CompiledQuery,
  scope: Scope,
  weights: ColumnWeights,
  limit: number,
  listCap = PARTIAL_LIST_CAP,
): PartialRow[] {
  const operands = query.required;
  if (operands.length < 2 || operands.length > 30) return [];
  const all = (1 << operands.length) - 1; // every operand: the rows of `runRequired`
  // Field words (`title:guide`) are filters: every partial match holds them all.
  const filters = operands.reduce((mask, op, i) => (op.filter ? mask | (1 << i) : mask), 0);
  if (filters === all) return [];
  const countOf = bitCount;
  const groups = new Set<number>(); // the matched masks some row holds exactly
  for (const mask of memberships(reader, query, operands, scope, listCap).values()) {
    if ((mask & all) !== all && (mask & filters) === filters) groups.add(mask);
  }
  const masks = [...groups].sort(
    (a, b) => countOf(b) - countOf(a) || bitCount(b) - bitCount(a) || a - b,
  );
  const out: PartialRow[] = [];
  let queries = 0;
  for (let at = 0; at < masks.length && out.length < limit;) {
    // One level: every combination with the same number of required operands; best scores win.
    const size = countOf(masks[at]!);
    const level: PartialRow[] = [];
    for (; at < masks.length && countOf(masks[at]!) === size; at++) {
      if (queries++ >= MAX_PARTIAL_QUERIES) break;
      const chosen = operands.filter((_, i) => masks[at]! & (1 << i));
      const missing = operands.filter((_, i) => !(masks[at]! & (1 << i)));
      const expr = matchExpression(query, chosen, missing)!;
      const matched = chosen.filter((op) => query.required.includes(op));
      for (const row of runMatch(reader, expr, scope, weights, limit - out.length)) {
        level.push(new PartialMatchRow(row, matched));
      }
    }
    level.sort((a, b) => b.score - a.score);
    out.push(...level.slice(0, limit - out.length));
    if (queries > MAX_PARTIAL_QUERIES) break;
  }
  return out;
}
