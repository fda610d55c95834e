// The fuzzy vocabulary is reloaded after the index changed only once the loaded one is old
// enough (searches during indexing must not reread it after every file): a stale one misses
// only fuzzy variants of new words; exact matches always see the last committed state.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import { Searcher } from '../../../src-main/engine/search/searcher.ts';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

const dir = tempDir();
const root = join(dir, 'garden');
const engine = vaultEngine(() => {
  mkdirSync(root);
  writeFileSync(join(root, 'tools.md'), '# Tools\n\nThe trowel is sharp.\n');
  return root;
}, 'g');

describe('fuzzy vocabulary refresh', () => {
  it('a loaded vocabulary serves until it is old enough; exact matches are always current', async () => {
    const internals = engineInternals(engine());
    const ids = (searcher: Searcher, q: string) =>
      searcher
        .search({ queries: [q] }, internals.settings(), internals.analyzer())
        .results.map((r) => r.id);
    const kept = new Searcher(internals.reader, { vocabularyMaxAgeMs: 60_000 });
    const eager = new Searcher(internals.reader, { vocabularyMaxAgeMs: 0 });
    expect(ids(kept, 'trowl')).toEqual(['g:tools.md#tools']); // loaded on first need
    expect(ids(eager, 'trowl')).toEqual(['g:tools.md#tools']);

    writeFileSync(join(root, 'pond.md'), '# Pond\n\nA heron waits.\n');
    await engine().reindexVault({ name: 'g' });
    await internals.indexed('g');

    expect(ids(kept, 'heron')).toEqual(['g:pond.md#pond']);
    expect(ids(kept, 'herron')).toEqual([]); // "heron" came after its vocabulary was read
    expect(ids(eager, 'herron')).toEqual(['g:pond.md#pond']);
  });
});
