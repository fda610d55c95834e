// Partial matches (SPEC §4) on the ranking fixtures: found however long the query, more matched
// terms first and then score, and the candidate rows a partial search looks at.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import { compileQuery } from '../../../src-main/engine/query/compile.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';
import { runPartial } from '../../../src-main/engine/search/raw-matches.ts';
import { defaultSettings } from '../../../src-main/engine/settings/settings.ts';
import { vaultEngine } from './vault-engine.ts';

const VAULT = join(import.meta.dirname, '../../fixtures/ranking/partial');
const engine = vaultEngine(VAULT, 'p');

const search = async (q: string) => (await engine().search({ queries: [q] })).results;

describe('partial matches', () => {
  it('are found however many words the query has', async () => {
    // Seven required words; the best section holds four of them, nothing holds more.
    const [first] = await search('measure less often when the battery is low in cold weather');
    expect(first).toMatchObject({ id: 'p:winter.md#winter-mode', partial: true });
    expect([...first!.matchedTerms].sort()).toEqual(['battery', 'cold', 'low', 'measure']);
  });

  it('come more matched terms first, then score', async () => {
    const results = await search('calibrate gauge battery monday');
    // The field log holds three of the words once each; the gauge note two, many times.
    expect(results.map((r) => [r.id, r.matchedTerms.length])).toEqual([
      ['p:log.md#field-log', 3],
      ['p:gauge.md', 2],
      ['p:winter.md#winter-mode', 1],
    ]);
    expect(results.every((r) => r.partial)).toBe(true);
  });

  it('keep field words, which are filters (SPEC §4), and drop only plain words', async () => {
    // Without the filter, the gauge note (calibrate, gauge) would lead the partial matches.
    const titled = await search('title:log calibrate gauge');
    expect(titled.map((r) => [r.id, r.partial, [...r.matchedTerms].sort()])).toEqual([
      ['p:log.md', true, ['calibrate', 'title:log']],
    ]);
    // Nothing holds the field word: no partial match at all, however many plain words match.
    expect(await search('title:zebra calibrate gauge battery')).toEqual([]);
    expect(await search('path:weather battery cold')).toMatchObject([
      { id: 'p:weather.md', partial: true, matchedTerms: ['path:weather', 'cold'] },
    ]);
  });

  it('look at the rows of the rarer words; common words only where they meet them', () => {
    const internals = engineInternals(engine());
    const query = compileQuery(parseQuery('battery monday cold'), internals.analyzer());
    const scope = { include: null, exclude: [], boosted: [] };
    const weights = defaultSettings().columnWeights;
    const ids = (cap?: number) => {
      const rows = runPartial(internals.reader, query, scope, weights, 200, cap);
      return new Set(rows.map((r) => `${r.id}:${r.matched.map((o) => o.label).join('+')}`));
    };
    const all = ids();
    // "battery" and "cold" are in two rows each: over a cap of 1 they are common, and only the
    // row holding "monday" is a candidate; with the default cap every partial row is.
    expect(ids(1).size).toBe(1);
    expect([...ids(1)][0]).toMatch(/:battery\+monday$/);
    expect([...all].some((row) => row.endsWith(':battery+cold'))).toBe(true);
    // When every word is common, every row is a candidate again.
    expect(ids(0)).toEqual(all);
  });
});
