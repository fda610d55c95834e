// One candidate set, one ranking (search/pipeline.ts): exact, fuzzy and partial matches are merged
// together (docs/design.md#hierarchical-merging), so siblings found in different ways still make
// their parent; a merged result reports the terms of its best section, never their union.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vaultEngine } from './vault-engine.ts';

const fixtures = join(import.meta.dirname, '../../fixtures/ranking');

describe('merging exact and fuzzy matches together', () => {
  const engine = vaultEngine(join(fixtures, 'merge'), 'm');

  it.each([true, false])(
    'siblings found exactly and fuzzily make their parent (strict %s)',
    async (strict) => {
      // "cable": Storing values holds it; Handling failure and Testing the first part hold
      // "table", a fuzzy variant of it (and a commoner word): 3 of the 5 children of Processing
      // a guess, which aggregates them (rust-book's "same test" did not: exact and fuzzy matches
      // were merged apart).
      const { results } = await engine().search({ queries: ['cable'], strict, limit: 50 });
      const parent = results.find((r) => r.id === 'm:guessing.md#processing-a-guess');
      expect(parent?.mergedFrom).toEqual([
        'm:guessing.md#storing-values',
        'm:guessing.md#handling-failure',
        'm:guessing.md#testing-the-first-part',
      ]);
      expect(parent?.partial).toBe(false);
      expect(results.some((r) => r.id.endsWith('#storing-values'))).toBe(false);
    },
  );
});

describe('merged results', () => {
  const engine = vaultEngine(join(fixtures, 'tiers'), 't');
  const search = async (q: string) => (await engine().search({ queries: [q] })).results;

  it('a matching parent absorbs a full and a partial section alike', async () => {
    // container.md's title holds three of the words; "Ledger cells" all four, "Tracking at
    // runtime" three: the document absorbs both and is a full match through its best section.
    const [first] = await search('ledger cell runtime checks');
    expect(first).toMatchObject({ id: 't:container.md', partial: false });
    expect(first!.mergedFrom).toEqual([
      't:container.md#cells-and-runtime-checks',
      't:container.md#ledger-cells',
      't:container.md#tracking-at-runtime',
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
