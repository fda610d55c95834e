// The top rows of the vocabulary's common words ranked before a search needs them
// (docs/design.md#warming-before-typing): a plain query with a common word (held by more than
// `commonRows` rows, at most `commonTopMaxRows`) lends the partial source that word's best
// `commonTopRows` rows (top-rows.ts), remembered per index state. Ranking them is ~40 % of what a
// query's first search costs beyond the same search again; ranked here, one word a step, with
// exactly the memo key a plain query's `listTop` uses (partial-candidates.ts), searches find them.
import { quote } from '../query/compile.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { rowOrderOf } from './fts-statements.ts';
import type { RankingOptions } from './ranking.ts';
import { TOP_ROWS_REMEMBERED, topRows } from './top-rows.ts';
import type { Scope } from './topic.ts';
import { IndexWalk, type WarmStep } from './warm-walk.ts';

/**
 * Words warmed at most: half of what the memo keeps, so that searches' own words do not push it
 * past its bound (where it starts afresh). msdocs-cpp has 486 common words, ten copies of it 1,566
 * (docs/benchmarks.md#warmed-top-rows).
 */
const WARM_TOP_WORDS = TOP_ROWS_REMEMBERED / 2;

/** A plain query's scope: every vault (`topic.ts` scopeOf without vault filters). */
const EVERY_VAULT: Scope = { include: null, exclude: [] };

/** What a plain query ranks a common word's rows with, as the settings are now. */
export interface TopRowsKey {
  /** bm25 column weights, in column order (`weightParams` of the settings). */
  weights: number[];
  options: RankingOptions;
}

/** Ranks the common words' top rows for one index state, the most common first, one a step. */
export class TopRowsWarming extends IndexWalk {
  private readonly key: () => TopRowsKey;
  private readonly bound: number;
  private words: string[] = [];
  private at = 0;

  constructor(reader: IndexReader, key: () => TopRowsKey, bound = WARM_TOP_WORDS) {
    super(reader);
    this.key = key;
    this.bound = bound;
  }

  /**
   * The vocabulary of the index state to warm (each term with its rows, as the vocabulary
   * warming read it): its common words, kept until the next one.
   */
  adopt(terms: ReadonlyArray<readonly [term: string, rows: number]>): void {
    const { options } = this.key();
    this.words = terms
      .filter(([, rows]) => rows > options.commonRows && rows <= options.commonTopMaxRows)
      .sort((a, b) => b[1] - a[1])
      .slice(0, this.bound)
      .map(([term]) => term);
  }

  /** Back to the most common word. */
  protected rewind(): void {
    this.at = 0;
  }

  /** Ranks the next word's top rows: `changed` when the index changed, `done` after the last. */
  step(): WarmStep {
    if (this.changed()) return 'changed';
    const word = this.words[this.at++];
    if (word === undefined) return 'done';
    const { weights, options } = this.key();
    if (options.commonTopRows <= 0) return 'done';
    // A plain word's expression, as query/compile.ts quotes it, and listTop's order.
    const expr = quote([word]);
    topRows(this.reader, expr, EVERY_VAULT, weights, rowOrderOf(options), options.commonTopRows);
    return 'more';
  }
}
