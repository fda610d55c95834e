// A database indexed before links were stored (schema 4, migrated to 5) keeps its index and gets
// its links and dates from the stored content at the next reconcile (docs/links.md#storage).
import Database from 'better-sqlite3';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { tempDir } from '../store/temp.ts';

const FIXTURE = join(import.meta.dirname, '../../fixtures/links-vault');

async function indexed(dbPath: string, root: string) {
  const engine = await createEngine({ dbPath, vaults: [{ root, name: 'lv' }], watch: false });
  await engineInternals(engine).ready();
  return engine;
}

describe('links of a database from before links', () => {
  it('are read from the stored content, the index kept as it was', async () => {
    const dir = tempDir();
    const root = join(dir, 'vault');
    cpSync(FIXTURE, root, { recursive: true });
    writeFileSync(join(root, 'Dated.md'), '---\ncreated: 2024-03-01\n---\n# Dated\n');
    const dbPath = join(dir, 'old.db');
    const first = await indexed(dbPath, root);
    const expected = await first.links({ docId: 'lv:Home.md' });
    await first.close();
    // What migration 5 leaves of a database indexed before it: no links, every file waiting.
    const db = new Database(dbPath);
    db.exec('DELETE FROM links; DELETE FROM blocks; DELETE FROM file_dates;');
    db.exec('UPDATE files SET links_state = 0');
    const nodesBefore = db.prepare('SELECT id, title FROM nodes ORDER BY id').all();
    db.close();

    const engine = await indexed(dbPath, root);
    try {
      // Read commands leave the database as it is; the next reconcile reads the links.
      expect((await engine.links({ docId: 'lv:Home.md' })).outgoing).toEqual([]);
      await engine.reindexVault({ name: 'lv' });
      expect(await engine.links({ docId: 'lv:Home.md' })).toEqual(expected);
      expect(engineInternals(engine).summary('lv')).toMatchObject({ added: 0, modified: 0 });
    } finally {
      await engine.close();
    }
    const after = new Database(dbPath);
    expect(after.prepare('SELECT id, title FROM nodes ORDER BY id').all()).toEqual(nodesBefore);
    expect(after.prepare('SELECT count(*) FROM files WHERE links_state = 0').pluck().get()).toBe(0);
    expect(after.prepare('SELECT created FROM file_dates').pluck().all()).toEqual([
      new Date(2024, 2, 1).getTime(),
    ]);
    after.close();
  });
});
