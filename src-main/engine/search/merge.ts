// Hierarchical merging, exactly as SPEC §5: raw matches are promoted up the heading tree by
// parent priority, sibling aggregation and the document rule; scores combine as
// min(sum, C × max). Pure: it sees only the tree shape of the nodes involved. A later tier of a
// search (fuzzy, partial) merges with nodes "blocked": those holding a result of an earlier
// tier may not become results, since that result's place in the list would overlap them.

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
  /** For ordering ties (SPEC §5: by docId, then position). */
  docId: string;
}

/** Nodes by key: a `Map`, or the search tree's own lookup. */
export interface NodeLookup {
  get(key: number): MergeNode | undefined;
}

/** A node that matched the query in its own right. */
export interface RawMatch {
  key: number;
  /** Positive, higher is better. */
  score: number;
  /** Labels of what it matched (topics or operands); merged results carry the union. */
  matched?: readonly string[];
}

/** A result after merging. */
export interface MergedMatch {
  key: number;
  score: number;
  /** Keys absorbed, transitively, in no particular order. */
  mergedFrom: number[];
  matched: string[];
}

/** The T, M and C of SPEC §5. */
export interface MergeParams {
  aggregationThreshold: number;
  minAggregationMatches: number;
  scoreCapMultiplier: number;
}

// The objects a search keeps until it ends are made by classes, not object literals: V8 may
// pretenure a literal's objects (see `Row` in `raw-matches.ts`), and old objects holding young
// ones make every young-generation collection copy those.

class Entry {
  score: number;
  mergedFrom: number[] = [];
  /** Shared between entries until a union makes it differ (most share one topic's labels). */
  matched: readonly string[];

  constructor(score: number, matched: readonly string[]) {
    this.score = score;
    this.matched = matched;
  }
}

/** A `MergedMatch` as an instance (see `Entry`). */
export class Merged implements MergedMatch {
  key: number;
  score: number;
  mergedFrom: number[];
  matched: string[];

  constructor(key: number, score: number, mergedFrom: number[], matched: string[]) {
    this.key = key;
    this.score = score;
    this.mergedFrom = mergedFrom;
    this.matched = matched;
  }
}

function union(a: readonly string[], b: readonly string[]): readonly string[] {
  if (a === b || b.every((label) => a.includes(label))) return a;
  if (a.every((label) => b.includes(label))) return b;
  return [...new Set([...a, ...b])];
}

function combine(entries: Entry[], cap: number): number {
  let sum = 0;
  let max = 0;
  for (const entry of entries) {
    sum += entry.score;
    max = Math.max(max, entry.score);
  }
  return Math.min(sum, cap * max);
}

function absorb(into: Entry, keys: number[], R: Map<number, Entry>): void {
  for (const key of keys) {
    const entry = R.get(key)!;
    into.mergedFrom.push(key, ...entry.mergedFrom);
    into.matched = union(into.matched, entry.matched);
    R.delete(key);
  }
}

/** Merges one document's raw matches; `R` is modified in place. */
function mergeDocument(
  R: Map<number, Entry>,
  nodes: NodeLookup,
  params: MergeParams,
  blocked: ReadonlySet<number>,
): void {
  const cap = params.scoreCapMultiplier;
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
    if (D.length === 0) continue;
    const own = R.get(P.key);
    if (own) {
      // Parent match priority.
      own.score = Math.max(
        own.score,
        combine(
          D.map((k) => R.get(k)!),
          cap,
        ),
      );
      absorb(own, D, R);
      continue;
    }
    const K = D.filter((key) => nodes.get(key)!.parent === P.key);
    if (
      !blocked.has(P.key) &&
      K.length > params.aggregationThreshold * P.childCount &&
      K.length >= params.minAggregationMatches
    ) {
      // Sibling aggregation.
      const entry = new Entry(
        combine(
          D.map((k) => R.get(k)!),
          cap,
        ),
        [],
      );
      absorb(entry, D, R);
      R.set(P.key, entry);
      addBelow(P.key);
    }
  }
  if (docKey === null) return;
  const others = [...R.keys()].filter((key) => key !== docKey);
  const docEntry = R.get(docKey);
  if (docEntry) {
    if (others.length === 0) return;
    docEntry.score = Math.max(
      docEntry.score,
      combine(
        others.map((k) => R.get(k)!),
        cap,
      ),
    );
    absorb(docEntry, others, R);
    return;
  }
  if (blocked.has(docKey)) return;
  const doc = nodes.get(docKey)!;
  const children = others.filter((key) => nodes.get(key)!.parent === docKey);
  if (children.length === doc.childCount && children.length >= params.minAggregationMatches) {
    const entry = new Entry(
      combine(
        others.map((k) => R.get(k)!),
        cap,
      ),
      [],
    );
    absorb(entry, others, R);
    R.set(docKey, entry);
  }
}

/**
 * Merges raw matches (SPEC §5). `nodes` must hold every raw match and all its ancestors.
 * Results are ordered by score, ties by docId then position. `blocked` nodes never enter R by
 * sibling aggregation or the document rule (none of them may be among `raw`).
 */
export function mergeMatches(
  raw: RawMatch[],
  nodes: NodeLookup,
  params: MergeParams,
  blocked: ReadonlySet<number> = new Set(),
): MergedMatch[] {
  const byDoc = new Map<number, Map<number, Entry>>();
  for (const match of raw) {
    const node = nodes.get(match.key);
    if (!node) throw new Error(`mergeMatches: node ${match.key} is missing from the tree`);
    let R = byDoc.get(node.doc);
    if (!R) byDoc.set(node.doc, (R = new Map()));
    const previous = R.get(match.key);
    if (previous) {
      // The same node twice (multi-topic): keep the better score, both labels.
      previous.score = Math.max(previous.score, match.score);
      previous.matched = union(previous.matched, match.matched ?? []);
    } else {
      R.set(match.key, new Entry(match.score, match.matched ?? []));
    }
  }
  const out: MergedMatch[] = [];
  for (const R of byDoc.values()) {
    // A lone match cannot merge unless single matches may aggregate (M ≤ 1).
    if (R.size > 1 || params.minAggregationMatches <= 1) mergeDocument(R, nodes, params, blocked);
    for (const [key, entry] of R) {
      out.push(new Merged(key, entry.score, entry.mergedFrom, [...entry.matched]));
    }
  }
  return out.sort((a, b) => compareMatches(a, b, nodes));
}

/** Score descending, then docId, then position (SPEC §5). */
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
