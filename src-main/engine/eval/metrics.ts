// The pure core of the evaluation: given each labelled query's ranked results and the node tree's
// parent relation, compute MRR@10, recall@10 and the misses. A result counts when it is the
// expected node (or an `also` node) or contains it — one of its ancestors, the document node
// included — because a merged parent shows the answer too (docs/design.md#hierarchical-merging).
import type { LabelledQuery } from './query-set.ts';

/** The cut-off of the metrics: the first page a user reads. */
export const EVAL_CUTOFF = 10;

/** One search result as the evaluation sees it. */
export interface RankedResult {
  id: string;
  /** Display breadcrumb, shown for the result that came first in a miss. */
  breadcrumb: string;
}

/** A query, its labels as node ids, and what the search returned. */
export interface QueryRun {
  query: LabelledQuery;
  /** Node ids of `expected` then each `also`. */
  labelIds: string[];
  /** Results in rank order. */
  results: RankedResult[];
}

/** A query whose answer was not in the top 10. */
export interface EvalMiss {
  q: string;
  expected: string;
  also?: string[];
  /** 1-based rank of the first result that counts, beyond the cut-off; null when not returned. */
  rank: number | null;
  /** The result ranked first, or null when there were none. */
  first: RankedResult | null;
}

/** The outcome of a query set. */
export interface EvalReport {
  /** Mean reciprocal rank of the first result that counts, 0 beyond the cut-off. */
  mrr10: number;
  /** Fraction of queries with a result that counts in the top 10. */
  recall10: number;
  /** Number of queries evaluated. */
  queries: number;
  misses: EvalMiss[];
}

/** Parent of a node id: a string, null for a document node, undefined when the node is unknown. */
export type ParentOf = (id: string) => string | null | undefined;

/** Ids of every node that shows one of the labels: each label node and all its ancestors. */
export function acceptedIds(labelIds: readonly string[], parentOf: ParentOf): Set<string> {
  const accepted = new Set<string>();
  for (const labelId of labelIds) {
    let id: string | null | undefined = labelId;
    // Bounded by the tree's depth; the `has` check also stops a malformed cyclic relation.
    while (typeof id === 'string' && !accepted.has(id)) {
      accepted.add(id);
      id = parentOf(id);
    }
  }
  return accepted;
}

/** 1-based rank of the first result in `accepted`, or null. */
export function firstHit(results: readonly RankedResult[], accepted: ReadonlySet<string>) {
  const index = results.findIndex((result) => accepted.has(result.id));
  return index === -1 ? null : index + 1;
}

/** MRR@10 and recall@10. */
export interface Scores {
  mrr10: number;
  recall10: number;
}

/** The scores of 1-based ranks (null: not returned) at the cut-off of 10; none scores 0. */
export function scoreRanks(ranks: ReadonlyArray<number | null>): Scores {
  let reciprocal = 0;
  let found = 0;
  for (const rank of ranks) {
    if (rank === null || rank > EVAL_CUTOFF) continue;
    reciprocal += 1 / rank;
    found += 1;
  }
  const n = ranks.length;
  return { mrr10: n === 0 ? 0 : reciprocal / n, recall10: n === 0 ? 0 : found / n };
}

/** Scores every run at the cut-off of 10. An empty run list scores 0. */
export function evaluate(runs: readonly QueryRun[], parentOf: ParentOf): EvalReport {
  const ranks = runs.map((run) => firstHit(run.results, acceptedIds(run.labelIds, parentOf)));
  const misses: EvalMiss[] = [];
  for (const [i, run] of runs.entries()) {
    const rank = ranks[i]!;
    if (rank !== null && rank <= EVAL_CUTOFF) continue;
    const { q, expected, also } = run.query;
    misses.push({
      q,
      expected,
      ...(also ? { also } : {}),
      rank,
      first: run.results[0] ?? null,
    });
  }
  return { ...scoreRanks(ranks), queries: runs.length, misses };
}
