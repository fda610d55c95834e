// One search's tiers (SPEC §4): exact matches first, then fuzzy-only matches (so exact ones
// always outrank them), then partial matches while fewer than `limit` results exist; each tier
// turned from FTS5 rows into raw matches (path filter, sections holding a word themselves, long
// nodes judged by their best passage),
// merged against what earlier tiers returned (`tiers.ts`), then boosted by each result's heading.
import type { SearchRequest, Settings } from '#shared/contract/api.ts';
import type { Analyzer } from '../analysis/analyzer.ts';
import { compileQuery, matchExpression, type CompiledOperand } from '../query/compile.ts';
import type { Vocabulary } from '../query/fuzzy.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { ENGINE_DEFAULTS } from '../settings/settings.ts';
import { headingFactor, headingFactorMax, headingTermsOf } from './heading-match.ts';
import type { RawMatch } from './merge.ts';
import { LONG_NODE_TOKENS, passageOperands } from './passages.ts';
import { rowids, runPartial, runRequired, type RawRow } from './raw-matches.ts';
import { ResultList } from './tiers.ts';
import { tag, type Topic } from './topics.ts';
import type { SearchTree } from './tree.ts';

/** How much N grows when merging left fewer than `limit` results from a full first fetch. */
const RAW_GROWTH = 4;

/**
 * FTS5 rows of one topic and the operands (indexes) each matched, `opsOf(i)` for `rows[i]`: the
 * rows are not copied to carry them, and rows handed the same array share one labels array
 * (`collect`) — a tier's rows mostly match the same operands.
 */
interface Rows {
  rows: RawRow[];
  opsOf(index: number): number[];
}

/** A raw match as an instance, not a literal (see `Row` in `raw-matches.ts`). */
class Hit implements RawMatch {
  key: number;
  score: number;
  matched: readonly string[];

  constructor(key: number, score: number, matched: readonly string[]) {
    this.key = key;
    this.score = score;
    this.matched = matched;
  }
}

/** What a search run reads and how it ranks. */
export interface RunContext {
  /** The search connection. */
  reader: IndexReader;
  /** Column weights, merge parameters, fuzzy distance. */
  settings: Settings;
  /** The analysis documents were indexed with. */
  analyzer: Analyzer;
  /** The index's terms and their row counts (fuzzy variants, common words). */
  vocabulary: Vocabulary;
  /** The nodes loaded for this search. */
  tree: SearchTree;
  /** False: raw matches are results of their own (`search --raw`). */
  merge: boolean;
}

const every = (operands: readonly CompiledOperand[]) => operands.map((_, i) => i);

/** The tiers of one search, run in order into one result list. */
export class SearchRun {
  readonly list: ResultList;
  private readonly context: RunContext;
  private readonly topics: Topic[];
  private readonly limit: number;
  private readonly rawLimit: number;
  /** All-terms rows of long nodes that hold the terms in no one passage: partial matches. */
  private demoted: RawMatch[] = [];
  /** False in strict AND: no partial matches follow, so no row is demoted to them. */
  private partialsFollow = true;
  /** The rows the exact tier fetched, per topic (the fuzzy tier skips them). */
  private readonly exactRows = new Map<number, RawRow[]>();

  constructor(context: RunContext, topics: Topic[], limit: number) {
    this.context = context;
    this.topics = topics;
    this.limit = limit;
    this.rawLimit = limit * ENGINE_DEFAULTS.rawPerResult;
    const { tree, settings, merge } = context;
    const boost = (key: number) => this.headingBoost(key);
    const boostMax = headingFactorMax(ENGINE_DEFAULTS.headingBoost);
    this.list = new ResultList({
      nodes: tree.nodes,
      limit,
      params: settings,
      merge,
      boost,
      boostMax,
    });
  }

  /**
   * A result's heading boost (`heading-match.ts`): for the topic its heading names best, how
   * much of it the heading and its context hold.
   */
  private headingBoost(key: number): number {
    const { tree, analyzer } = this.context;
    const heading = headingTermsOf(tree, key, analyzer);
    let best = 1;
    for (const topic of this.topics) {
      const { required } = topic.fuzzy ?? topic.exact;
      best = Math.max(best, headingFactor(required, heading, ENGINE_DEFAULTS.headingBoost));
    }
    return best;
  }

  /** Runs every tier the request allows while the list is not full. */
  run(request: SearchRequest): void {
    this.partialsFollow = !request.strict;
    this.exactTier();
    if (this.context.settings.fuzzyDistance > 0 && !this.list.full) this.fuzzyTier();
    if (!request.strict && !this.list.full) this.partialTier();
  }

  /**
   * Tier 1: every required operand matches exactly: the top N raw matches, N = 10 × limit.
   * Merging can fold them into fewer than `limit` results while more exact matches exist; then
   * N grows once (× 4) before fuzzy and partial matches may follow. Each topic decides that on
   * its own rows, so a topic has the same raw matches beside others as alone (SPEC §4: each is
   * searched separately), and the union of them all is merged (SPEC §5).
   */
  private exactTier(): void {
    const fetched: Array<[Topic, Rows]> = [];
    // A lone topic's tier, when the check below already merged exactly what it keeps.
    let alone: { tier: ReturnType<SearchRun['prepareExact']>; demoted: RawMatch[] } | null = null;
    for (const topic of this.topics) {
      if (!matchExpression(topic.exact)) continue;
      const ops = every(topic.exact.required);
      let rows = this.exactMatches(topic, this.rawLimit);
      if (rows.length === this.rawLimit) {
        const demoted: RawMatch[] = [];
        const tier = this.prepareExact([[topic, { rows, opsOf: () => ops }]], demoted);
        if (tier.results.length < this.limit) {
          rows = this.exactMatches(topic, this.rawLimit * RAW_GROWTH);
        } else if (this.topics.length === 1) {
          alone = { tier, demoted };
        }
      }
      this.exactRows.set(topic.index, rows);
      fetched.push([topic, { rows, opsOf: () => ops }]);
    }
    if (alone) {
      this.demoted = alone.demoted;
      this.list.accept(alone.tier);
      return;
    }
    this.demoted = [];
    this.list.accept(this.prepareExact(fetched, this.demoted));
  }

  private exactMatches(topic: Topic, n: number): RawRow[] {
    const { reader, settings } = this.context;
    return runRequired(reader, topic.exact, topic.scope, settings.columnWeights, n);
  }

  /** The exact tier of these rows, merged; long nodes that must become partial go to `demoted`. */
  private prepareExact(fetched: Array<[Topic, Rows]>, demoted: RawMatch[]) {
    const raw: RawMatch[] = [];
    for (const [topic, rows] of fetched) this.collect(rows, topic, raw, null);
    const tier = this.list.prepare(raw, false);
    const short = tier.results.length < this.limit;
    if (!this.partialsFollow || !short || !fetched.some(([, batch]) => batch.rows.length > 0)) {
      return tier;
    }
    // Partial matches will follow: long nodes must earn their place above them by holding the
    // terms in one passage (`passages.ts`). Not needed while all-terms results fill the page,
    // nor in strict AND: there long nodes only compete on score.
    const kept: RawMatch[] = [];
    for (const [topic, rows] of fetched) this.collect(rows, topic, kept, demoted);
    return demoted.length > 0 ? this.list.prepare(kept, false) : tier;
  }

  /** Tier 2: some term matches only through a fuzzy variant (below every exact match). */
  private fuzzyTier(): void {
    const { reader, settings, analyzer, vocabulary } = this.context;
    const raw: RawMatch[] = [];
    for (const topic of this.topics) {
      const fuzzy = compileQuery(topic.parsed, analyzer, {
        expand: (term) => vocabulary.variants(term),
      });
      if (fuzzy.highlights.length === topic.exact.highlights.length) continue; // no variants
      topic.fuzzy = fuzzy;
      if (!matchExpression(fuzzy)) continue;
      const seen = new Set((this.exactRows.get(topic.index) ?? []).map((r) => r.id));
      const ops = every(fuzzy.required);
      const rows = runRequired(reader, fuzzy, topic.scope, settings.columnWeights, this.rawLimit);
      const fresh = { rows: rows.filter((r) => !seen.has(r.id)), opsOf: () => ops };
      this.collect(fresh, topic, raw, this.partialsFollow ? this.demoted : null);
    }
    this.list.accept(this.list.prepare(raw, false));
  }

  /** Tier 3: partial matches, most matched operands first (SPEC §4). */
  private partialTier(): void {
    const { reader, settings } = this.context;
    const raw: RawMatch[] = [...this.demoted];
    for (const topic of this.topics) {
      const query = topic.fuzzy ?? topic.exact;
      if (query.required.length < 2) continue;
      const rows = runPartial(reader, query, topic.scope, settings.columnWeights, this.rawLimit);
      // Rows of one combination share its `matched` array, and so their operand indexes.
      const indexes = new Map<readonly CompiledOperand[], number[]>();
      const opsOf = (i: number) => {
        const matched = rows[i]!.matched;
        let ops = indexes.get(matched);
        if (!ops) indexes.set(matched, (ops = matched.map((o) => query.required.indexOf(o))));
        return ops;
      };
      this.collect({ rows, opsOf }, topic, raw, raw);
    }
    this.list.accept(this.list.prepare(raw, true));
  }

  /**
   * Rows → raw matches: the path filter, sections holding a word themselves, and long nodes
   * judged by their best passage (`passages.ts`) unless `demoted` is null; a row that loses
   * operands that way goes to `demoted`.
   */
  private collect(batch: Rows, topic: Topic, out: RawMatch[], demoted: RawMatch[] | null): void {
    const { tree } = this.context;
    const operands = (topic.fuzzy ?? topic.exact).required;
    // A word typed twice ("vault … vault") is one matched term.
    const labelsOf = (ops: number[]) =>
      tag(topic, [...new Set(ops.map((i) => operands[i]!.label))]);
    // Labels per operands array: rows matching the same operands share one (merging compares
    // them by identity first).
    const shared = new Map<number[], string[]>();
    const { rows } = batch;
    tree.load(rows.map((r) => r.id));
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index]!;
      const key = tree.keyOf(row.id);
      if (key === undefined) continue;
      const file = tree.fileOf(key);
      if (!topic.pathOk(file.path)) continue;
      // A section holding none of the words itself — they are in its file's path or tags, or
      // in its context — is part of a match, not one: its document or ancestor is the match.
      if (!row.own && tree.row(key).depth > 0) continue;
      const all = batch.opsOf(index);
      let ops = demoted ? this.passageOps(row, key, all, operands, file.id) : all;
      // A field word is a filter on the node, not a word a passage must hold.
      if (ops.length < all.length && all.some((i) => operands[i]!.filter)) {
        ops = all.filter((i) => operands[i]!.filter || ops.includes(i));
      }
      let matched: string[];
      if (ops.length < all.length) matched = labelsOf(ops);
      else {
        matched = shared.get(all)!;
        if (!matched) shared.set(all, (matched = labelsOf(all)));
      }
      const match = new Hit(key, row.score, matched);
      (ops.length < all.length ? demoted! : out).push(match);
    }
  }

  /** The operands a row holds within one passage when it is long (`passages.ts`). */
  private passageOps(
    row: RawRow,
    key: number,
    ops: number[],
    operands: readonly CompiledOperand[],
    fileId: number,
  ): number[] {
    const { tree, reader, analyzer } = this.context;
    const brief = tree.row(key);
    if (brief.token_estimate <= LONG_NODE_TOKENS || ops.length <= 1) return ops;
    const only = { include: [{ lo: row.id, hi: row.id + 1, boost: 1 }], exclude: [], boosted: [] };
    return passageOperands(
      brief,
      () => reader.content(fileId),
      operands,
      ops,
      analyzer,
      (expr) => rowids(reader, expr, only, 1).length > 0,
    );
  }
}
