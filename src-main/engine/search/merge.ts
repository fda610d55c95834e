// Stage 4 of a search (docs/architecture.md#search): hierarchical merging, exactly as
// docs/design.md#hierarchical-merging says: raw matches are promoted up the heading tree by
// parent priority, sibling aggregation and the document rule; scores combine as
// min(sum, C × max). Pure: it sees only the tree shape of the nodes involved.

/** What merging needs to know about a node (a raw match or one of its ancestors). */
export interface MergeNode {
  /** Unique key (in a search, the search tree's key of the node). */
  key: number;
  /** The node's document (all nodes of one document share it). */
  doc: number;
  /** Parent key; null for the document node. */
  parent: number | null;
  depth: number;
  position: number;
  /** Number of children in the chunk tree. */
  childCount: number;
  /** For ordering ties (by docId, then position). */
  docId: string;
}

/** Nodes by key: a `Map`, or the search tree's own lookup. */
export interface NodeLookup {
  get(key: number): MergeNode | undefined;
}

/**
 * What merging reads of a raw match, a node that matched the query in its own right: a scored
 * `Candidate` (candidate.ts) is passed as it is.
 */
export interface RawMatch {
  key: number;
  /** What merging adds up (ranking.ts `evidence`): positive, higher is better. */
  evidence: number;
}

/** A result after merging: its node, score and what it absorbed. */
export interface MergedMatch {
  key: number;
  score: number;
  /** Keys absorbed, transitively, in no particular order. */
  mergedFrom: number[];
  /** What it matched (set after merging, from its best node per topic). */
  matchedTerms: string[];
  /** The topics (indexes) it matched. */
  topics: number[];
  /**
   * True when none of its raw matches (itself, when it is one, and those it absorbed) holds
   * everything its topic wants: a node that is no raw match is not asked (pipeline.ts
   * `markWhatMatched`).
   */
  partial: boolean;
}

/** The T, M and C of docs/design.md#hierarchical-merging. */
export interface MergeParams {
  aggregationThreshold: number;
  minAggregationMatches: number;
  scoreCapMultiplier: number;
}

/** The score of results combined: min(sum, C × max). */
function combine(results: MergedMatch[], cap: number): number {
  let sum = 0;
  let max = 0;
  for (const result of results) {
    sum += result.score;
    max = Math.max(max, result.score);
  }
  return Math.min(sum, cap * max);
}

/** `into` absorbs the results of `keys` and all they absorbed; they leave `R`. */
function absorb(into: MergedMatch, keys: number[], R: Map<number, MergedMatch>): void {
  for (const key of keys) {
    into.mergedFrom.push(key, ...R.get(key)!.mergedFrom);
    R.delete(key);
  }
}

/** Merges one document's raw matches; `R` is modified in place. */
function mergeDocument(R: Map<number, MergedMatch>, nodes: NodeLookup, params: MergeParams): void {
  // below.get(A): the results under A (kept current as results enter; filtered against R).
  const below = new Map<number, number[]>();
  const addBelow = (key: number) => {
    for (let p = nodes.get(key)!.parent; p !== null; p = nodes.get(p)!.parent) {
      const list = below.get(p);
      if (list) list.push(key);
      else below.set(p, [key]);
    }
  };
  let docKey: number | null = null;
  for (const key of R.keys()) {
    addBelow(key);
    if (nodes.get(key)!.depth === 0) docKey = key;
  }
  const headings = [...below.keys()].map((key) => nodes.get(key)!);
  for (const node of headings) if (node.depth === 0) docKey = node.key;
  const inner = headings.filter((n) => n.depth > 0);
  inner.sort((a, b) => b.depth - a.depth || a.position - b.position);
  for (const P of inner) {
    const D = below.get(P.key)!.filter((key) => R.has(key));
    if (D.length > 0 && mergeHeading(P, D, R, nodes, params)) addBelow(P.key);
  }
  if (docKey !== null) mergeIntoDocument(docKey, R, nodes, params);
}

/**
 * Rule 2 for heading P with results D below it: parent match priority, or sibling aggregation;
 * true when P entered R.
 */
function mergeHeading(
  P: MergeNode,
  D: number[],
  R: Map<number, MergedMatch>,
  nodes: NodeLookup,
  params: MergeParams,
): boolean {
  const combined = () =>
    combine(
      D.map((k) => R.get(k)!),
      params.scoreCapMultiplier,
    );
  const own = R.get(P.key);
  if (own) {
    // Parent match priority.
    own.score = Math.max(own.score, combined());
    absorb(own, D, R);
    return false;
  }
  const K = D.filter((key) => nodes.get(key)!.parent === P.key);
  if (
    K.length <= params.aggregationThreshold * P.childCount ||
    K.length < params.minAggregationMatches
  ) {
    return false;
  }
  // Sibling aggregation.
  const aggregate = mergedMatch(P.key, combined());
  absorb(aggregate, D, R);
  R.set(P.key, aggregate);
  return true;
}

/** Rule 3: the document node absorbs the rest when it matched, or when all its children did. */
function mergeIntoDocument(
  docKey: number,
  R: Map<number, MergedMatch>,
  nodes: NodeLookup,
  params: MergeParams,
): void {
  const others = [...R.keys()].filter((key) => key !== docKey);
  const combined = () =>
    combine(
      others.map((k) => R.get(k)!),
      params.scoreCapMultiplier,
    );
  const docResult = R.get(docKey);
  if (docResult) {
    if (others.length === 0) return;
    docResult.score = Math.max(docResult.score, combined());
    absorb(docResult, others, R);
    return;
  }
  const doc = nodes.get(docKey)!;
  const children = others.filter((key) => nodes.get(key)!.parent === docKey);
  if (children.length === doc.childCount && children.length >= params.minAggregationMatches) {
    const aggregate = mergedMatch(docKey, combined());
    absorb(aggregate, others, R);
    R.set(docKey, aggregate);
  }
}

/**
 * Merges raw matches. `nodes` must hold every raw match and all its ancestors; a node listed
 * twice (two topics found it) keeps its better evidence. Results are ordered by score, ties by docId
 * then position.
 */
export function mergeMatches(
  raw: readonly RawMatch[],
  nodes: NodeLookup,
  params: MergeParams,
): MergedMatch[] {
  const byDoc = new Map<number, Map<number, MergedMatch>>();
  for (const match of raw) {
    const node = nodes.get(match.key);
    if (!node) throw new Error(`mergeMatches: node ${match.key} is missing from the tree`);
    let R = byDoc.get(node.doc);
    if (!R) byDoc.set(node.doc, (R = new Map()));
    const previous = R.get(match.key);
    if (previous) previous.score = Math.max(previous.score, match.evidence);
    else R.set(match.key, mergedMatch(match.key, match.evidence));
  }
  const out: MergedMatch[] = [];
  for (const R of byDoc.values()) {
    // A lone match cannot merge unless single matches may aggregate (M ≤ 1).
    if (R.size > 1 || params.minAggregationMatches <= 1) mergeDocument(R, nodes, params);
    for (const result of R.values()) out.push(result);
  }
  return out.sort((a, b) => compareMatches(a, b, nodes));
}

/** A result of node `key`, before it absorbs any and before its terms are known. */
export function mergedMatch(key: number, score: number): MergedMatch {
  return { key, score, mergedFrom: [], matchedTerms: [], topics: [], partial: false };
}

/** Score descending, then docId, then position. */
export function compareMatches(
  a: { key: number; score: number },
  b: { key: number; score: number },
  nodes: NodeLookup,
): number {
  if (a.score !== b.score) return b.score - a.score;
  const na = nodes.get(a.key)!;
  const nb = nodes.get(b.key)!;
  if (na.docId !== nb.docId) return na.docId < nb.docId ? -1 : 1;
  return na.position - nb.position;
}
