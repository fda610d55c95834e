// The pure core of `cli eval --bound` (docs/search-quality.md#how-far-ranking-alone-could-go): the
// best rank any *coverage-monotone* ranking can give a labelled answer — one that never ranks a
// section, or a result, below one holding strictly less of the query — with the merge as it is
// (docs/design.md#hierarchical-merging). What each row holds comes from FTS5
// (run-bound.ts); here it is only bit masks.

/**
 * What a row (or a merged result) holds of a topic's wanted operands, as bits (bit i: the i-th
 * wanted operand): `exact` as typed (stemmed, any column), `any` as typed or through one of the
 * fuzzy variants the search gives it. `exact` is always within `any`.
 */
export interface Held {
  exact: number;
  any: number;
}

/** Holds nothing. */
export const NOTHING: Readonly<Held> = Object.freeze({ exact: 0, any: 0 });

/**
 * True when `a` holds every operand `b` holds, each at least as well (exact over fuzzy, as the
 * score's coverage counts them: docs/search-quality.md#the-score), and something more or better.
 * Every positive weighting of the operands then gives `a` the larger coverage.
 */
export function dominates(a: Held, b: Held): boolean {
  const covers = (a.exact & b.exact) === b.exact && (a.any & b.any) === b.any;
  return covers && (a.exact !== b.exact || a.any !== b.any);
}

/** The union of two holdings: a merged result holds what its members hold. */
export function union(a: Held, b: Held): Held {
  return { exact: a.exact | b.exact, any: a.any | b.any };
}

/** A node of the answer's document, in document order (a parent before its children). */
export interface DocNode {
  rowid: number;
  /** The parent's rowid; null for the document node. */
  parent: number | null;
  childCount: number;
  /**
   * It can be a raw match: it holds a wanted operand in its own heading or text (a document node:
   * anywhere). A section whose words are only in its context or path is no match of its own
   * (search/topic-ranking.ts `visit`): its ancestor is.
   */
  candidate: boolean;
  held: Held;
}

/** A candidate row anywhere in the index: its document (any key) and what it holds. */
export interface CandidateRow {
  rowid: number;
  doc: number;
  held: Held;
}

/** The merge's T and M (docs/design.md#hierarchical-merging): when children lift their parent. */
export interface MergeRule {
  aggregationThreshold: number;
  minAggregationMatches: number;
}

/**
 * The nodes of a document that can be in R after merging when every candidate of it is a raw
 * match: a candidate, a heading more than T of whose children (and at least M) are in R, or the
 * document node with all its children (at least M). More raw matches never take a node out of R
 * (what absorbs it is its ancestor), so these are all the nodes any choice of raw matches can
 * leave in R.
 */
export function resultNodes(nodes: readonly DocNode[], rule: MergeRule): Set<number> {
  const inR = new Set<number>();
  const childrenIn = new Map<number, number>();
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    const k = childrenIn.get(node.rowid) ?? 0;
    const aggregates =
      k >= rule.minAggregationMatches &&
      (node.parent === null
        ? k === node.childCount
        : k > rule.aggregationThreshold * node.childCount);
    if (!node.candidate && !aggregates) continue;
    inR.add(node.rowid);
    if (node.parent !== null) childrenIn.set(node.parent, (childrenIn.get(node.parent) ?? 0) + 1);
  }
  return inR;
}

/** The best an answer can do in one document. */
export interface AnswerBound {
  /** 1 + the results that must rank above it; null when no accepted node can be a result. */
  rank: number | null;
  /** The accepted node showing the answer at that rank (null with `rank`). */
  result: number | null;
  /** What that result holds at most (its subtree's candidates). */
  held: Held;
  /** A row that must rank above it, holding the most operands (null when none). */
  rival: CandidateRow | null;
}

/** The rowids of `root`'s subtree (nodes in document order: a subtree is contiguous). */
function subtree(nodes: readonly DocNode[], root: number): Set<number> {
  const inside = new Set<number>();
  const start = nodes.findIndex((n) => n.rowid === root);
  for (let i = start; i >= 0 && i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.rowid !== root && (node.parent === null || !inside.has(node.parent))) break;
    inside.add(node.rowid);
  }
  return inside;
}

function bits(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}

/** How much a row holds, for picking an example rival: exact operands count twice. */
const amount = (held: Held) => bits(held.exact) + bits(held.any);

/**
 * The best rank of an answer whose accepted nodes (each label and its ancestors) in document
 * `doc` are `accepted`, against every candidate row `rows` of the index (its own document's
 * included). For each accepted node X that can be in R, X's result holds at most what the
 * candidates of its subtree hold (W); every candidate row holding strictly more than W
 * (`dominates`) ranks above all of X's rows, so it is a raw match whenever X's are, and its result
 * ranks above X's: one per other document, and one for the rest of X's own document when a row
 * outside X's subtree does (it cannot merge into X, else X's parent would be in R). Ties count
 * for the answer. The best X gives the bound.
 */
export function answerBound(
  doc: number,
  nodes: readonly DocNode[],
  accepted: ReadonlySet<number>,
  rows: readonly CandidateRow[],
  rule: MergeRule,
): AnswerBound {
  const inR = resultNodes(nodes, rule);
  let best: AnswerBound = { rank: null, result: null, held: NOTHING, rival: null };
  for (const node of nodes) {
    if (!accepted.has(node.rowid) || !inR.has(node.rowid)) continue;
    const inside = subtree(nodes, node.rowid);
    let held: Held = NOTHING;
    for (const n of nodes) if (n.candidate && inside.has(n.rowid)) held = union(held, n.held);
    const docs = new Set<number>();
    let ownDoc = false;
    let rival: CandidateRow | null = null;
    for (const row of rows) {
      if (!dominates(row.held, held)) continue;
      if (row.doc !== doc) docs.add(row.doc);
      else if (!inside.has(row.rowid)) ownDoc = true;
      else continue;
      if (!rival || amount(row.held) > amount(rival.held)) rival = row;
    }
    const rank = 1 + docs.size + (ownDoc ? 1 : 0);
    if (best.rank === null || rank < best.rank) best = { rank, result: node.rowid, held, rival };
  }
  return best;
}
