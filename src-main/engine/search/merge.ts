// Stage 4 of a search (docs/architecture.md#search): hierarchical merging, exactly as
// docs/design.md#hierarchical-merging says: raw matches are promoted up the heading tree by
// parent priority, sibling aggregation and the document rule; scores combine as
// min(sum, C × max). Pure: it sees only the tree shape of the nodes involved.
//
// Its names are the rules' letters spelled out: R is `results` (one document's, by key), P the
// `heading` visited, D its `descendants` (results strictly below it), K its `children` in R;
// T, M and C are `MergeParams`.

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

/** One document's results (R), by key. */
type Results = Map<number, MergedMatch>;

/** `into` absorbs the results of `keys` and all they absorbed; they leave `results`. */
function absorb(into: MergedMatch, keys: number[], results: Results): void {
  for (const key of keys) {
    into.mergedFrom.push(key, ...results.get(key)!.mergedFrom);
    results.delete(key);
  }
}

/** Merges one document's raw matches (rules 2 and 3); `results` is modified in place. */
function mergeDocument(results: Results, nodes: NodeLookup, params: MergeParams): void {
  // resultsUnder.get(A): the keys of results under node A, kept current as results enter (a key
  // may have left `results` since: read it through `results.has`).
  const resultsUnder = new Map<number, number[]>();
  const addUnderAncestors = (key: number) => {
    for (let p = nodes.get(key)!.parent; p !== null; p = nodes.get(p)!.parent) {
      const list = resultsUnder.get(p);
      if (list) list.push(key);
      else resultsUnder.set(p, [key]);
    }
  };
  let docKey: number | null = null;
  for (const key of results.keys()) {
    addUnderAncestors(key);
    if (nodes.get(key)!.depth === 0) docKey = key;
  }
  const parents = [...resultsUnder.keys()].map((key) => nodes.get(key)!);
  for (const node of parents) if (node.depth === 0) docKey = node.key;
  // Rule 2 visits headings deepest first; the document node is rule 3's.
  const headings = parents.filter((n) => n.depth > 0);
  headings.sort((a, b) => b.depth - a.depth || a.position - b.position);
  for (const heading of headings) {
    const descendants = resultsUnder.get(heading.key)!.filter((key) => results.has(key));
    if (descendants.length > 0 && mergeHeading(heading, descendants, results, nodes, params))
      addUnderAncestors(heading.key);
  }
  if (docKey !== null) mergeIntoDocument(docKey, results, nodes, params);
}

/**
 * Rule 2 for a heading (P) with results strictly below it (D): parent match priority, or sibling
 * aggregation; true when the heading entered `results`.
 */
function mergeHeading(
  heading: MergeNode,
  descendants: number[],
  results: Results,
  nodes: NodeLookup,
  params: MergeParams,
): boolean {
  const combined = () =>
    combine(
      descendants.map((k) => results.get(k)!),
      params.scoreCapMultiplier,
    );
  const own = results.get(heading.key);
  if (own) {
    // Parent match priority.
    own.score = Math.max(own.score, combined());
    absorb(own, descendants, results);
    return false;
  }
  const children = descendants.filter((key) => nodes.get(key)!.parent === heading.key);
  if (
    children.length <= params.aggregationThreshold * heading.childCount ||
    children.length < params.minAggregationMatches
  ) {
    return false;
  }
  // Sibling aggregation.
  const aggregate = mergedMatch(heading.key, combined());
  absorb(aggregate, descendants, results);
  results.set(heading.key, aggregate);
  return true;
}

/** Rule 3: the document node absorbs the rest when it matched, or when all its children did. */
function mergeIntoDocument(
  docKey: number,
  results: Results,
  nodes: NodeLookup,
  params: MergeParams,
): void {
  const descendants = [...results.keys()].filter((key) => key !== docKey);
  const combined = () =>
    combine(
      descendants.map((k) => results.get(k)!),
      params.scoreCapMultiplier,
    );
  const docResult = results.get(docKey);
  if (docResult) {
    if (descendants.length === 0) return;
    docResult.score = Math.max(docResult.score, combined());
    absorb(docResult, descendants, results);
    return;
  }
  const doc = nodes.get(docKey)!;
  const children = descendants.filter((key) => nodes.get(key)!.parent === docKey);
  if (children.length === doc.childCount && children.length >= params.minAggregationMatches) {
    const aggregate = mergedMatch(docKey, combined());
    absorb(aggregate, descendants, results);
    results.set(docKey, aggregate);
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
  // Rule 1: each document's results start as its raw matches.
  const byDoc = new Map<number, Results>();
  for (const match of raw) {
    const node = nodes.get(match.key);
    if (!node) throw new Error(`mergeMatches: node ${match.key} is missing from the tree`);
    let results = byDoc.get(node.doc);
    if (!results) byDoc.set(node.doc, (results = new Map()));
    const previous = results.get(match.key);
    if (previous) previous.score = Math.max(previous.score, match.evidence);
    else results.set(match.key, mergedMatch(match.key, match.evidence));
  }
  // Rule 4: what is left of each document's results is returned as itself.
  const out: MergedMatch[] = [];
  for (const results of byDoc.values()) {
    // A lone match cannot merge unless single matches may aggregate (M ≤ 1).
    if (results.size > 1 || params.minAggregationMatches <= 1)
      mergeDocument(results, nodes, params);
    for (const result of results.values()) out.push(result);
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
