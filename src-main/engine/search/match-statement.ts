// The ranked FTS5 query of raw matches: `-bm25()` with the weight of every column — the five of
// SPEC §3 from the settings and the context column's own — times the vault boost, top N.
// Prepared once per connection and shape (how many vault ranges, exclusions and boosts).
import type { Statement } from 'better-sqlite3';
import type { ColumnWeights } from '#shared/contract/api.ts';
import { matchWhere, type IndexReader } from '../store/index-reader.ts';

const STATEMENTS = new WeakMap<IndexReader, Map<string, Statement>>();

/** The shape of a raw FTS5 query. */
export interface MatchShape {
  /** Vault ranges to keep (none: all). */
  rangeCount: number;
  /** Vault ranges to drop. */
  excludeCount: number;
  /** Vaults whose score is multiplied by their boost. */
  boostCount: number;
}

/**
 * The statement of a raw FTS5 query: rows `[rowid, score, own]`, where `own` > 0 when a phrase
 * occurs in the row's own title or body (not only in the words of its document or ancestors).
 * Parameters: the six column weights, (lo, hi, boost) per boost, the expression, (lo, hi) per
 * range and per exclusion, the limit.
 */
export function matchStatement(reader: IndexReader, shape: MatchShape): Statement {
  const { rangeCount, excludeCount, boostCount } = shape;
  let cache = STATEMENTS.get(reader);
  if (!cache) STATEMENTS.set(reader, (cache = new Map()));
  const key = `${rangeCount}/${excludeCount}/${boostCount}`;
  let statement = cache.get(key);
  if (!statement) {
    const where = matchWhere(rangeCount, excludeCount);
    const boost = boostCount
      ? ` * (CASE ${Array.from({ length: boostCount }, () => 'WHEN rowid >= ? AND rowid < ? THEN ?').join(' ')} ELSE 1.0 END)`
      : '';
    // Rows as arrays: the node facts come from the brief cache. `own` weighs only the title and
    // body columns, whatever the settings: it tells where the words are, it does not rank.
    statement = reader.db
      .prepare(
        `SELECT rowid, -bm25(fts, ?, ?, ?, ?, ?, ?)${boost} AS score,
          -bm25(fts, 1, 0, 0, 0, 1, 0) AS own
        FROM fts WHERE ${where} ORDER BY score DESC LIMIT ?`,
      )
      .raw();
    cache.set(key, statement);
  }
  return statement;
}

/** The bm25 weights, in column order. */
export function weightParams(weights: ColumnWeights, context: number): number[] {
  return [weights.title, weights.tags, weights.path, weights.pathComponents, weights.body, context];
}
