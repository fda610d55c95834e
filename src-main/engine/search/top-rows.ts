// The best rows of a common word, remembered per reader generation (docs/search-quality.md#the-score):
// a word held by too many rows to list them all (`commonRows`) still lends the partial source its
// top `commonTopRows` rows, ranked by the word's own bm25 and heading — the section headed by
// the word ("vector::reserve" for "vector") is among them though it holds no rarer word of the
// query. Ranking all of a common word's rows is what listing it costs; remembered, a word pays
// it once per index state, not once per search.
import type { IndexReader } from '../store/index-reader.ts';
import { scoredRows, type RowOrder, type ScoredRow } from './fts-statements.ts';
import { ReaderMemo } from './reader-memo.ts';
import type { Scope } from './topic.ts';

/** Words whose top rows are remembered at most (then the memory starts afresh). */
export const TOP_ROWS_REMEMBERED = 2_000;

/** Each word's top rows, per reader and index generation. */
const TOP_ROWS = new ReaderMemo<string, ScoredRow[]>(TOP_ROWS_REMEMBERED);

/** How many words' top rows this index state remembers (for the warm-up tests). */
export function rememberedTopRows(reader: IndexReader): number {
  return TOP_ROWS.of(reader).size;
}

/**
 * The best `limit` rows of `expr` within `scope` by `order` (its own bm25 with the column
 * `weights`, and its heading and context), from memory when this index state has read them.
 */
export function topRows(
  reader: IndexReader,
  expr: string,
  scope: Scope,
  weights: number[],
  order: RowOrder,
  limit: number,
): ScoredRow[] {
  const memo = TOP_ROWS.of(reader);
  const key = JSON.stringify([expr, scope, weights, order, limit]);
  let rows = memo.get(key);
  if (!rows) {
    rows = scoredRows(reader, expr, scope, weights, order, { limit, offset: 0 });
    memo.set(key, rows);
  }
  return rows;
}
