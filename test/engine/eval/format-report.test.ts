import { describe, expect, it } from 'vitest';
import { formatReport } from '../../../src-main/engine/eval/format-report.ts';

describe('formatReport', () => {
  const context = { source: 'set.json', vault: 'v', limit: 20, strict: false };

  it('prints the metrics and nothing else when every query is found', () => {
    const text = formatReport({ mrr10: 0.875, recall10: 1, queries: 4, misses: [] }, context);
    expect(text).toBe(
      'set.json on vault "v": 4 queries, limit 20, partial matches on\n' +
        'MRR@10     0.875\n' +
        'recall@10  1.000  (4 of 4 in the top 10)\n',
    );
  });

  it('lists each miss with its labels, rank and first result', () => {
    const text = formatReport(
      {
        mrr10: 0.25,
        recall10: 0.5,
        queries: 4,
        misses: [
          {
            q: 'deep',
            expected: 'a.md#x',
            also: ['b.md#y'],
            rank: 14,
            first: { id: 'v:c.md', breadcrumb: '> C' },
          },
          { q: 'none', expected: 'a.md', rank: null, first: null },
        ],
      },
      { ...context, strict: true },
    );
    expect(text.split('\n')).toEqual([
      'set.json on vault "v": 4 queries, limit 20, strict AND',
      'MRR@10     0.250',
      'recall@10  0.500  (2 of 4 in the top 10)',
      '',
      'misses (2):',
      '  "deep"  (found at rank 14)',
      '      expected  a.md#x',
      '      also      b.md#y',
      '      first     v:c.md  > C',
      '  "none"  (not in the 20 results)',
      '      expected  a.md',
      '      first     (no results)',
      '',
    ]);
  });
});
