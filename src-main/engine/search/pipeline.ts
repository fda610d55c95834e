// One search, top to bottom (docs/architecture.md#search):
//   1. topics      — each typed query parsed, compiled and weighed, with its filters  (topic.ts)
//   2. candidates  — every section holding a wanted word within the filters, via FTS5
//                    (candidate-sources.ts plans the sources, source-reading.ts reads them;
//                    the partial one: partial-candidates.ts, ranked-listings.ts)
//   3. score       — one score per candidate from documented features, best first
//                    (topic-ranking.ts, pulling stage 2 only while a bound can reach the top;
//                    the score itself in ranking.ts)
//   4. merge       — each topic's top N raw matches merged up the heading tree (merge.ts),
//                    then marked with what they matched and placed by their own heading
//   5. results     — snippets and byte ranges  (results.ts)
// Three shapes travel: a `Candidate` (merging reads its `key` and `evidence`), a `MergedMatch`,
// and the contract's `SearchResult`.
// Ordering is by score, then by a date when the request sorts by one: after `markWhatMatched` and
// `place`, before `buildResults`.
import type { SearchRequest, SearchResponse, Settings } from '#shared/contract/api.ts';
import type { Analyzer } from '../analysis/analyzer.ts';
import type { Vocabulary } from '../query/fuzzy.ts';
import type { IndexReader, VaultRow } from '../store/index-reader.ts';
import { VAULT_ROWID_SPAN } from '../store/node-rows.ts';
import { fileDate, sortNewestFirst } from '../dates/file-dates.ts';
import { applyRecency } from '../dates/recency.ts';
import { ENGINE_DEFAULTS } from '../settings/settings.ts';
import { bitCount, type Candidate } from './candidate.ts';
import { countRows, weightParams } from './fts-statements.ts';
import { listedNotes, listsNotes } from './listed-notes.ts';
import { compareMatches, mergeMatches, mergedMatch, type MergedMatch } from './merge.ts';
import { placementOf, TopicRanking } from './topic-ranking.ts';
import type { RankingOptions } from './ranking.ts';
import { endsInWord } from '../query/typing.ts';
import { buildResults } from './results.ts';
import { planTopic, type Topic } from './topic.ts';
import { SearchTree } from './tree.ts';

/** What one search reads. */
export interface SearchContext {
  reader: IndexReader;
  settings: Settings;
  analyzer: Analyzer;
  vocabulary: Vocabulary;
  /** False: every raw match is a result of its own (`search --raw`). */
  merge: boolean;
  options: RankingOptions;
}

/** Runs one search request (the reader is refreshed by the caller). */
export function runSearch(context: SearchContext, request: SearchRequest): SearchResponse {
  const steps = searchSteps(context, request);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `runSearch` that calls `pause` between its stages and topics (and may wait on it): the engine's
 * search queue yields there and stops a superseded search
 * (docs/design.md#a-newer-search-supersedes-an-older-one). Same results as `runSearch`.
 */
export async function runSearchPaused(
  context: SearchContext,
  request: SearchRequest,
  pause: () => Promise<void> | void,
): Promise<SearchResponse> {
  const steps = searchSteps(context, request);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    const paused = pause();
    if (paused) await paused; // else on at once: a short search runs in one go
  }
}

/** The search's stages; it yields where it may pause (between stages and between topics). */
function* searchSteps(
  context: SearchContext,
  request: SearchRequest,
): Generator<void, SearchResponse> {
  const started = performance.now();
  const { reader, settings, analyzer, options } = context;
  const limit = request.limit ?? settings.resultLimit;
  const vaults = reader.vaults();

  // 1. Topics.
  const topics = planTopics(context, request, vaults);

  // 2. Candidates, and 3. their scores (computed as the top N is asked for).
  const tree = new SearchTree(reader);
  const rankings = topicRankings(context, topics, tree, {
    strict: request.strict ?? false,
    vaults,
  });
  yield;

  // 4. Each topic's raw matches, merged together by their evidence, then placed.
  const { raw, merged, unmatchedTopics } = yield* mergeTopics(context, rankings, tree, limit);
  markWhatMatched(merged, raw, topics);
  place(merged, topics, { tree, analyzer, options });
  if (settings.recencyBoost) applyRecency(merged, (m) => tree.fileOf(m.key), recencyOf(options));
  merged.sort((a, b) => compareMatches(a, b, tree.nodes));
  const sort = request.sort ?? 'relevance';
  if (sort !== 'relevance') sortNewestFirst(merged, (m) => fileDate(tree.fileOf(m.key), sort));

  // 5. Results.
  yield;
  const page = merged.slice(0, limit);
  const results = buildResults(page, topics, tree, analyzer, request.detail ?? 'full');
  const terms = [...new Set(topics.flatMap((t) => t.query.terms))];
  const notDates = [...new Set(topics.flatMap((t) => t.notDates))];
  const wordsLeftOut = topics.flatMap((t) =>
    t.leftOut ? [{ topic: t.queryIndex, ...t.leftOut }] : [],
  );
  return {
    results,
    terms,
    unmatchedTopics,
    notDates,
    ...(wordsLeftOut.length > 0 ? { wordsLeftOut } : {}),
    tookMs: performance.now() - started,
  };
}

/** Stage 1: each non-empty query planned as a topic, keeping its place in `request.queries`. */
function planTopics(context: SearchContext, request: SearchRequest, vaults: VaultRow[]): Topic[] {
  const { reader, settings, analyzer, vocabulary, options } = context;
  const planning = {
    analyzer,
    vocabulary,
    vaults,
    options,
    fuzzy: settings.fuzzyDistance > 0,
    countRows: (expr: string, cap: number) => countRows(reader, expr, cap),
  };
  return request.queries
    .map((text, queryIndex) => ({ text: text.trim(), queryIndex, typing: endsInWord(text) }))
    .filter(({ text }) => text.length > 0)
    .map(({ text, queryIndex, typing }, index) =>
      planTopic(
        text,
        { index, queryIndex },
        { ...planning, typing: request.typing === true && typing },
      ),
    );
}

/** Stages 2 and 3: one ranking per topic, reading its candidates as its top N is asked for. */
function topicRankings(
  context: SearchContext,
  topics: Topic[],
  tree: SearchTree,
  { strict, vaults }: { strict: boolean; vaults: VaultRow[] },
): TopicRanking[] {
  const { reader, settings, analyzer, vocabulary, options } = context;
  const { pinnedBoost } = ENGINE_DEFAULTS;
  const rankContext = {
    reader,
    tree,
    analyzer,
    options,
    weights: weightParams(settings.columnWeights, options.contextColumnWeight),
    total: vocabulary.total,
    strict,
    boostOf: (rowid: number) => vaultBoost(rowid, vaults, pinnedBoost),
    boostMax: vaults.some((v) => v.pinned) ? pinnedBoost : 1,
  };
  return topics.map((topic) => new TopicRanking(topic, rankContext));
}

/** The boost of the vault holding `rowid`: `pinnedBoost` in a pinned vault, else 1. */
function vaultBoost(rowid: number, vaults: VaultRow[], pinnedBoost: number): number {
  const id = Math.floor(rowid / VAULT_ROWID_SPAN);
  return vaults.some((v) => v.id === id && v.pinned) ? pinnedBoost : 1;
}

/**
 * Stage 4, merging: each topic's raw matches (a pause after each), then all of them merged — or,
 * for `search --raw`, each its own result. `unmatchedTopics`: the request's indexes of the topics
 * that found none.
 */
function* mergeTopics(
  context: SearchContext,
  rankings: TopicRanking[],
  tree: SearchTree,
  limit: number,
): Generator<void, { raw: Candidate[]; merged: MergedMatch[]; unmatchedTopics: number[] }> {
  const raw: Candidate[] = [];
  const unmatchedTopics: number[] = [];
  // A search of one topic keeps the merge `rawMatches` made to decide (merged once, not twice).
  let mergedRaw: MergedMatch[] | null = null;
  for (const ranking of rankings) {
    const { topic } = ranking;
    const found = raw.length;
    if (listsNotes(topic)) raw.push(...listedNotes(topic, context.reader, tree, limit));
    else {
      const matches = rawMatches(ranking, limit, context, tree);
      raw.push(...matches.top);
      if (rankings.length === 1) mergedRaw = matches.merged;
    }
    if (raw.length === found) unmatchedTopics.push(topic.queryIndex);
    yield;
  }
  const merged = context.merge
    ? (mergedRaw ?? mergeMatches(raw, tree.nodes, context.settings))
    : unmergedOf(raw, tree);
  return { raw, merged, unmatchedTopics };
}

/**
 * A topic's raw matches: its top N = `rawPerResult` × limit candidates. When merging folds them
 * into fewer results than the limit while more candidates exist, N grows once (× `rawGrowth`).
 * Each topic decides alone, so it has the same raw matches beside other topics as alone. With
 * them, their merge when it was made to decide (null otherwise): a search of one topic keeps it.
 */
function rawMatches(
  ranking: TopicRanking,
  limit: number,
  context: SearchContext,
  tree: SearchTree,
): { top: Candidate[]; merged: MergedMatch[] | null } {
  const { rawPerResult, rawGrowth } = context.options;
  const n = limit * rawPerResult;
  const top = ranking.top(n);
  if (top.length < n || !ranking.more || !context.merge) return { top, merged: null };
  const merged = mergeMatches(top, tree.nodes, context.settings);
  if (merged.length >= limit) return { top, merged };
  return { top: ranking.top(n * rawGrowth), merged: null };
}

const recencyOf = (o: RankingOptions) => ({
  weight: o.recencyWeight,
  halfLifeDays: o.recencyHalfLifeDays,
  now: Date.now(),
});

/** What placing a result reads (`placementOf`). */
type PlaceContext = Parameters<typeof placementOf>[2];

/**
 * Places each result by its own node: its evidence (merged: the combined evidence of what it
 * absorbed) times the placement of its heading for the topic that places it best.
 */
function place(results: MergedMatch[], topics: Topic[], context: PlaceContext): void {
  for (const result of results) {
    let best = 1;
    for (const index of result.topics) {
      best = Math.max(best, placementOf(topics[index]!, result.key, context));
    }
    result.score *= best;
  }
}

/** Raw matches as results of their own (`search --raw`): each node once, its best evidence. */
function unmergedOf(raw: Candidate[], tree: SearchTree): MergedMatch[] {
  const best = new Map<number, number>();
  for (const c of raw) best.set(c.key, Math.max(best.get(c.key) ?? 0, c.evidence));
  const out = [...best].map(([key, score]) => mergedMatch(key, score));
  return out.sort((a, b) => compareMatches(a, b, tree.nodes));
}

/**
 * Marks what each result matched (`matchedTerms`, `topics`, `partial`). Per topic, its best raw
 * match (itself or one it absorbed: the most wanted operands, then the best score) gives the
 * terms — sections each holding some of the words do not make their parent hold them all; a
 * result is partial unless some topic's best raw match holds everything that topic wants.
 */
function markWhatMatched(results: MergedMatch[], raw: Candidate[], topics: Topic[]): void {
  const byKey = new Map<number, Candidate[]>();
  for (const c of raw) {
    const list = byKey.get(c.key);
    if (list) list.push(c);
    else byKey.set(c.key, [c]);
  }
  for (const result of results) {
    const best = new Map<number, Candidate>();
    for (const key of [result.key, ...result.mergedFrom]) {
      for (const c of byKey.get(key) ?? []) {
        const seen = best.get(c.topic);
        const more = seen ? bitCount(c.held) - bitCount(seen.held) : 1;
        if (more > 0 || (more === 0 && c.score > seen!.score)) best.set(c.topic, c);
      }
    }
    const labels = new Set<string>();
    let full = false;
    for (const [index, c] of best) {
      const topic = topics[index]!;
      topic.wanted.forEach((w, i) => {
        if (c.held & (1 << i)) labels.add(w.operand.label);
      });
      for (const label of topic.filterLabels) labels.add(label);
      full ||= c.full;
    }
    result.matchedTerms = [...labels];
    result.topics = [...best.keys()].sort((a, b) => a - b);
    result.partial = !full;
  }
}
