// Start-up vaults: kept alongside earlier registrations by default (the app, the CLI), or made
// the only ones (`exclusiveVaults`, `npm run web`): a session serves exactly the folders given.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { tempDir } from '../store/temp.ts';

const dir = tempDir();

function vault(name: string, word: string): string {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'note.md'), `# ${name}\n\nA note about ${word}.\n`);
  return root;
}

async function session(dbPath: string, roots: string[], exclusiveVaults?: boolean) {
  const engine = await createEngine({
    dbPath,
    vaults: roots.map((root) => ({ root })),
    exclusiveVaults,
    watch: false,
  });
  await engineInternals(engine).ready();
  const names = (await engine.listVaults()).map((v) => v.name);
  const found = (await engine.search({ queries: ['about'] })).results.map((r) => r.vault);
  await engine.close();
  return { names, found: found.sort() };
}

describe('start-up vaults', () => {
  const a = vault('alpha', 'apples');
  const b = vault('beta', 'bees');

  it('are added to the earlier ones by default', async () => {
    const db = join(dir, 'kept.db');
    await session(db, [a]);
    expect(await session(db, [b])).toEqual({ names: ['alpha', 'beta'], found: ['alpha', 'beta'] });
  });

  it('replace the earlier ones, index included, when exclusive', async () => {
    const db = join(dir, 'exclusive.db');
    await session(db, [a], true);
    expect(await session(db, [b], true)).toEqual({ names: ['beta'], found: ['beta'] });
    expect(await session(db, [a, b], true)).toEqual({
      names: ['alpha', 'beta'],
      found: ['alpha', 'beta'],
    });
  });

  it('take a folder inside an earlier vault when exclusive (the earlier one goes first)', async () => {
    const db = join(dir, 'inner.db');
    const outer = vault('outer', 'oaks');
    const inner = vault(join('outer', 'inner'), 'ivy');
    await session(db, [outer]);
    expect(await session(db, [inner], true)).toEqual({ names: ['inner'], found: ['inner'] });
  });

  it('are all refused when one is: the folders named before it are not registered', async () => {
    const db = join(dir, 'refused.db');
    const outer = vault('keeper', 'kites');
    const inner = vault(join('keeper', 'inside'), 'ink');
    const fresh = vault('fresh', 'figs');
    await session(db, [outer]);
    await expect(session(db, [fresh, inner])).rejects.toThrow(
      `folder ${inner} is inside the vault "keeper" (${outer}), whose search already covers it`,
    );
    expect((await session(db, [])).names).toEqual(['keeper']);
  });

  it('name the folder whose name another vault has', async () => {
    const db = join(dir, 'named.db');
    const first = vault('first', 'fir');
    const second = vault('second', 'sedge');
    await session(db, [first]);
    const engine = createEngine({
      dbPath: db,
      vaults: [{ root: second, name: 'first' }],
      watch: false,
    });
    await expect(engine).rejects.toThrow(
      `a vault named "first" already exists (${first}): give ${second} another name`,
    );
    expect(await session(db, [])).toEqual({ names: ['first'], found: ['first'] });
  });
});
