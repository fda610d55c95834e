// The result list built tier by tier (`tiers.ts`): no raw match of a tier that ran is silently
// lost, results never overlap, and a merged partial result reports the terms of its best node.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MergeNode, MergeParams, RawMatch } from '../../../src-main/engine/search/merge.ts';
import { ResultList, type PreparedTier } from '../../../src-main/engine/search/tiers.ts';
import { SEP } from '../../../src-main/engine/search/topics.ts';
import { vaultEngine } from './vault-engine.ts';

const PARAMS: MergeParams = {
  aggregationThreshold: 0.5,
  minAggregationMatches: 2,
  scoreCapMultiplier: 2,
};

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

const contains = (nodes: Map<number, MergeNode>, a: number, b: number) => {
  for (let at: number | null = b; at !== null; at = nodes.get(at)!.parent)
    if (at === a) return true;
  return false;
};

/** Runs tiers as the searcher does: each one only while the list is not full. */
function run(nodes: Map<number, MergeNode>, tiers: RawMatch[][], limit: number) {
  const list = new ResultList({ nodes, limit, params: PARAMS, merge: true });
  const ran: Array<{ raw: RawMatch[]; prepared: PreparedTier; earlier: number[] }> = [];
  tiers.forEach((raw, index) => {
    if (list.full) return;
    const earlier = list.results.map((r) => r.key);
    const prepared = list.prepare(raw, index === tiers.length - 1);
    list.accept(prepared);
    ran.push({ raw, prepared, earlier });
  });
  return { results: list.results, ran };
}

const label = (term: string) => `0${SEP}${term}`;

// doc 0: 0 ─┬─ 1 (h1) ─┬─ 2 (h2: the earlier tier's result)
//           │          ├─ 3 (h2) ── 4 (h3)
//           │          └─ 5 (h2)
//           └─ 6 (h1)
const chapter = () => forest([[1, 2, 2, 3, 2, 1]]);

describe('tiers', () => {
  it('a later tier keeps the matches a container of an earlier result would have absorbed', () => {
    // Tier 1 returns 2. In tier 2, node 1 (holding 2) matched as well as 4 and 5: 1 must not
    // absorb them (it cannot be returned), so 4 and 5 are results of their own.
    const { results } = run(chapter(), [[{ key: 2, score: 5 }], raw([1, 3], [4, 9], [5, 4])], 20);
    expect(results.map((r) => [r.key, r.partial])).toEqual([
      [2, false],
      [4, true],
      [5, true],
    ]);
  });

  it('no sibling aggregation or document rule promotes later matches into a container', () => {
    // 3 and 5 are 2 of 3 children of 1, and 1 and 6 would make the document: both hold 2.
    const { results } = run(chapter(), [[{ key: 2, score: 5 }], raw([3, 1], [5, 1], [6, 1])], 20);
    expect(results.map((r) => r.key).sort()).toEqual([2, 3, 5, 6]);
  });

  it('a later match inside an earlier result joins its mergedFrom', () => {
    const { results } = run(chapter(), [[{ key: 3, score: 5 }], raw([4, 9], [6, 1])], 20);
    expect(results.map((r) => [r.key, r.mergedFrom, r.score])).toEqual([
      [3, [4], 5],
      [6, [], 1],
    ]);
  });

  it('a merged partial result lists the terms of its best node, not their union', () => {
    const nodes = chapter();
    const list = new ResultList({ nodes, limit: 20, params: PARAMS, merge: true });
    const tier = list.prepare(
      [
        { key: 3, score: 2, matched: [label('a'), label('b')] },
        { key: 5, score: 3, matched: [label('b'), label('c')] },
      ],
      true,
    );
    // 3 and 5 aggregate into 1; each held two of the three terms, never all three together.
    expect(tier.results.map((r) => [r.key, r.matched])).toEqual([[1, [label('b'), label('c')]]]);
  });

  it("a merged partial result's score combines only the nodes holding its count of terms", () => {
    const list = new ResultList({ nodes: chapter(), limit: 20, params: PARAMS, merge: true });
    const tier = list.prepare(
      [
        // 2, 3 and 5 aggregate into 1 (3 of its 3 children): 2 holds two terms, 3 and 5 one.
        { key: 2, score: 4, matched: [label('a'), label('b')] },
        { key: 3, score: 3, matched: [label('a')] },
        { key: 5, score: 3, matched: [label('b')] },
      ],
      true,
    );
    // combine over all three would be min(10, 2 × 4) = 8; only node 2 holds two terms.
    expect(tier.results.map((r) => [r.key, r.score, r.matched])).toEqual([
      [1, 4, [label('a'), label('b')]],
    ]);
    // Two nodes holding the count combine as SPEC §5 does: min(sum, C × max).
    const both = list.prepare(
      [
        { key: 2, score: 4, matched: [label('a'), label('b')] },
        { key: 3, score: 3, matched: [label('a'), label('c')] },
        { key: 5, score: 9, matched: [label('b')] },
      ],
      true,
    );
    expect(both.results.map((r) => [r.key, r.score])).toEqual([[1, 7]]);
  });

  it('partial results: more matched terms first, then score', () => {
    const list = new ResultList({ nodes: chapter(), limit: 20, params: PARAMS, merge: true });
    const tier = list.prepare(
      [
        { key: 2, score: 9, matched: [label('a')] },
        { key: 6, score: 1, matched: [label('a'), label('b')] },
        { key: 4, score: 3, matched: [label('b')] },
      ],
      true,
    );
    expect(tier.results.map((r) => r.key)).toEqual([6, 2, 4]);
  });

  it('the boost judges each result by its own node, after merging', () => {
    // Document 0: node 1 with children 2 and 3; document 1: node 5. Children and node 5 have
    // headings naming the query (× 2), node 1 does not (× 1).
    const nodes = forest([[1, 2, 2], [1]]);
    const boost = (key: number) => (key === 1 ? 1 : 2);
    const list = new ResultList({ nodes, limit: 20, params: PARAMS, merge: true, boost });
    const tier = list.prepare(
      [
        { key: 2, score: 10 },
        { key: 3, score: 10 },
        { key: 5, score: 15 },
      ],
      false,
    );
    // Merged from raw scores, 1 scores 20 × 1; boosted before merging it would have made 40.
    expect(tier.results.map((r) => [r.key, r.score])).toEqual([
      [5, 30],
      [1, 20],
    ]);
  });

  it('a boost bound leaves out only what the list could never take (property)', () => {
    // The same tiers with and without `boostMax`: the same results, in the same order, and a
    // tier that skipped boosting still reports at least `limit` results when there were that many.
    const docs = fc.array(fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 10 }), {
      minLength: 1,
      maxLength: 4,
    });
    const pairs = fc.array(fc.tuple(fc.nat(60), fc.integer({ min: 1, max: 50 })), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(
        docs,
        fc.array(pairs, { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 8 }),
        fc.nat(),
        (shape, tierPairs, limit, seed) => {
          const nodes = forest(shape);
          // Boosts from 1 to 2.5 in steps, fixed per node: ties between boosted scores happen.
          const boost = (key: number) => 1 + ((key * 7 + seed) % 4) * 0.5;
          const lists = [undefined, 2.5].map((boostMax) => {
            const list = new ResultList({
              nodes,
              limit,
              params: PARAMS,
              merge: true,
              boost,
              boostMax,
            });
            const counts: boolean[] = [];
            for (const pairs of tierPairs) {
              if (list.full) break;
              const tier = list.prepare(
                pairs.map(([k, score]) => ({ key: k % nodes.size, score })),
                false,
              );
              counts.push(tier.results.length >= limit - list.results.length);
              list.accept(tier);
            }
            return {
              results: list.results.map((r) => [r.key, r.score, [...r.mergedFrom].sort()]),
              counts,
            };
          });
          expect(lists[1]).toEqual(lists[0]);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never loses a raw match of a tier that ran (property)', () => {
    // Few small, bushy documents, so tiers often meet in one subtree.
    const docs = fc.array(fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 10 }), {
      minLength: 1,
      maxLength: 3,
    });
    fc.assert(
      fc.property(
        docs,
        fc.array(
          fc.array(fc.tuple(fc.nat(40), fc.integer({ min: 1, max: 50 })), { maxLength: 12 }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        fc.integer({ min: 1, max: 8 }),
        (shape, tierPairs, limit) => {
          const nodes = forest(shape);
          const tiers = tierPairs.map((pairs) =>
            pairs.map(([k, score]) => ({ key: k % nodes.size, score })),
          );
          const { results, ran } = run(nodes, tiers, limit);
          expect(results.length).toBeLessThanOrEqual(limit);
          // Results never overlap; what a result absorbed lies inside it.
          for (const a of results) {
            for (const b of results) {
              if (a !== b) expect(contains(nodes, a.key, b.key)).toBe(false);
            }
            for (const key of a.mergedFrom) expect(contains(nodes, a.key, key)).toBe(true);
          }
          const returned = new Set(results.flatMap((r) => [r.key, ...r.mergedFrom]));
          for (const { raw, earlier } of ran) {
            for (const match of raw) {
              if (returned.has(match.key)) continue;
              // Not returned: either it holds an earlier tier's result (it would repeat it)…
              if (earlier.some((key) => contains(nodes, match.key, key))) continue;
              // …or its tier's merged result ranked below the limit.
              expect(results.length).toBe(limit);
            }
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('tiers in a search', () => {
  const vault = join(import.meta.dirname, '../../fixtures/ranking/tiers');
  const engine = vaultEngine(vault, 't');

  const search = async (q: string) => (await engine().search({ queries: [q] })).results;

  it('a partial section survives its partially matching parent holding an exact result', async () => {
    // container.md: "Ledger cells" holds all four words; its parent's intro and the sibling
    // "Tracking at runtime" hold three. The parent cannot be returned (it holds the exact result);
    // the sibling must not vanish with it.
    const ids = (await search('ledger cell runtime checks')).map((r) => [r.id, r.partial]);
    expect(ids.slice(0, 2)).toEqual([
      ['t:container.md#ledger-cells', false],
      ['t:container.md#tracking-at-runtime', true],
    ]);
  });

  it('a partial result never claims every term: a merged one reports its best section', async () => {
    // union.md: one section holds "ledger cell", the other "checks … runtime"; the document
    // merges them, and is partial with the terms of one of them.
    const results = await search('ledger cell runtime checks');
    const union = results.find((r) => r.id === 't:union.md')!;
    expect(union).toMatchObject({ partial: true, matchedTerms: ['ledger', 'cell'] });
    for (const r of results) {
      if (r.partial) expect(r.matchedTerms.length).toBeLessThan(4);
      else expect([...r.matchedTerms].sort()).toEqual(['cell', 'checks', 'ledger', 'runtime']);
    }
  });
});

function raw(...pairs: Array<[number, number]>): RawMatch[] {
  return pairs.map(([key, score]) => ({ key, score }));
}
