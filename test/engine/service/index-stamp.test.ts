// When an existing index is kept and when it is rebuilt: migrations that only add something
// beside the index (4: a vault's device; 5: links and dates) keep it; an index stamped by other
// indexing settings is rebuilt. Without watching, a start-up reconciles only a new or rebuilt vault: the summary
// of that reconcile tells which happened.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { defaultSettings, indexingHash } from '../../../src-main/engine/settings/settings.ts';
import { tempDir } from '../store/temp.ts';

const dir = tempDir();
const root = join(dir, 'vault');
mkdirSync(root);
writeFileSync(join(root, 'a.md'), '# Alpha\n\nApples.\n');
writeFileSync(join(root, 'b.md'), '# Beta\n\nBees.\n');

async function open(dbPath: string) {
  const engine = await createEngine({ dbPath, vaults: [{ root, name: 'v' }], watch: false });
  await engineInternals(engine).ready();
  const summary = engineInternals(engine).summary('v');
  return { engine, summary };
}

describe('the index stamp', () => {
  it('survives migrations 4 and 5: a database of schema 3 keeps its index', async () => {
    const dbPath = join(dir, 'old.db');
    const first = await open(dbPath);
    expect(first.summary).toMatchObject({ added: 2 });
    await first.engine.close();
    // Make it the database an earlier Folio wrote: schema 3, no device column, no links, stamped
    // with the hash of schema 3.
    const db = new Database(dbPath);
    db.exec('ALTER TABLE vaults DROP COLUMN device');
    db.exec(`DROP TABLE links; DROP TABLE blocks; DROP TABLE file_dates;
      DROP INDEX files_links_pending; ALTER TABLE files DROP COLUMN links_state;`);
    db.pragma('user_version = 3');
    db.prepare("UPDATE meta SET value = ? WHERE key = 'indexing_hash'").run(
      indexingHash(defaultSettings(), 3),
    );
    db.close();
    const again = await open(dbPath);
    expect(again.summary).toBeUndefined(); // nothing was rebuilt
    expect((await again.engine.search({ queries: ['bees'] })).results).toHaveLength(1);
    await again.engine.close();
  });

  it('rebuilds an index stamped by other indexing settings', async () => {
    const dbPath = join(dir, 'stale.db');
    const first = await open(dbPath);
    await first.engine.close();
    const db = new Database(dbPath);
    db.prepare("UPDATE meta SET value = 'stale' WHERE key = 'indexing_hash'").run();
    db.close();
    const again = await open(dbPath);
    expect(again.summary).toMatchObject({ added: 2 });
    await again.engine.close();
  });
});
