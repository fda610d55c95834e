// The search pipeline (SPEC §4–5), on the reader connection: per topic, parse and compile;
// exact matches first, then fuzzy-only matches (so exact ones always outrank them), then partial
// matches while fewer than `limit` results exist; each tier merged up the hierarchy on its own
// and never repeating a node already covered by an earlier tier.
import type { SearchRequest, SearchResponse, SearchResult, Settings } from '../../contract/api.ts';
import type { Analyzer } from '../analysis/analyzer.ts';
import {
  compileQuery,
  matchExpression,
  type CompiledOperand,
  type CompiledQuery,
} from '../query/compile.ts';
import { Vocabulary } from '../query/fuzzy.ts';
import { parseQuery } from '../query/parse.ts';
import type { ParsedQuery } from '../query/ast.ts';
import type { IndexReader, VaultRow } from '../store/index-reader.ts';
import { vaultRowidBase, VAULT_ROWID_SPAN } from '../store/node-rows.ts';
import { ENGINE_DEFAULTS } from '../settings.ts';
import { headingFactor, headingTermsOf } from './heading-match.ts';
import { createMatcher } from './highlight.ts';
import { compareMatches, mergeMatches, type MergedMatch, type RawMatch } from './merge.ts';
import { runMatch, runPartial, type RawRow, type Scope, type VaultRange } from './raw-matches.ts';
import { buildResult, type FinalMatch } from './results.ts';
import { SearchTree } from './tree.ts';

interface Topic {
  index: number;
  parsed: ParsedQuery;
  exact: CompiledQuery;
  /** Compiled with fuzzy variants; null until needed, or when no term has any. */
  fuzzy: CompiledQuery | null;
  scope: Scope;
  pathOk(path: string): boolean;
}

const SEP = '\u0000';
/** How much N grows when merging left fewer than `limit` results from a full first fetch. */
const RAW_GROWTH = 4;
const tag = (topic: Topic, labels: string[]) =>
  labels.map((label) => `${topic.index}${SEP}${label}`);

function scopeOf(parsed: ParsedQuery, vaults: VaultRow[]): Scope {
  const range = (v: VaultRow): VaultRange => ({
    lo: vaultRowidBase(v.id),
    hi: vaultRowidBase(v.id) + VAULT_ROWID_SPAN,
    boost: v.pinned ? ENGINE_DEFAULTS.pinnedBoost : 1,
  });
  const { vaults: only, excludeVaults } = parsed.filters;
  return {
    include: only.length ? vaults.filter((v) => only.includes(v.name)).map(range) : null,
    exclude: vaults.filter((v) => excludeVaults.includes(v.name)).map(range),
    boosted: vaults.map(range).filter((r) => r.boost !== 1),
  };
}

function pathTest(parsed: ParsedQuery): (path: string) => boolean {
  const fold = (s: string) => s.normalize('NFC').toLowerCase();
  const include = parsed.filters.pathPrefixes.map(fold);
  const exclude = parsed.filters.excludePathPrefixes.map(fold);
  if (include.length === 0 && exclude.length === 0) return () => true;
  return (path) => {
    const p = fold(path);
    return (
      (include.length === 0 || include.some((x) => p.startsWith(x))) &&
      !exclude.some((x) => p.startsWith(x))
    );
  };
}

/** Raw matches as results of their own: one per node (best score, every label), ordered. */
function unmerged(raw: RawMatch[], tree: SearchTree): MergedMatch[] {
  const byKey = new Map<number, MergedMatch>();
  for (const match of raw) {
    const seen = byKey.get(match.key);
    if (seen) {
      seen.score = Math.max(seen.score, match.score);
      seen.matched = [...new Set([...seen.matched, ...(match.matched ?? [])])];
    } else {
      byKey.set(match.key, {
        key: match.key,
        score: match.score,
        mergedFrom: [],
        matched: [...(match.matched ?? [])],
      });
    }
  }
  return [...byKey.values()].sort((a, b) => compareMatches(a, b, tree.nodes));
}

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
    const mergeTier = (raw: RawMatch[]) =>
      merge ? mergeMatches(raw, tree.nodes, settings) : unmerged(raw, tree);
    const accepted: Array<MergedMatch & { partial: boolean }> = [];
    const accept = (matches: MergedMatch[], partial: boolean) => {
      // Results of one tier never overlap (merging made them disjoint); later tiers must not
      // repeat a node an earlier one already covers.
      const earlier = accepted.length;
      for (const m of matches) {
        if (accepted.length >= limit) return;
        let covered = false;
        for (let i = 0; i < earlier && !covered; i++) {
          const a = accepted[i]!;
          covered = merge ? tree.overlaps(a.key, m.key) : a.key === m.key;
        }
        if (!covered) accepted.push({ ...m, partial });
      }
    };
    const collect = (
      rows: Array<RawRow & { matched: string[] }>,
      topic: Topic,
      out: RawMatch[],
      operands: readonly CompiledOperand[],
    ) => {
      tree.load(rows.map((r) => r.id));
      for (const row of rows) {
        const file = tree.fileOf(row.id);
        if (!file || !topic.pathOk(file.path)) continue;
        const heading = headingTermsOf(tree, row.id, analyzer);
        const score = row.score * headingFactor(operands, heading, ENGINE_DEFAULTS.headingBoost);
        out.push({ key: row.id, score, matched: row.matched });
      }
    };

    // Tier 1: every required operand matches exactly: the top N raw matches, N = 10 × limit.
    // Merging can fold them into fewer than `limit` results while more exact matches exist;
    // then N grows once (× 4) before fuzzy and partial matches may follow.
    const exactIds = new Map<number, Set<number>>();
    for (let n = rawLimit; ; n *= RAW_GROWTH) {
      const exactRaw: RawMatch[] = [];
      let truncated = false;
      for (const topic of topics) {
        const expr = matchExpression(topic.exact);
        if (!expr) continue;
        const rows = runMatch(this.reader, expr, topic.scope, weights, n);
        truncated ||= rows.length === n;
        exactIds.set(topic.index, new Set(rows.map((r) => r.id)));
        const labels = tag(
          topic,
          topic.exact.required.map((o) => o.label),
        );
        collect(
          rows.map((r) => ({ ...r, matched: labels })),
          topic,
          exactRaw,
          topic.exact.required,
        );
      }
      const merged = mergeTier(exactRaw);
      if (merged.length >= limit || !truncated || n > rawLimit) {
        accept(merged, false);
        break;
      }
    }

    // Tier 2: some term matches only through a fuzzy variant (below every exact match).
    if (settings.fuzzyDistance > 0 && accepted.length < limit) {
      const fuzzyRaw: RawMatch[] = [];
      for (const topic of topics) {
        const vocabulary = this.vocab();
        const fuzzy = compileQuery(topic.parsed, analyzer, {
          expand: (term) => vocabulary.neighbours(term),
        });
        if (fuzzy.highlights.length === topic.exact.highlights.length) continue; // no variants
        topic.fuzzy = fuzzy;
        const expr = matchExpression(fuzzy);
        if (!expr) continue;
        const seen = exactIds.get(topic.index) ?? new Set();
        const labels = tag(
          topic,
          fuzzy.required.map((o) => o.label),
        );
        const rows = runMatch(this.reader, expr, topic.scope, weights, rawLimit).filter(
          (r) => !seen.has(r.id),
        );
        collect(
          rows.map((r) => ({ ...r, matched: labels })),
          topic,
          fuzzyRaw,
          fuzzy.required,
        );
      }
      accept(mergeTier(fuzzyRaw), false);
    }

    // Tier 3: partial matches, most matched operands first (SPEC §4).
    if (!request.strict && accepted.length < limit) {
      const partialRaw: RawMatch[] = [];
      for (const topic of topics) {
        const query = topic.fuzzy ?? topic.exact;
        if (query.required.length < 2) continue;
        const rows = runPartial(this.reader, query, topic.scope, weights, rawLimit);
        collect(
          rows.map((r) => ({
            ...r,
            matched: tag(
              topic,
              r.matched.map((o) => o.label),
            ),
          })),
          topic,
          partialRaw,
          query.required,
        );
      }
      const merged = mergeTier(partialRaw);
      merged.sort(
        (a, b) => b.matched.length - a.matched.length || compareMatches(a, b, tree.nodes),
      );
      accept(merged, true);
    }

    const results = this.build(accepted.slice(0, limit), topics, tree, analyzer);
    const terms = [...new Set(topics.flatMap((t) => t.exact.terms))];
    return { results, terms, tookMs: performance.now() - started };
  }

  private build(
    matches: Array<MergedMatch & { partial: boolean }>,
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
