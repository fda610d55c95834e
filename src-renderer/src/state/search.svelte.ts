// The search box's state: the topics being typed, and the merged results of the latest search.
// Search runs as you type (optionally debounced): every input is sent at once, marked with this
// window's id and its sequence number, and the engine drops or stops an older search of the window
// when a newer one arrives (docs/design.md#a-newer-search-supersedes-an-older-one), so fast typing
// never queues searches the engine must answer one by one. An answer older than the input (or
// one the engine answered `superseded`) is dropped, so results never go back in time.
import type { FolioApi, SearchResult, SearchSort } from '#shared/contract/api.ts';
import { wordsLeftOutNote } from '#shared/query-words.ts';
import { sameAsBefore } from '../lib/same-results.ts';

/** Where a search stands. */
export type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Options of a `SearchState`. */
export interface SearchOptions {
  /** Milliseconds of typing pause before a search is sent (default 0: at once). */
  debounceMs?: number;
  /**
   * Called with every new result list (after stale responses are dropped); `again`: it answers the
   * same queries as the list before (the index or a setting changed), not a new input.
   */
  onResults?: (results: readonly SearchResult[], again: boolean) => void;
  /** The topics to start with (default: one empty topic). */
  topics?: string[];
  /** The order each search asks for, read when it is sent (default: relevance). */
  sort?: () => SearchSort;
}

/** The most topics a search may have (the request schema's limit). */
export const MAX_TOPICS = 32;
/**
 * The longest query sent (the request schema's limit): a longer paste is searched by its first
 * 20,000 characters rather than refused (any input is valid, docs/design.md#any-input-is-valid; the
 * engine uses the first 64 operands of a query anyway).
 */
export const MAX_QUERY_CHARS = 20_000;

/**
 * How long a search is on its way before the window says "Searching…": an answer within a tenth
 * of a second reads as instant, and the word would only flash (and cost a frame of its own) on
 * each keystroke in between (docs/ui.md#results).
 */
export const SHOW_LOADING_AFTER_MS = 100;

/** Topics, and the results of the latest answered search. */
export class SearchState {
  /** The topics as typed: one query each (docs/design.md#multi-topic-search). Never empty. */
  topics = $state<string[]>(['']);
  /** Merged results of the latest answered search, replaced wholesale. */
  results = $state.raw<SearchResult[]>([]);
  /** The analysed terms of the latest search. */
  terms = $state.raw<string[]>([]);
  /** Where the latest search stands. */
  status = $state<SearchStatus>('idle');
  /**
   * Where the search stands as the window says it: `status`, but 'loading' only once a search has
   * been on its way `SHOW_LOADING_AFTER_MS` (until then, what the shown results stood at).
   */
  shownStatus = $state<SearchStatus>('idle');
  /** Why the latest search failed, for the error state. */
  error = $state<string | null>(null);
  /**
   * The queries of the shown answer that found nothing (`unmatchedTopics`, as their text): with
   * several topics the others fill the list, and only this says so (docs/ui.md#topics-that-find-nothing).
   */
  unmatched = $state.raw<string[]>([]);
  /**
   * The date filters of the shown answer whose value is no date (`notDates`, as typed): their
   * words were searched instead, and only this says so (docs/ui.md#a-date-filter-that-is-no-date).
   */
  notDates = $state.raw<string[]>([]);
  /**
   * What the queries of the shown answer longer than `MAX_QUERY_WORDS` left out, one note each
   * (docs/ui.md#a-query-longer-than-32-words).
   */
  wordsLeftOut = $state.raw<string[]>([]);
  /** Engine time of the latest search, in milliseconds. */
  tookMs = $state(0);
  /**
   * The queries the shown results answer, newline-joined ('' for none): pages expose it as
   * `data-results-for`, so tests and the UI benchmark know which input the results are for.
   */
  resultsFor = $state('');
  /** The non-empty topics, trimmed: what a search sends. */
  queries = $derived(
    this.topics
      .map((topic) => topic.slice(0, MAX_QUERY_CHARS).trim())
      .filter((topic) => topic !== ''),
  );

  readonly #api: FolioApi;
  readonly #debounceMs: number;
  readonly #onResults: (results: readonly SearchResult[], again: boolean) => void;
  /** This window's id in the engine's search queue. */
  readonly #client = clientId();
  readonly #sort: () => SearchSort;
  #requestId = 0;
  /** The queries of the latest search sent (a key typed that changes none sends nothing). */
  #sent = '';
  #timer: ReturnType<typeof setTimeout> | null = null;
  #loadingTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(api: FolioApi, options: SearchOptions = {}) {
    this.#api = api;
    this.#debounceMs = options.debounceMs ?? 0;
    this.#onResults = options.onResults ?? (() => {});
    this.#sort = options.sort ?? (() => 'relevance');
    if (options.topics && options.topics.length > 0)
      this.topics = options.topics.slice(0, MAX_TOPICS);
  }

  /** Replaces topic `index` and schedules a search. */
  setTopic(index: number, text: string): void {
    if (index < 0 || index >= this.topics.length) return;
    this.topics[index] = text;
    this.schedule();
  }

  /** Adds an empty topic after `after` (default: at the end); returns its index, or -1 if full. */
  addTopic(after = this.topics.length - 1): number {
    if (this.topics.length >= MAX_TOPICS) return -1;
    this.topics.splice(after + 1, 0, '');
    return after + 1;
  }

  /** Removes topic `index` (the last remaining topic is cleared instead) and searches again. */
  removeTopic(index: number): void {
    if (this.topics.length === 1) this.topics[0] = '';
    else this.topics.splice(index, 1);
    this.schedule();
  }

  /** Clears every topic and the results. */
  clear(): void {
    this.topics = [''];
    void this.run();
  }

  /**
   * Searches after the typing pause; a newer call postpones it. An input whose queries are those
   * of the latest search sent (a space typed, a trailing space removed) sends nothing.
   */
  schedule(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.queries.join('\n') === this.#sent && this.status !== 'error') return;
    if (this.#debounceMs === 0) {
      void this.run();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.run();
    }, this.#debounceMs);
  }

  /** Searches now. Resolves when this search is answered (or superseded). */
  async run(): Promise<void> {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    const id = ++this.#requestId;
    const queries = this.queries;
    this.#sent = queries.join('\n');
    if (queries.length === 0) {
      this.resultsFor = '';
      this.#settle([], [], 0, 'idle');
      return;
    }
    this.status = 'loading';
    if (this.#loadingTimer === null)
      this.#loadingTimer = setTimeout(() => (this.shownStatus = 'loading'), SHOW_LOADING_AFTER_MS);
    const answer = await this.#api.search({
      queries,
      typing: true,
      supersede: { client: this.#client, seq: id },
      ...sortOf(this.#sort()),
    });
    // A newer search was sent meanwhile: its answer is the one to show (the engine may have
    // answered this one `superseded`, which only ever happens to a search that is not the latest).
    if (id !== this.#requestId) return;
    // The UI benchmark measures keystroke → answer → paint from this mark (docs/benchmarks.md).
    performance.mark('folio:search-answered');
    const again = this.resultsFor === queries.join('\n');
    this.resultsFor = queries.join('\n');
    if (answer.ok) {
      const { results, terms, tookMs, unmatchedTopics, notDates, wordsLeftOut } = answer.value;
      this.unmatched = unmatchedTopics.map((index) => queries[index] ?? '');
      this.notDates = notDates;
      this.wordsLeftOut = (wordsLeftOut ?? []).map((left) =>
        wordsLeftOutNote(left, queries.length),
      );
      this.#settle(results, terms, tookMs, 'ready', again);
    } else {
      // The results of an earlier query are not this query's: none are shown with the error.
      this.#settle([], [], 0, 'error');
      this.error = answer.error.message;
    }
  }

  /**
   * Whether topic line `index` found nothing in the shown answer, with several topics (one topic
   * that finds nothing leaves the list empty, which says it).
   */
  foundNothing(index: number): boolean {
    const topic = this.topics[index]?.slice(0, MAX_QUERY_CHARS).trim() ?? '';
    return this.queries.length > 1 && topic !== '' && this.unmatched.includes(topic);
  }

  /** Runs the current search again (the index or the settings changed); no-op when empty. */
  rerun(): Promise<void> {
    return this.queries.length > 0 ? this.run() : Promise.resolve();
  }

  #settle(
    results: SearchResult[],
    terms: string[],
    tookMs: number,
    status: SearchStatus,
    again = false,
  ): void {
    if (status !== 'ready') {
      this.unmatched = [];
      this.notDates = [];
      this.wordsLeftOut = [];
    }
    this.results = sameAsBefore(results, this.results);
    this.terms = terms;
    this.tookMs = tookMs;
    this.status = status;
    if (this.#loadingTimer !== null) clearTimeout(this.#loadingTimer);
    this.#loadingTimer = null;
    this.shownStatus = status;
    this.error = null;
    this.#onResults(results, again);
  }
}

/**
 * The line that says a date filter was searched as words (docs/ui.md#a-date-filter-that-is-no-date),
 * `filter` as typed.
 */
export function notADate(filter: string): string {
  return `"${filter}" is not a date — searched as words; dates look like modified:<30d, created:2025`;
}

/** A window's id for the engine's search queue: random, not a secret (any string would do). */
function clientId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The request's sort: none for relevance (the default), so such requests stay as they were. */
const sortOf = (sort: SearchSort) => (sort === 'relevance' ? {} : { sort });
