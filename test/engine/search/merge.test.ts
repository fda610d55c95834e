// One test per rule of hierarchical merging (docs/design.md#hierarchical-merging) on small
// hand-built trees, and a property over random ones.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mergeMatches,
  type MergeNode,
  type MergeParams,
  type RawMatch,
} from '../../../src-main/engine/search/merge.ts';

const PARAMS: MergeParams = {
  aggregationThreshold: 0.5,
  minAggregationMatches: 2,
  scoreCapMultiplier: 2,
};

/** A tree from `[key, parent, depth]` rows in pre-order; keys double as positions. */
function tree(doc: number, docId: string, rows: Array<[number, number | null, number]>) {
  const nodes = new Map<number, MergeNode>();
  rows.forEach(([key, parent, depth], position) => {
    nodes.set(key, { key, doc, parent, depth, position, childCount: 0, docId });
  });
  for (const node of nodes.values()) if (node.parent !== null) nodes.get(node.parent)!.childCount++;
  return nodes;
}

// doc 0
// ├── 1 (h1)
// │   ├── 2 (h2)
// │   │   ├── 3 (h3)
// │   │   └── 4 (h3)
// │   ├── 5 (h2)
// │   └── 6 (h2)
// └── 7 (h1)
const doc = () =>
  tree(1, 'v:a.md', [
    [0, null, 0],
    [1, 0, 1],
    [2, 1, 2],
    [3, 2, 3],
    [4, 2, 3],
    [5, 1, 2],
    [6, 1, 2],
    [7, 0, 1],
  ]);

const raw = (...pairs: Array<[number, number]>): RawMatch[] =>
  pairs.map(([key, evidence]) => ({ key, evidence }));
const summary = (nodes = doc(), matches: RawMatch[], params = PARAMS) =>
  mergeMatches(matches, nodes, params).map((m) => [m.key, m.score, [...m.mergedFrom].sort()]);

describe('hierarchical merging', () => {
  it('rule 4, standalone: a match whose parent does not qualify is returned as itself', () => {
    expect(summary(doc(), raw([5, 3]))).toEqual([[5, 3, []]]);
    expect(summary(doc(), raw([3, 2], [6, 1]))).toEqual([
      [3, 2, []],
      [6, 1, []],
    ]);
  });

  it('rule 2, parent priority: a matching parent absorbs its matching descendants', () => {
    // P = 2 scores 1; D = {3: 4} → max(1, combine({4})) = 4
    expect(summary(doc(), raw([2, 1], [3, 4]))).toEqual([[2, 4, [3]]]);
    // The parent keeps its own score when it is higher than the combined children.
    expect(summary(doc(), raw([2, 9], [3, 1], [4, 2]))).toEqual([[2, 9, [3, 4]]]);
  });

  it('rule 2, sibling aggregation: more than T of the children and at least M of them', () => {
    // 2 of 3 children of 1 (> 1.5 and ≥ 2): 1 enters with combine = min(3 + 2, 2 × 3) = 5.
    expect(summary(doc(), raw([5, 3], [6, 2]))).toEqual([[1, 5, [5, 6]]]);
    // 2 of 2 children of 2: enters with min(1 + 1, 2) = 2.
    expect(summary(doc(), raw([3, 1], [4, 1]))).toEqual([[2, 2, [3, 4]]]);
  });

  it('rule 2, sibling aggregation needs strictly more than T × children', () => {
    // 1 of 2 children is not > 1.
    expect(summary(doc(), raw([3, 1]))).toEqual([[3, 1, []]]);
    // With T = 0.7, 2 of 3 is not > 2.1.
    expect(summary(doc(), raw([5, 1], [6, 1]), { ...PARAMS, aggregationThreshold: 0.7 })).toEqual([
      [5, 1, []],
      [6, 1, []],
    ]);
  });

  it('rule 2, sibling aggregation needs at least M matches', () => {
    expect(summary(doc(), raw([3, 1], [4, 1]), { ...PARAMS, minAggregationMatches: 3 })).toEqual([
      [3, 1, []],
      [4, 1, []],
    ]);
    // M = 1: a single child of a two-child parent still needs > T × 2.
    expect(summary(doc(), raw([7, 1]), { ...PARAMS, minAggregationMatches: 1 })).toEqual([
      [7, 1, []],
    ]);
  });

  it('score combination: the sum of the absorbed scores, capped at C × their best', () => {
    // 3 + 3 = 6 ≤ 2 × 3: sum kept.
    expect(summary(doc(), raw([3, 3], [4, 3]))[0]![1]).toBe(6);
    // 10 + 1 = 11 > 2 × 10 is false → 11; with C = 1 the cap (10) wins.
    expect(summary(doc(), raw([3, 10], [4, 1]), { ...PARAMS, scoreCapMultiplier: 1 })[0]![1]).toBe(
      10,
    );
  });

  it('deepest first: a merged parent counts as a child one level up; mergedFrom is transitive', () => {
    // 3 + 4 aggregate into 2; then 2 and 5 are 2 of 3 children of 1 → 1 absorbs all.
    expect(summary(doc(), raw([3, 1], [4, 1], [5, 1]))).toEqual([[1, 3, [2, 3, 4, 5]]]);
  });

  it('rule 3, document level: the document node absorbs everything when it matched', () => {
    expect(summary(doc(), raw([0, 1], [3, 5], [7, 2]))).toEqual([[0, 7, [3, 7]]]);
  });

  it('rule 3, document level: or when every child of it is in R with at least M of them', () => {
    // 5 + 6 → 1; then 1 and 7 are both children of the document.
    expect(summary(doc(), raw([5, 1], [6, 1], [7, 1]))).toEqual([[0, 3, [1, 5, 6, 7]]]);
    // A single child (< M) never makes a document result.
    const single = tree(2, 'v:b.md', [
      [10, null, 0],
      [11, 10, 1],
    ]);
    expect(summary(single, raw([11, 1]))).toEqual([[11, 1, []]]);
  });

  it('rule 3: all children of the document in R make a document result; otherwise none', () => {
    expect(summary(doc(), raw([1, 1], [7, 1])).map((r) => r[0])).toEqual([0]);
    expect(summary(doc(), raw([2, 1], [7, 1])).map((r) => r[0])).toEqual([2, 7]);
  });

  it('never merges across documents; orders by score, then docId, then position', () => {
    const nodes = new Map([
      ...doc(),
      ...tree(2, 'v:0.md', [
        [20, null, 0],
        [21, 20, 1],
        [22, 20, 1],
        [23, 20, 1],
      ]),
    ]);
    expect(summary(nodes, raw([7, 1], [5, 1], [21, 1], [23, 2]))).toEqual([
      [23, 2, []],
      [21, 1, []],
      [5, 1, []],
      [7, 1, []],
    ]);
  });

  it('keeps one entry per node with its best score (multi-topic)', () => {
    const merged = mergeMatches(
      [
        { key: 5, evidence: 1 },
        { key: 5, evidence: 3 },
      ],
      doc(),
      PARAMS,
    );
    expect(merged.map((m) => [m.key, m.score, m.mergedFrom])).toEqual([[5, 3, []]]);
  });

  it('loses no raw match and never overlaps results (property)', () => {
    // Few small, bushy documents, so matches often meet in one subtree.
    const docs = fc.array(fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 10 }), {
      minLength: 1,
      maxLength: 3,
    });
    const pairs = fc.array(fc.tuple(fc.nat(40), fc.integer({ min: 1, max: 50 })), {
      maxLength: 20,
    });
    fc.assert(
      fc.property(docs, pairs, (shape, list) => {
        const nodes = forest(shape);
        const matches = list.map(([k, evidence]) => ({ key: k % nodes.size, evidence }));
        const results = mergeMatches(matches, nodes, PARAMS);
        const contains = (a: number, b: number) => {
          for (let at: number | null = b; at !== null; at = nodes.get(at)!.parent)
            if (at === a) return true;
          return false;
        };
        for (const a of results) {
          for (const b of results) if (a !== b) expect(contains(a.key, b.key)).toBe(false);
          for (const key of a.mergedFrom) expect(contains(a.key, key)).toBe(true);
        }
        const returned = new Set(results.flatMap((r) => [r.key, ...r.mergedFrom]));
        for (const match of matches) expect(returned.has(match.key)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

/** Documents from heading depths in pre-order (each document starts with its node 0). */
function forest(docs: number[][]): Map<number, MergeNode> {
  const nodes = new Map<number, MergeNode>();
  let key = 0;
  docs.forEach((depths, doc) => {
    const stack: MergeNode[] = [];
    [0, ...depths].forEach((depth, position) => {
      while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
      const parent = stack[stack.length - 1] ?? null;
      const node: MergeNode = {
        key: key++,
        doc,
        parent: parent?.key ?? null,
        depth,
        position,
        childCount: 0,
        docId: `v:${doc}.md`,
      };
      if (parent) parent.childCount++;
      nodes.set(node.key, node);
      stack.push(node);
    });
  });
  return nodes;
}
