import { describe, expect, it } from 'vitest';
import {
  answerBound,
  dominates,
  NOTHING,
  resultNodes,
  type CandidateRow,
  type DocNode,
  type Held,
} from '../../../src-main/engine/eval/coverage-bound.ts';

const rule = { aggregationThreshold: 0.5, minAggregationMatches: 2 };
/** Held exactly: operand bits. */
const exact = (mask: number): Held => ({ exact: mask, any: mask });
/** Held only through fuzzy variants. */
const fuzzy = (mask: number): Held => ({ exact: 0, any: mask });

describe('dominates', () => {
  it.each([
    ['a strict superset', exact(0b111), exact(0b011), true],
    ['the same operands', exact(0b011), exact(0b011), false],
    ['a subset', exact(0b001), exact(0b011), false],
    ['incomparable sets', exact(0b101), exact(0b011), false],
    ['exact over fuzzy, the same operands', exact(0b011), { exact: 0b001, any: 0b011 }, true],
    ['fuzzy never over exact', fuzzy(0b111), exact(0b001), false],
    ['anything over nothing', fuzzy(0b001), NOTHING, true],
  ])('%s', (_, a, b, expected) => {
    expect(dominates(a, b)).toBe(expected);
  });
});

// A document:  doc ── h1 ─┬─ s1 ── s1a
//                         ├─ s2
//                         ├─ s3
//                         └─ s4
const DOC = 100;
function doc(candidates: Record<number, Held>): DocNode[] {
  const shape: Array<[rowid: number, parent: number | null, childCount: number]> = [
    [100, null, 1],
    [101, 100, 4],
    [102, 101, 1],
    [103, 102, 0],
    [104, 101, 0],
    [105, 101, 0],
    [106, 101, 0],
  ];
  return shape.map(([rowid, parent, childCount]) => ({
    rowid,
    parent,
    childCount,
    candidate: rowid in candidates,
    held: candidates[rowid] ?? NOTHING,
  }));
}
const rowsOf = (nodes: DocNode[], others: CandidateRow[] = []): CandidateRow[] => [
  ...nodes.filter((n) => n.candidate).map((n) => ({ rowid: n.rowid, doc: DOC, held: n.held })),
  ...others,
];

describe('resultNodes: what can be in R once merged', () => {
  it('keeps candidates, and a parent only when more than T and at least M children are in R', () => {
    // s1a alone under s1 (fewer than M), two of h1's four children (not more than T): no parent.
    expect(resultNodes(doc({ 103: exact(1), 104: exact(1), 105: exact(1) }), rule)).toEqual(
      new Set([103, 104, 105]),
    );
    // Three of four children: h1 aggregates; the document, with one child (fewer than M), not.
    expect(resultNodes(doc({ 102: exact(1), 104: exact(1), 105: exact(1) }), rule)).toEqual(
      new Set([102, 104, 105, 101]),
    );
  });
});

describe('answerBound', () => {
  const accepted = new Set([103, 102, 101, 100]); // the label s1a and its ancestors
  const rival = (doc: number, held: Held): CandidateRow => ({ rowid: doc + 1, doc, held });

  it('is no rank when no accepted node can be a result', () => {
    const nodes = doc({ 104: exact(1) });
    expect(answerBound(DOC, nodes, accepted, rowsOf(nodes), rule).rank).toBeNull();
  });

  it('counts each other document with a section holding strictly more, once', () => {
    const nodes = doc({ 103: exact(0b01) });
    const others = [
      rival(200, exact(0b11)),
      { rowid: 202, doc: 200, held: exact(0b11) },
      rival(300, exact(0b11)),
      rival(400, exact(0b01)), // the same: a tie counts for the answer
      rival(500, exact(0b10)), // incomparable
    ];
    const bound = answerBound(DOC, nodes, accepted, rowsOf(nodes, others), rule);
    expect(bound).toMatchObject({ rank: 3, result: 103, held: exact(0b01) });
    expect(bound.rival?.doc).toBe(200);
  });

  it('lets a result hold what its subtree holds: a section below it is no rival', () => {
    const nodes = doc({ 102: exact(0b01), 103: exact(0b11) });
    const bound = answerBound(DOC, nodes, new Set([102, 101, 100]), rowsOf(nodes), rule);
    expect(bound).toMatchObject({ rank: 1, result: 102, held: exact(0b11) });
  });

  it('counts the rest of its own document once when a section there holds more', () => {
    const nodes = doc({ 103: exact(0b01), 104: exact(0b11), 105: exact(0b11) });
    expect(answerBound(DOC, nodes, accepted, rowsOf(nodes), rule).rank).toBe(2);
  });

  it("takes the best accepted node: a parent that aggregates holds its children's words", () => {
    const nodes = doc({ 102: exact(0b01), 104: exact(0b10), 105: exact(0b100) });
    const others = [rival(200, exact(0b011))];
    const bound = answerBound(DOC, nodes, accepted, rowsOf(nodes, others), rule);
    expect(bound).toMatchObject({ rank: 1, result: 101, held: exact(0b111), rival: null });
  });
});
