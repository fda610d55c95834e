// What the first keystrokes of a new word would load, loaded before they are typed
// (docs/design.md#warming-before-typing): the index's nodes, their ancestors and files, into the
// tree's memory (`tree.ts`), and each node's heading terms (`heading-match.ts`), a batch at a
// time in rowid order — what a search loads for its candidates, so searches then find them there.
import type { Analyzer } from '../analysis/analyzer.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { headingTermsOf } from './heading-match.ts';
import { MAX_KNOWN_NODES, SearchTree } from './tree.ts';
import { IndexWalk, type WarmStep } from './warm-walk.ts';

/** Nodes per step: ~40 µs each cold on msdocs-cpp (load and heading terms), ~2.5 ms a step. */
const WARM_BATCH = 64;

/**
 * Nodes warmed at most: half of what the tree keeps, so that searches' own loads do not push it
 * past its bound (where it starts afresh). All of msdocs-cpp's 113k nodes but 13k; a tenth of a
 * million-section index.
 */
const WARM_NODES = MAX_KNOWN_NODES / 2;

/** Walks the index's nodes for one index state, a batch per step. */
export class NodeWarming extends IndexWalk {
  private readonly analyzer: () => Analyzer;
  private readonly bound: number;
  /** The last node id warmed (ids are ≥ 0). */
  private after = -1;

  constructor(reader: IndexReader, analyzer: () => Analyzer, bound = WARM_NODES) {
    super(reader);
    this.analyzer = analyzer;
    this.bound = bound;
  }

  protected rewind(): void {
    this.after = -1;
  }

  /** Warms the next batch: `changed` when the index changed, `done` at the end or the bound. */
  step(): WarmStep {
    if (this.changed()) return 'changed';
    const tree = new SearchTree(this.reader);
    if (tree.loadedCount >= this.bound) return 'done';
    const ids = this.reader.nodeIdsAfter(this.after, WARM_BATCH);
    if (ids.length === 0) return 'done';
    tree.load(ids);
    const analyzer = this.analyzer();
    for (const id of ids) {
      const key = tree.keyOf(id);
      if (key !== undefined) headingTermsOf(tree, key, analyzer);
    }
    this.after = ids[ids.length - 1]!;
    return 'more';
  }
}
