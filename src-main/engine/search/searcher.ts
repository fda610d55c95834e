// The searcher of an engine: answers searches on the reader connection from the last committed
// state of the index (the stages are in `pipeline.ts`), keeping the fuzzy vocabulary between them.
import type { SearchRequest, SearchResponse, Settings } from '#shared/contract/api.ts';
import type { Analyzer } from '../analysis/analyzer.ts';
import { Vocabulary, wideAlphabetOf, type TermSource } from '../query/fuzzy.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { runSearch, runSearchPaused, type SearchContext } from './pipeline.ts';
import { RANKING_DEFAULTS, type RankingOptions } from './ranking.ts';

/**
 * How long after the index changed a vocabulary read whole waits before it is read again: while a
 * vault is being indexed the index changes after every file, and reading the whole vocabulary
 * each time (0.2–0.35 s of CPU on msdocs-cpp, docs/benchmarks.md#the-first-search) would slow
 * every search during indexing. Meanwhile searches look their terms up one by one, as before the
 * first whole read: a read one no longer says how many rows hold a word (a vault just added has
 * words it says no row holds).
 */
export const VOCABULARY_MAX_AGE_MS = 30_000;

/**
 * How much CPU time looking terms up one at a time may take in all before the whole vocabulary
 * is read (docs/benchmarks.md#the-first-search): reading it costs 0.2–0.35 s of CPU on msdocs-cpp
 * (49k terms), a search's own words and their one-edit neighbours ~2–5 ms. A one-off search (the
 * CLI) never reads it; a session (the app, `cli mcp`) reads it once its lookups add up to this.
 */
export const VOCABULARY_LOOKUP_BUDGET_MS = 250;

/** Terms most remembered from lookups (then the memory starts afresh). */
const MAX_LOOKED_UP = 200_000;

/**
 * An index of at most this many terms has them all read at its first lookup, and is asked no
 * more: reading the first 1,001 terms of msdocs-cpp costs ~0.6 ms, a word's one-edit
 * neighbours are ~650 single lookups of ~8 µs (docs/benchmarks.md#huge-notes).
 */
const SMALL_VOCABULARY_TERMS = 1_000;

/** How a searcher behaves beyond the settings. */
export interface SearcherOptions {
  /** See `VOCABULARY_MAX_AGE_MS` (its default). */
  vocabularyMaxAgeMs?: number;
  /** See `VOCABULARY_LOOKUP_BUDGET_MS` (its default); 0 reads the whole vocabulary at once. */
  vocabularyLookupBudgetMs?: number;
  /** See `SMALL_VOCABULARY_TERMS` (its default); 0 looks every term up on its own. */
  smallVocabularyTerms?: number;
  /** The ranking (`RANKING_DEFAULTS` where not given): evaluation tries other values. */
  ranking?: Partial<RankingOptions>;
}

/** Answers searches from the last committed state of the index. */
export class Searcher {
  private readonly reader: IndexReader;
  private readonly vocabularyMaxAgeMs: number;
  private readonly ranking: RankingOptions;
  /** The vocabulary read whole last, and when (lookups until then: `lookups`). */
  private readWhole: { version: number; loadedAt: number; vocabulary: Vocabulary } | null = null;
  private readonly lookups: TermLookups;

  constructor(reader: IndexReader, options: SearcherOptions = {}) {
    this.reader = reader;
    this.vocabularyMaxAgeMs = options.vocabularyMaxAgeMs ?? VOCABULARY_MAX_AGE_MS;
    this.ranking = { ...RANKING_DEFAULTS, ...options.ranking };
    const budget = options.vocabularyLookupBudgetMs ?? VOCABULARY_LOOKUP_BUDGET_MS;
    const small = options.smallVocabularyTerms ?? SMALL_VOCABULARY_TERMS;
    this.lookups = new TermLookups(reader, budget, small);
  }

  /**
   * The index vocabulary (terms, their row counts, the number of rows): looked up term by term
   * until the lookups' budget is spent, then read whole — and, when the index changed, looked up
   * again until the read one is old enough to be read again (`VOCABULARY_MAX_AGE_MS`). Both give
   * the same counts for the same index state.
   */
  private vocab(): Vocabulary {
    const version = this.reader.version;
    const loaded = this.readWhole;
    if (loaded?.version === version) return loaded.vocabulary;
    const now = performance.now();
    if (loaded ? now - loaded.loadedAt < this.vocabularyMaxAgeMs : !this.lookups.spent) {
      return this.lookups.vocabulary(version);
    }
    const vocabulary = new Vocabulary(this.reader.vocabulary(), this.reader.rowCount());
    this.readWhole = { version, loadedAt: now, vocabulary };
    return vocabulary;
  }

  /**
   * Serves `vocabulary`, read whole elsewhere for index state `version` (background warming,
   * docs/design.md#warming-before-typing), as if read here; ignored when the index moved since.
   */
  adoptVocabulary(vocabulary: Vocabulary, version: number): void {
    if (version === this.reader.version) {
      this.readWhole = { version, loadedAt: performance.now(), vocabulary };
    }
  }

  /** Searches: the five stages of docs/architecture.md#search. */
  search(request: SearchRequest, settings: Settings, analyzer: Analyzer): SearchResponse {
    return runSearch({ ...this.context(settings, analyzer), merge: true }, request);
  }

  /** Searches without merging: each raw match is a result of its own (CLI `--raw`). */
  searchRaw(request: SearchRequest, settings: Settings, analyzer: Analyzer): SearchResponse {
    return runSearch({ ...this.context(settings, analyzer), merge: false }, request);
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
    const context = { ...this.context(settings, analyzer), merge: true };
    return runSearchPaused(context, request, pause);
  }

  /** What a search reads, from the index as last committed (merging is the caller's to say). */
  private context(settings: Settings, analyzer: Analyzer): Omit<SearchContext, 'merge'> {
    this.reader.refresh();
    const vocabulary = this.vocab();
    return { reader: this.reader, settings, analyzer, vocabulary, options: this.ranking };
  }
}

/**
 * CPU milliseconds (all threads) since `started`: on a busy machine a lookup's wall time is mostly
 * waiting for a core, and would spend the budget long before the lookups cost a vocabulary read.
 */
function cpuMsSince(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/**
 * The vocabulary as lookups of single terms in the index (`fts_vocab`), remembered for one index
 * state, with the CPU time they took: `spent` once it reaches the budget.
 */
class TermLookups implements TermSource {
  private readonly reader: IndexReader;
  private readonly budgetMs: number;
  private readonly smallTerms: number;
  private spentMs = 0;
  private version = -1;
  private current: Vocabulary | null = null;
  private readonly known = new Map<string, number | undefined>();
  private wide: string[] | null = null;
  /** True when every term of the index is in `known` (a small vocabulary); null: not read yet. */
  private whole: boolean | null = null;

  constructor(reader: IndexReader, budgetMs: number, smallTerms: number) {
    this.reader = reader;
    this.budgetMs = budgetMs;
    this.smallTerms = smallTerms;
  }

  get spent(): boolean {
    return this.spentMs >= this.budgetMs;
  }

  /** A vocabulary asking this source, new whenever the index changed. */
  vocabulary(version: number): Vocabulary {
    if (!this.current || version !== this.version) {
      this.known.clear();
      this.wide = null;
      this.whole = null;
      this.version = version;
      this.current = new Vocabulary(this, this.reader.rowCount());
    }
    return this.current;
  }

  rows(term: string): number | undefined {
    if (!this.known.has(term)) this.prefetch([term]);
    return this.known.get(term);
  }

  prefetch(terms: string[]): void {
    this.whole ??= this.timed(() => this.readSmall());
    if (this.whole) return;
    const missing = terms.filter((term) => !this.known.has(term));
    if (missing.length === 0) return;
    this.timed(() => {
      if (this.known.size + missing.length > MAX_LOOKED_UP) this.known.clear();
      for (const term of missing) this.known.set(term, undefined);
      for (const [term, rows] of this.reader.termRows(missing)) this.known.set(term, rows);
    });
  }

  beginning(prefix: string): Array<[term: string, rows: number]> {
    return this.timed(() => this.reader.termsBeginning(prefix));
  }

  /** A non-ASCII word's neighbours need every letter of the index: read once, all terms. */
  wideAlphabet(): string[] {
    this.wide ??= this.timed(() => wideAlphabetOf(this.reader.vocabulary().map(([t]) => t)));
    return this.wide;
  }

  /** True when the index holds at most `smallTerms` terms, all of them now `known`. */
  private readSmall(): boolean {
    if (this.smallTerms <= 0) return false;
    const first = this.reader.termsBeginning('', this.smallTerms + 1);
    if (first.length > this.smallTerms) return false;
    for (const [term, rows] of first) this.known.set(term, rows);
    return true;
  }

  /** Runs `read`, adding the CPU time it took to what the lookups spent. */
  private timed<T>(read: () => T): T {
    const started = process.cpuUsage();
    try {
      return read();
    } finally {
      this.spentMs += cpuMsSince(started);
    }
  }
}
