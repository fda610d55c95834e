// Running compiled queries against FTS5: the raw matches of SPEC §5 (top N by score, positive,
// times the vault boost), vault filters as rowid ranges, and the operand subsets that find
// partial matches (SPEC §4) most-terms-first.
import type { ColumnWeights } from '../../contract/api.ts';
import { matchExpression, type CompiledOperand, type CompiledQuery } from '../query/compile.ts';
import type { IndexReader } from '../store/index-reader.ts';

/** A row of a raw FTS5 query. */
export interface RawRow {
  id: number;
  score: number;
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

/** Partial matching tries at most this many operand subsets per topic. */
export const MAX_PARTIAL_QUERIES = 24;

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
  const statement = reader.matchStatement(
    include.length,
    scope.exclude.length,
    scope.boosted.length,
  );
  const params: unknown[] = [
    weights.title,
    weights.tags,
    weights.path,
    weights.pathComponents,
    weights.body,
  ];
  for (const range of scope.boosted) params.push(range.lo, range.hi, range.boost);
  params.push(expr);
  for (const range of include) params.push(range.lo, range.hi);
  for (const range of scope.exclude) params.push(range.lo, range.hi);
  params.push(limit);
  return (statement.all(...params) as Array<[number, number]>).map(([id, score]) => ({
    id,
    score,
  }));
}

function* subsets(k: number, size: number): Generator<number[]> {
  const pick = Array.from({ length: size }, (_, i) => i);
  while (true) {
    yield [...pick];
    let i = size - 1;
    while (i >= 0 && pick[i] === k - size + i) i--;
    if (i < 0) return;
    pick[i]!++;
    for (let j = i + 1; j < size; j++) pick[j] = pick[j - 1]! + 1;
  }
}

/** Rows matching some but not all operands, with the operands each matched. */
export interface PartialRow extends RawRow {
  matched: CompiledOperand[];
}

/**
 * Partial matches of a query: rows matching exactly a subset of its operands (negations and
 * filters still hold), larger subsets first, until `limit` rows or the query budget is spent.
 */
export function runPartial(
  reader: IndexReader,
  query: CompiledQuery,
  scope: Scope,
  weights: ColumnWeights,
  limit: number,
): PartialRow[] {
  const operands = query.required;
  const out: PartialRow[] = [];
  let queries = 0;
  for (let size = operands.length - 1; size >= 1 && out.length < limit; size--) {
    const level: PartialRow[] = [];
    for (const pick of subsets(operands.length, size)) {
      if (queries++ >= MAX_PARTIAL_QUERIES) break;
      const chosen = pick.map((i) => operands[i]!);
      const missing = operands.filter((_, i) => !pick.includes(i));
      const expr = matchExpression(query, chosen, missing);
      if (!expr) continue;
      for (const row of runMatch(reader, expr, scope, weights, limit - out.length)) {
        level.push({ ...row, matched: chosen });
      }
    }
    // Within one subset size, the best scores win whichever subset they came from.
    level.sort((a, b) => b.score - a.score);
    out.push(...level.slice(0, limit - out.length));
  }
  return out;
}
