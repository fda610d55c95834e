// The search pipeline (SPEC §4–5), on the reader connection: per topic, parse and compile;
// exact matches first, then fuzzy-only matches (so exact ones always outrank them), then partial
// matches while fewer than `limit` results exist; each tier merged up the hierarchy against
// what earlier tiers returned (`tiers.ts`).
import type { SearchRequest, SearchResponse, SearchResult, Settings } from '../../contract/api.ts';
import type { Analyzer } from '../analysis/analyzer.ts';
import { compileQuery, matchExpression, type CompiledOperand } from '../query/compile.ts';
import { Vocabulary } from '../query/fuzzy.ts';
import { parseQuery } from '../query/parse.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { ENGINE_DEFAULTS } from '../settings.ts';
import { headingFactor, headingTermsOf } from './heading-match.ts';
import { LONG_NODE_TOKENS, passageOperands } from './passages.ts';
import { createMatcher } from './highlight.ts';
import type { RawMatch } from './merge.ts';
import { rowids, runMatch, runPartial, type RawRow } from './raw-matches.ts';
import { buildResult, type FinalMatch } from './results.ts';
import { SearchTree } from './tree.ts';
import { ResultList, type TierResult } from './tiers.ts';
import { pathTest, scopeOf, SEP, tag, type Topic } from './topics.ts';

/** How much N grows when merging left fewer than `limit` results from a full first fetch. */
const RAW_GROWTH = 4;

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
    const rawLimit = limit * ENGINE_DEFAULTS.rawPerResult;
    const vaults = this.reader.vaults();
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
    const weights = settings.columnWeights;
    const list = new ResultList({ nodes: tree.nodes, limit, params: settings, merge });
    // Raw rows → raw matches: path filter, heading boost, and long nodes judged by their best
    // passage (`passages.ts`); an all-terms row that loses operands that way goes to `demoted`.
    const collect = (
      rows: Array<RawRow & { ops: number[] }>,
      topic: Topic,
      out: RawMatch[],
      operands: readonly CompiledOperand[],
      demoted: RawMatch[] | null = out,
    ) => {
      tree.load(rows.map((r) => r.id));
      for (const row of rows) {
        const file = tree.fileOf(row.id);
        if (!file || !topic.pathOk(file.path)) continue;
        const brief = tree.row(row.id);
        const ops =
          demoted && brief.token_estimate > LONG_NODE_TOKENS && row.ops.length > 1
            ? passageOperands(
                brief,
                () => this.reader.content(file.id),
                operands,
                row.ops,
                analyzer,
                (expr) =>
                  rowids(
                    this.reader,
                    expr,
                    {
                      include: [{ lo: row.id, hi: row.id + 1, boost: 1 }],
                      exclude: [],
                      boosted: [],
                    },
                    1,
                  ).length > 0,
              )
            : row.ops;
        const heading = headingTermsOf(tree, row.id, analyzer);
        const score = row.score * headingFactor(operands, heading, ENGINE_DEFAULTS.headingBoost);
        const matched = tag(
          topic,
          ops.map((i) => operands[i]!.label),
        );
        (ops.length < row.ops.length ? demoted! : out).push({ key: row.id, score, matched });
      }
    };
    const every = (operands: readonly CompiledOperand[]) => operands.map((_, i) => i);
    const demoted: RawMatch[] = [];

    // Tier 1: every required operand matches exactly: the top N raw matches, N = 10 × limit.
    // Merging can fold them into fewer than `limit` results while more exact matches exist;
    // then N grows once (× 4) before fuzzy and partial matches may follow.
    const exactIds = new Map<number, Set<number>>();
    for (let n = rawLimit; ; n *= RAW_GROWTH) {
      let exactRaw: RawMatch[] = [];
      let truncated = false;
      const fetched: Array<[Topic, RawRow[]]> = [];
      for (const topic of topics) {
        const expr = matchExpression(topic.exact);
        if (!expr) continue;
        const rows = runMatch(this.reader, expr, topic.scope, weights, n);
        truncated ||= rows.length === n;
        exactIds.set(topic.index, new Set(rows.map((r) => r.id)));
        fetched.push([topic, rows]);
        const ops = every(topic.exact.required);
        collect(
          rows.map((r) => ({ ...r, ops })),
          topic,
          exactRaw,
          topic.exact.required,
          null,
        );
      }
      let tier = list.prepare(exactRaw, false);
      if (tier.results.length < limit && fetched.some(([, rows]) => rows.length > 0)) {
        // Partial matches will follow: long nodes must earn their place above them by holding
        // the terms in one passage (`passages.ts`). Not needed while all-terms results fill
        // the page: there long nodes only compete on score.
        exactRaw = [];
        demoted.length = 0;
        for (const [topic, rows] of fetched) {
          const ops = every(topic.exact.required);
          const all = rows.map((r) => ({ ...r, ops }));
          collect(all, topic, exactRaw, topic.exact.required, demoted);
        }
        if (demoted.length > 0) tier = list.prepare(exactRaw, false);
      }
      if (tier.results.length >= limit || !truncated || n > rawLimit) {
        list.accept(tier);
        break;
      }
    }

    // Tier 2: some term matches only through a fuzzy variant (below every exact match).
    if (settings.fuzzyDistance > 0 && !list.full) {
      const fuzzyRaw: RawMatch[] = [];
      for (const topic of topics) {
        const vocabulary = this.vocab();
        const fuzzy = compileQuery(topic.parsed, analyzer, {
          expand: (term) => vocabulary.variants(term),
        });
        if (fuzzy.highlights.length === topic.exact.highlights.length) continue; // no variants
        topic.fuzzy = fuzzy;
        const expr = matchExpression(fuzzy);
        if (!expr) continue;
        const seen = exactIds.get(topic.index) ?? new Set();
        const ops = every(fuzzy.required);
        const rows = runMatch(this.reader, expr, topic.scope, weights, rawLimit).filter(
          (r) => !seen.has(r.id),
        );
        collect(
          rows.map((r) => ({ ...r, ops })),
          topic,
          fuzzyRaw,
          fuzzy.required,
          demoted,
        );
      }
      list.accept(list.prepare(fuzzyRaw, false));
    }

    // Tier 3: partial matches, most matched operands first (SPEC §4).
    if (!request.strict && !list.full) {
      const partialRaw: RawMatch[] = [...demoted];
      for (const topic of topics) {
        const query = topic.fuzzy ?? topic.exact;
        if (query.required.length < 2) continue;
        const rows = runPartial(this.reader, query, topic.scope, weights, rawLimit);
        collect(
          rows.map((r) => ({ ...r, ops: r.matched.map((o) => query.required.indexOf(o)) })),
          topic,
          partialRaw,
          query.required,
        );
      }
      list.accept(list.prepare(partialRaw, true));
    }

    const results = this.build(list.results, topics, tree, analyzer);
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
      const file = tree.fileOf(m.key)!;
      let content = contents.get(file.id);
      if (!content) contents.set(file.id, (content = this.reader.content(file.id)));
      const topicIndexes = new Set<number>();
      const labels = new Set<string>();
      for (const entry of m.matched) {
        const at = entry.indexOf(SEP);
        topicIndexes.add(Number(entry.slice(0, at)));
        labels.add(entry.slice(at + 1));
      }
      const mergedFrom = [...m.mergedFrom].sort((a, b) => a - b);
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
