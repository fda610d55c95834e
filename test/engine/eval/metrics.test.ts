import { describe, expect, it } from 'vitest';
import {
  acceptedIds,
  evaluate,
  firstHit,
  type QueryRun,
} from '../../../src-main/engine/eval/metrics.ts';

// A small tree:  v:a.md ─┬─ v:a.md#intro
//                        └─ v:a.md#usage ─┬─ v:a.md#install
//                                         └─ v:a.md#config
//                v:b.md ─── v:b.md#other
const parents: Record<string, string | null> = {
  'v:a.md': null,
  'v:a.md#intro': 'v:a.md',
  'v:a.md#usage': 'v:a.md',
  'v:a.md#install': 'v:a.md#usage',
  'v:a.md#config': 'v:a.md#usage',
  'v:b.md': null,
  'v:b.md#other': 'v:b.md',
};
const parentOf = (id: string) => parents[id];

function results(...ids: string[]) {
  return ids.map((id) => ({ id, breadcrumb: `> ${id}` }));
}

describe('acceptedIds', () => {
  it.each([
    [
      'a leaf: itself and every ancestor',
      ['v:a.md#install'],
      ['v:a.md#install', 'v:a.md#usage', 'v:a.md'],
    ],
    ['a document: only itself', ['v:b.md'], ['v:b.md']],
    [
      'expected and also: the union of both chains',
      ['v:a.md#intro', 'v:b.md#other'],
      ['v:a.md#intro', 'v:a.md', 'v:b.md#other', 'v:b.md'],
    ],
    ['an unknown node: only itself', ['v:a.md#gone'], ['v:a.md#gone']],
  ])('%s', (_name, labels, expected) => {
    expect([...acceptedIds(labels, parentOf)].sort()).toEqual([...expected].sort());
  });

  it('stops on a cyclic parent relation', () => {
    const cyclic = (id: string) => (id === 'x' ? 'y' : 'x');
    expect([...acceptedIds(['x'], cyclic)].sort()).toEqual(['x', 'y']);
  });
});

describe('firstHit', () => {
  const accepted = acceptedIds(['v:a.md#install'], parentOf);
  it.each([
    ['the expected node first', results('v:a.md#install', 'v:b.md'), 1],
    ['a merged parent (ancestor) counts', results('v:b.md', 'v:a.md#usage'), 2],
    ['the document node counts', results('v:b.md', 'v:b.md#other', 'v:a.md'), 3],
    ['a sibling does not count', results('v:a.md#config', 'v:a.md#intro'), null],
    ['a descendant-free other document does not count', results('v:b.md'), null],
    ['no results', results(), null],
  ])('%s', (_name, ranked, rank) => {
    expect(firstHit(ranked, accepted)).toBe(rank);
  });
});

describe('evaluate', () => {
  function run(q: string, expected: string, ranked: string[], also?: string[]): QueryRun {
    return {
      query: {
        q,
        expected: expected.slice(2),
        ...(also ? { also: also.map((a) => a.slice(2)) } : {}),
      },
      labelIds: [expected, ...(also ?? [])],
      results: results(...ranked),
    };
  }

  it('averages reciprocal ranks and counts hits in the top 10', () => {
    const report = evaluate(
      [
        run('first', 'v:a.md#intro', ['v:a.md#intro']),
        run('second', 'v:a.md#config', ['v:b.md', 'v:a.md#config']),
        run('parent at four', 'v:a.md#install', [
          'v:b.md',
          'v:b.md#other',
          'v:a.md#intro',
          'v:a.md#usage',
        ]),
        run('also counts', 'v:a.md#intro', ['v:b.md#other'], ['v:b.md#other']),
      ],
      parentOf,
    );
    expect(report.queries).toBe(4);
    expect(report.recall10).toBe(1);
    expect(report.mrr10).toBeCloseTo((1 + 1 / 2 + 1 / 4 + 1) / 4, 10);
    expect(report.misses).toEqual([]);
  });

  it('reports a miss with its rank beyond 10 and what came first', () => {
    const ranked = Array.from({ length: 11 }, (_, i) => (i < 10 ? `v:b.md#x${i}` : 'v:a.md'));
    const report = evaluate([run('deep', 'v:a.md#intro', ranked, ['v:b.md#none'])], parentOf);
    expect(report.mrr10).toBe(0);
    expect(report.recall10).toBe(0);
    expect(report.misses).toEqual([
      {
        q: 'deep',
        expected: 'a.md#intro',
        also: ['b.md#none'],
        rank: 11,
        first: { id: 'v:b.md#x0', breadcrumb: '> v:b.md#x0' },
      },
    ]);
  });

  it('reports a miss without results as rank null and first null', () => {
    const report = evaluate([run('nothing', 'v:a.md', [])], parentOf);
    expect(report.misses).toEqual([{ q: 'nothing', expected: 'a.md', rank: null, first: null }]);
  });

  it('counts rank 10 as found and rank 11 as missed', () => {
    const at = (rank: number) =>
      Array.from({ length: rank }, (_, i) => (i === rank - 1 ? 'v:a.md#intro' : `v:b.md#n${i}`));
    const report = evaluate(
      [run('ten', 'v:a.md#intro', at(10)), run('eleven', 'v:a.md#intro', at(11))],
      parentOf,
    );
    expect(report.recall10).toBe(0.5);
    expect(report.mrr10).toBeCloseTo(0.1 / 2, 10);
    expect(report.misses.map((miss) => [miss.q, miss.rank])).toEqual([['eleven', 11]]);
  });

  it('scores an empty set as zero', () => {
    expect(evaluate([], parentOf)).toEqual({ mrr10: 0, recall10: 0, queries: 0, misses: [] });
  });
});
