// The search pipeline (SPEC §4–5), on the reader connection: per topic, parse and compile; run
// the tiers (`search-run.ts`); build the results.
import type {
  SearchRequest,
  SearchResponse,
  SearchResult,
  Settings,
} from '#shared/contract/api.ts';
import type { Analyzer } from '../analysis/analyzer.ts';
import { compileQuery } from '../query/compile.ts';
import { Vocabulary } from '../query/fuzzy.ts';
import { parseQuery } from '../query/parse.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { ENGINE_DEFAULTS } from '../settings/settings.ts';
import { createMatcher } from './highlight.ts';
import { buildResult, type FinalMatch } from './results.ts';
import { SearchRun } from './search-run.ts';
import { SearchTree } from './tree.ts';
import type { TierResult } from './tiers.ts';
import { pathTest, scopeOf, SEP, type Topic } from './topics.ts';

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
}

/** Answers searches from the last committed state of the index. */
export class Searcher {
  private readonly reader: IndexReader;
  private readonly vocabularyMaxAgeMs: number;
  private vocabulary: { version: number; loadedAt: number; vocabulary: Vocabulary } | null = null;

  constructor(reader: IndexReader, options: SearcherOptions = {}) {
    this.reader = reader;
    this.vocabularyMaxAgeMs = options.vocabularyMaxAgeMs ?? VOCABULARY_MAX_AGE_MS;
  }

  /** The index vocabulary, reloaded when the index changed and the loaded one is old enough. */
  private vocab(): Vocabulary {
    const version = this.reader.version;
    const now = performance.now();
    const loaded = this.vocabulary;
    if (
      !loaded ||
      (loaded.version !== version && now - loaded.loadedAt >= this.vocabularyMaxAgeMs)
    ) {
      const vocabulary = new Vocabulary(this.reader.vocabulary());
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
    const started = performance.now();
    this.reader.refresh();
    const limit = request.limit ?? settings.resultLimit;
    const vaults = this.reader.vaults();
    const vocabulary = this.vocab();
    const topics: Topic[] = request.queries
      .map((q) => q.trim())
      .filter((q) => q.length > 0)
      .map((text, index) => {
        const parsed = parseQuery(text);
        return {
          index,
          parsed,
          exact: compileQuery(parsed, analyzer),
          fuzzy: null,
          scope: scopeOf(parsed, vaults),
          pathOk: pathTest(parsed),
        };
      });
    const tree = new SearchTree(this.reader);
    const context = { reader: this.reader, settings, analyzer, vocabulary, tree, merge };
    const run = new SearchRun(context, topics, limit);
    run.run(request);
    const results = this.build(run.list.results, topics, tree, analyzer);
    const terms = [...new Set(topics.flatMap((t) => t.exact.terms))];
    return { results, terms, tookMs: performance.now() - started };
  }

  private build(
    matches: TierResult[],
    topics: Topic[],
    tree: SearchTree,
    analyzer: Analyzer,
  ): SearchResult[] {
    if (matches.length === 0) return [];
    const idOf = (key: number) => tree.idOf(key);
    const matchers = topics.map((t) => createMatcher((t.fuzzy ?? t.exact).highlights, analyzer));
    const contents = new Map<number, Uint8Array>();
    return matches.map((m) => {
      const file = tree.fileOf(m.key);
      let content = contents.get(file.id);
      if (!content) contents.set(file.id, (content = this.reader.content(file.id)));
      const topicIndexes = new Set<number>();
      const labels = new Set<string>();
      for (const entry of m.matched) {
        const at = entry.indexOf(SEP);
        topicIndexes.add(Number(entry.slice(0, at)));
        labels.add(entry.slice(at + 1));
      }
      // In index order (keys are in loading order).
      const mergedFrom = [...m.mergedFrom].sort((a, b) => tree.row(a).id - tree.row(b).id);
      const final: FinalMatch = {
        key: m.key,
        score: m.score,
        mergedFrom,
        matchedTerms: [...labels],
        topics: [...topicIndexes],
        partial: m.partial,
      };
      return buildResult(final, tree.row(m.key), file, content, {
        analyzer,
        matchers,
        snippetLength: ENGINE_DEFAULTS.snippetLength,
        idOf,
      });
    });
  }
}
