// The searcher of an engine: answers searches on the reader connection from the last committed
// state of the index (the stages are in `pipeline.ts`), keeping the fuzzy vocabulary between them.
import type { SearchRequest, SearchResponse, Settings } from '#shared/contract/api.ts';
import type { Analyzer } from '../analysis/analyzer.ts';
import { Vocabulary } from '../query/fuzzy.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { runSearch, runSearchPaused, type SearchContext } from './pipeline.ts';
import { RANKING_DEFAULTS, type RankingOptions } from './ranking.ts';

/**
 * How long a loaded vocabulary serves after the index changed before it is reloaded. Reading
 * the whole vocabulary costs ~90 ms on 100k sections, and while a vault is being indexed the
 * index changes after every file: reloading each time made searches during indexing slow. A
 * stale vocabulary only misses fuzzy variants of words added since.
 */
export const VOCABULARY_MAX_AGE_MS = 30_000;

/** How a searcher behaves beyond the settings. */
export interface SearcherOptions {
  /** See `VOCABULARY_MAX_AGE_MS` (its default). */
  vocabularyMaxAgeMs?: number;
  /** The ranking (`RANKING_DEFAULTS` where not given): evaluation tries other values. */
  ranking?: Partial<RankingOptions>;
}

/** Answers searches from the last committed state of the index. */
export class Searcher {
  private readonly reader: IndexReader;
  private readonly vocabularyMaxAgeMs: number;
  private readonly ranking: RankingOptions;
  private vocabulary: { version: number; loadedAt: number; vocabulary: Vocabulary } | null = null;

  constructor(reader: IndexReader, options: SearcherOptions = {}) {
    this.reader = reader;
    this.vocabularyMaxAgeMs = options.vocabularyMaxAgeMs ?? VOCABULARY_MAX_AGE_MS;
    this.ranking = { ...RANKING_DEFAULTS, ...options.ranking };
  }

  /**
   * The index vocabulary (terms, their row counts, the number of rows), reloaded when the index
   * changed and the loaded one is old enough.
   */
  private vocab(): Vocabulary {
    const version = this.reader.version;
    const now = performance.now();
    const loaded = this.vocabulary;
    if (
      !loaded ||
      (loaded.version !== version && now - loaded.loadedAt >= this.vocabularyMaxAgeMs)
    ) {
      const vocabulary = new Vocabulary(this.reader.vocabulary(), this.reader.rowCount());
      this.vocabulary = { version, loadedAt: now, vocabulary };
    }
    return this.vocabulary!.vocabulary;
  }

  /** Searches; `merge: false` returns the raw matches unmerged (CLI `--raw`). */
  search(
    request: SearchRequest,
    settings: Settings,
    analyzer: Analyzer,
    merge = true,
  ): SearchResponse {
    return runSearch(this.context(settings, analyzer, merge), request);
  }

  /**
   * Searches, calling `pause` between stages (the engine's search queue, which may yield there
   * or stop a superseded search); the caller holds the reader's snapshot across the pauses.
   */
  searchPaused(
    request: SearchRequest,
    settings: Settings,
    analyzer: Analyzer,
    pause: () => Promise<void> | void,
  ): Promise<SearchResponse> {
    return runSearchPaused(this.context(settings, analyzer, true), request, pause);
  }

  private context(settings: Settings, analyzer: Analyzer, merge: boolean): SearchContext {
    this.reader.refresh();
    const vocabulary = this.vocab();
    return { reader: this.reader, settings, analyzer, vocabulary, merge, options: this.ranking };
  }
}
