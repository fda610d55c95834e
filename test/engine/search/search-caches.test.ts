// The reader's and the search tree's caches only save work: a search with every cache dropped
// (`IndexReader.clearCaches`, what `cli bench` measures cold) answers exactly as a warm one, and
// a change committed on another connection (a vault added through the registry) is seen by the
// next search.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

const FIXTURE_VAULT = join(import.meta.dirname, '../../fixtures/search/vault');
const dir = tempDir();
const engine = vaultEngine(() => {
  const root = join(dir, 'fx');
  cpSync(FIXTURE_VAULT, root, { recursive: true });
  return root;
}, 'fx');

const QUERIES = [
  ['ferrule'],
  ['kestrel'],
  ['wings nest'],
  ['heron', 'ferrule'],
  ['"ferrule" -nope'],
];

describe('search caches', () => {
  it('a cold search answers exactly as a warm one', async () => {
    const reader = engineInternals(engine()).reader;
    for (const queries of QUERIES) {
      const warm = await engine().search({ queries });
      const again = await engine().search({ queries });
      reader.clearCaches();
      const cold = await engine().search({ queries });
      for (const response of [warm, again, cold]) response.tookMs = 0;
      expect(again).toEqual(warm);
      expect(cold).toEqual(warm);
    }
    expect((await engine().search({ queries: ['ferrule'] })).results.length).toBeGreaterThan(0);
  });

  it('sees a vault another connection added', async () => {
    const root = join(dir, 'more');
    mkdirSync(root);
    writeFileSync(join(root, 'boats.md'), '# Boats\n\nA tugboat pulls the ferrule barge.\n');
    expect((await engine().search({ queries: ['vault:more tugboat'] })).results).toEqual([]);
    await engine().addVault({ root, name: 'more' });
    await engineInternals(engine()).indexed('more');
    const found = await engine().search({ queries: ['vault:more tugboat'] });
    expect(found.results.map((r) => r.id)).toEqual(['more:boats.md#boats']);
  });
});
