// Every word that is not a stop word is wanted, however many sections hold it: strict search is
// plain AND; otherwise a section missing a word is a partial match, ranked by how much of the
// query's weight it holds — a frequent word weighs little, a rare one much
// (docs/search-quality.md#the-score).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

// 120 notes that all say "alpha" (ten of them "beta" too), and two that say "zebra".
const root = join(tempDir(), 'vault');
mkdirSync(root);
for (let i = 0; i < 120; i++) {
  writeFileSync(join(root, `n${i}.md`), `# Note ${i}\n\nalpha ${i < 10 ? 'beta ' : ''}${i}\n`);
}
writeFileSync(join(root, 'z1.md'), '# Stripes\n\nzebra only here\n');
writeFileSync(join(root, 'z2.md'), '# Grazing\n\nzebra and alpha here\n');
const engine = vaultEngine(root, 'f');

const search = async (q: string, strict = false) =>
  (await engine().search({ queries: [q], strict })).results.map((r) => [
    r.id,
    r.partial,
    r.matchedTerms,
  ]);

describe('a word in nearly every section', () => {
  it('is required in strict search: plain AND', async () => {
    expect(await search('alpha zebra', true)).toEqual([
      ['f:z2.md#grazing', false, ['alpha', 'zebra']],
    ]);
  });

  it('is wanted for a full match; a section without it is partial, after the full ones', async () => {
    const results = await search('alpha zebra');
    expect(results.slice(0, 2)).toEqual([
      ['f:z2.md#grazing', false, ['alpha', 'zebra']],
      ['f:z1.md#stripes', true, ['zebra']],
    ]);
  });

  it('weighs little: a rare word outweighs two frequent ones', async () => {
    // "zebra" is in 2 notes, "beta" in 10, "alpha" in 121: a note holding only "zebra" ranks
    // above the ten holding "alpha" and "beta".
    const results = await search('alpha beta zebra');
    expect(results.slice(0, 3)).toEqual([
      ['f:z2.md#grazing', true, ['alpha', 'zebra']],
      ['f:z1.md#stripes', true, ['zebra']],
      ['f:n0.md#note-0', true, ['alpha', 'beta']],
    ]);
  });
});
