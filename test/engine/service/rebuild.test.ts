// The index is a rebuildable cache (docs/architecture.md#the-index-is-a-rebuildable-cache): a
// database stamped by other analysis settings or another schema rebuilds itself from disk when
// opened; registry and settings survive.
import Database from 'better-sqlite3';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { tempDir } from '../store/temp.ts';

/** A vault of one note about kestrels, indexed by an engine that is still open. */
async function indexedVault() {
  const dir = tempDir();
  const root = join(dir, 'notes');
  mkdirSync(root);
  writeFileSync(join(root, 'a.md'), '# Alpha\n\nKestrel sightings while running.\n');
  const dbPath = join(dir, 'folio.db');
  const first = await createEngine({ dbPath, vaults: [{ root, name: 'n' }], watch: false });
  await engineInternals(first).ready();
  return { dbPath, first };
}

describe('index stamp', () => {
  it('a stale stamp rebuilds the index by itself, keeping vaults and settings', async () => {
    const { dbPath, first } = await indexedVault();
    await first.updateSettings({ resultLimit: 7 });
    await first.close();

    const db = new Database(dbPath);
    db.prepare(
      "UPDATE meta SET value = 'stamp-of-an-older-folio' WHERE key = 'indexing_hash'",
    ).run();
    db.prepare('DELETE FROM fts').run(); // what an older analysis left would not match any more
    db.close();

    const second = await createEngine({ dbPath, watch: false });
    expect(engineInternals(second).rebuildReason()).toBe('version'); // cleared first
    await engineInternals(second).ready();
    expect(engineInternals(second).rebuildReason()).toBeNull();
    expect((await second.search({ queries: ['kestrel'] })).results.map((r) => r.id)).toEqual([
      'n:a.md#alpha',
    ]);
    expect((await second.listVaults()).map((v) => [v.name, v.documents])).toEqual([['n', 1]]);
    expect((await second.getSettings()).settings.resultLimit).toBe(7);
    await second.close();
  });

  it('a database without its stamp rebuilds too, and is never left empty', async () => {
    const { dbPath, first } = await indexedVault();
    await first.close();

    const db = new Database(dbPath);
    db.prepare('DELETE FROM meta').run();
    db.close();

    for (let open = 0; open < 2; open++) {
      const engine = await createEngine({ dbPath, watch: false });
      await engineInternals(engine).ready();
      expect((await engine.search({ queries: ['kestrel'] })).results.map((r) => r.id)).toEqual([
        'n:a.md#alpha',
      ]);
      await engine.close();
    }
  });

  it('a stamp of another stemmer alone rebuilds without clearing (settings saved, not the stamp)', async () => {
    const { dbPath, first } = await indexedVault();
    await first.close();
    // What a stemmer change that stopped between saving the setting and stamping the index
    // leaves: the rows are English, the stamp too, the setting says German.
    const db = new Database(dbPath);
    db.prepare(`INSERT OR REPLACE INTO settings (key, value) VALUES ('stemmer', '"german"')`).run();
    db.close();

    const engine = await createEngine({ dbPath, watch: false });
    expect(engineInternals(engine).rebuild()).toBe('new');
    expect(engineInternals(engine).rebuildReason()).toBe('stemmer');
    await engineInternals(engine).ready();
    expect((await engine.search({ queries: ['kestrel'] })).results.map((r) => r.id)).toEqual([
      'n:a.md#alpha',
    ]);
    expect(engineInternals(engine).summary('n')).toMatchObject({ modified: 1, added: 0 });
    await engine.close();
  });
});
