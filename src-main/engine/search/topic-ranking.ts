// Stage 3 of a search (docs/architecture.md#search): a topic's candidates scored by `score()`
// (ranking.ts: evidence × placement), best first. FTS5 tells each candidate's bm25 and coverage;
// its heading and context shares, the per-file filters and the passage check of a long node need
// its row. So candidates are visited best bound first, and the sources (stage 2:
// candidate-sources.ts, read by source-reading.ts) are read only while a bound can still reach the
// top `k`: most candidates of a common word are never loaded, most searches never read their
// partial or fuzzy sources.
import type { Analyzer } from '../analysis/analyzer.ts';
import type { CompiledOperand } from '../query/compile.ts';
import { bitCount, type Candidate } from './candidate.ts';
import { planSources, type Source, type SourceContext } from './candidate-sources.ts';
import { nearIsCheap, rowMatches } from './fts-statements.ts';
import { headingShares, headingTermsOf } from './heading-match.ts';
import { mayHide } from './hidden-shares.ts';
import { judgedByPassages, ownTextEnd, passageOperands } from './passages.ts';
import { evidence, placement, scoreBound } from './ranking.ts';
import { readSource, type TopicReading } from './source-reading.ts';
import { allOperands, type Topic } from './topic.ts';
import type { SearchTree } from './tree.ts';

/** What ranking reads: what reading the sources does, and the search tree its rows load into. */
export interface RankContext extends SourceContext {
  tree: SearchTree;
  analyzer: Analyzer;
  /** Strict AND: full matches only; long nodes are not split into passages. */
  strict: boolean;
  /** The vault multiplier of a rowid, and the largest there is. */
  boostOf(rowid: number): number;
  boostMax: number;
}

/** Candidates loaded per batch (one query for their rows). */
const BATCH = 64;

/** A topic's candidates, read and scored lazily, best first. */
export class TopicRanking {
  readonly topic: Topic;
  private readonly context: RankContext;
  private readonly sources: Source[];
  /** The topic, its context and the candidates its sources gave so far. */
  private readonly reading: TopicReading;
  /** Candidates not yet visited, by descending bound (sorted when `sorted` is false). */
  private pending: Candidate[] = [];
  private sorted = true;
  /** Candidates visited and kept (their score is final), best first once `top` returns. */
  private readonly kept: Candidate[] = [];
  /** Every wanted operand's bit. */
  private readonly all: number;

  constructor(topic: Topic, context: RankContext) {
    this.topic = topic;
    this.context = context;
    this.reading = { topic, context, found: new Map() };
    this.all = allOperands(topic);
    this.sources = planSources(topic, context, context.strict);
  }

  /** True when candidates may remain beyond those returned. */
  get more(): boolean {
    return this.pending.length > 0 || this.sources.some((s) => !s.done);
  }

  /** The `k` best candidates by final score. */
  top(k: number): Candidate[] {
    for (;;) {
      const floor = this.floor(k);
      // Read the source that may hold the best unread candidates, if any can still count.
      let next: Source | null = null;
      for (const s of this.sources) {
        if (!s.done && s.bound * this.context.boostMax >= floor && (!next || s.bound > next.bound))
          next = s;
      }
      const pendingBound = this.pendingBound();
      if (next && next.bound * this.context.boostMax >= pendingBound) {
        this.read(next, k);
        continue;
      }
      if (pendingBound < floor || this.pending.length === 0) break;
      this.visitBatch();
    }
    this.kept.sort((a, b) => b.score - a.score);
    return this.kept.slice(0, k);
  }

  /** The k-th best score kept so far (0 while fewer are kept). */
  private floor(k: number): number {
    if (this.kept.length < k) return 0;
    this.kept.sort((a, b) => b.score - a.score);
    return this.kept[k - 1]!.score;
  }

  private pendingBound(): number {
    if (!this.sorted) {
      this.pending.sort((a, b) => b.bound - a.bound);
      this.sorted = true;
    }
    return this.pending[0]?.bound ?? -Infinity;
  }

  /** Reads a source and queues its new candidates with their bounds. */
  private read(source: Source, k: number): void {
    const least = this.floor(k) / this.context.boostMax;
    for (const c of readSource(source, this.reading, 2 * k, least)) {
      c.held = c.exact | c.fuzzy;
      const unflagged = mayHide(source, c.rowid) ? source.unflagged : 0;
      const { bm25, titled, contexted } = c;
      const coverage = this.coverage(c.exact, c.fuzzy);
      const boost = this.context.boostOf(c.rowid);
      const bound = { bm25, coverage, boost, titled, contexted, unflagged };
      c.bound = scoreBound(bound, this.context.options);
      this.pending.push(c);
    }
    this.sorted = false;
  }

  /** Visits the best pending candidates (one batch of rows loaded together). */
  private visitBatch(): void {
    this.pendingBound();
    const batch = this.pending.splice(0, BATCH);
    this.context.tree.load(batch.map((c) => c.rowid));
    for (const c of batch) {
      const visited = this.visit(c);
      if (visited === 'kept') this.kept.push(c);
      else if (visited === 'again') {
        this.pending.push(c);
        this.sorted = false;
      }
    }
  }

  /** The share of the topic's weight held exactly (`exact`) and only fuzzily (`fuzzy`). */
  private coverage(exact: number, fuzzy: number): number {
    const { wanted, weight } = this.topic;
    if (weight <= 0) return 1;
    let sum = 0;
    for (let i = 0; i < wanted.length; i++) {
      if (exact & (1 << i)) sum += wanted[i]!.weight;
      else if (fuzzy & (1 << i)) sum += this.context.options.fuzzyWeight * wanted[i]!.weight;
    }
    return sum / weight;
  }

  /**
   * Scores one candidate from its row: `kept`, `dropped` when it is no match of its own, or
   * `again` for a long node scored as a whole, queued to be checked for passages (which can
   * only lower its score) when it comes up again — only those that could reach the top are read.
   */
  private visit(c: Candidate): 'kept' | 'dropped' | 'again' {
    const { tree, options, strict } = this.context;
    const key = tree.keyOf(c.rowid);
    if (key === undefined) return 'dropped';
    const row = tree.row(key);
    if (!this.topic.acceptsFile(tree.fileOf(key))) return 'dropped';
    // A section holding none of the words itself — they are in its path, tags or context — is
    // part of a match, not one: its document or ancestor is the match.
    if (!c.own && row.depth > 0) return 'dropped';
    c.key = key;
    c.topic = this.topic.index;
    const long = !strict && judgedByPassages(row, bitCount(c.held), options);
    // First scored whole and queued again with that score as its bound; back, its passages.
    if (long && !c.scoredWhole) {
      this.score(c);
      c.bound = c.score;
      c.scoredWhole = true;
      return 'again';
    }
    if (long) c.held = this.heldInOnePassage(c);
    this.score(c);
    return 'kept';
  }

  /** A visited candidate's score from what it holds and its heading. */
  private score(c: Candidate): void {
    const { options } = this.context;
    c.full = (c.held & this.all) === this.all;
    const coverage = this.coverage(c.exact & c.held, c.fuzzy & c.held);
    const boost = this.context.boostOf(c.rowid);
    c.evidence = evidence({ bm25: c.bm25, coverage, boost }, options);
    c.score = c.evidence * placementOf(this.topic, c.key, this.context, c.exact, c.fuzzy);
  }

  /** The operands a long candidate holds within one passage (`passages.ts`), as a mask. */
  private heldInOnePassage(c: Candidate): number {
    const { tree, reader, analyzer, options } = this.context;
    const held: number[] = [];
    const operands: CompiledOperand[] = this.topic.wanted.map((w, i) => {
      if (c.held & (1 << i)) held.push(i);
      const { operand } = w;
      if (!(c.fuzzy & (1 << i))) return operand;
      // Held through a fuzzy variant: the passage may hold any of its forms.
      const highlights = [...operand.highlights, ...operand.fuzzyHighlights];
      return { ...operand, expr: operand.fuzzy ?? operand.expr, highlights };
    });
    const fileId = tree.fileOf(c.key).id;
    const row = tree.row(c.key);
    const node = {
      row,
      content: () => tree.content(fileId, ownTextEnd(row)),
      near: (expr: string) => nearIsCheap(reader, expr) && rowMatches(reader, expr, c.rowid),
    };
    const kept = passageOperands(node, operands, held, { analyzer, options, texts: tree.passages });
    return kept.reduce((mask, i) => mask | (1 << i), 0);
  }
}

/**
 * Where a node is for a topic: its heading and context shares of the topic's words, placed. A
 * candidate's heading counts only the operands its row holds (`exact`, `fuzzy`: masks of wanted
 * operands), one held only through a fuzzy variant at most `fuzzyWeight` of its weight, as its
 * coverage does: a phrase whose words its heading holds apart, and its row nowhere side by side,
 * is not named there — and a share above the row's coverage would break its score bound
 * (`scoreBound`).
 */
export function placementOf(
  topic: Topic,
  key: number,
  context: Pick<RankContext, 'tree' | 'analyzer' | 'options'>,
  exact = allOperands(topic),
  fuzzy = 0,
): number {
  const { tree, analyzer, options } = context;
  const heading = headingTermsOf(tree, key, analyzer);
  const all = allOperands(topic);
  const named =
    (exact & all) === all
      ? topic.wanted
      : topic.wanted.flatMap((wanted, i) => {
          if (exact & (1 << i)) return [wanted];
          return fuzzy & (1 << i) ? [{ ...wanted, fuzzyOnly: true }] : [];
        });
  const shares = headingShares(named, topic.weight, heading, options.fuzzyWeight);
  return placement(shares, options);
}
