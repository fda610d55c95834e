// What a search derives from the index and keeps for the next ones: one map per reader, valid
// while the reader's generation holds (`IndexReader.generation` moves whenever the index changed
// or the caches were dropped), and started afresh past a bound.
import type { IndexReader } from '../store/index-reader.ts';

/** A bounded memo per reader and generation. */
export class ReaderMemo<K, V> {
  private readonly memos = new WeakMap<IndexReader, { generation: number; of: Map<K, V> }>();
  /** Entries kept at most per reader (then the memo starts afresh). */
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  /** The memo of `reader` for its current generation. */
  of(reader: IndexReader): Map<K, V> {
    let memo = this.memos.get(reader);
    if (!memo || memo.generation !== reader.generation) {
      memo = { generation: reader.generation, of: new Map() };
      this.memos.set(reader, memo);
    }
    if (memo.of.size > this.max) memo.of.clear();
    return memo.of;
  }
}
