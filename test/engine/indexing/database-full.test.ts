// A full database is the database's fault, not the notes': the reconcile fails (naming no file),
// records no "database or disk is full" against any file, and the next reconcile, once there is
// room, indexes every note. Real SQLite with a real limit on its size (`max_page_count`), real
// files; errors recorded that way by older versions are tried again too. Files are written
// several to a transaction (`BATCH_FILES`): the batches committed before the disk filled stay.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { Indexer } from '../../../src-main/engine/indexing/indexer.ts';
import { indexerDeps } from '../../../src-main/engine/indexing/indexer-deps.ts';
import { BATCH_FILES } from '../../../src-main/engine/indexing/write-batch.ts';
import { openDatabase } from '../../../src-main/engine/store/database.ts';
import { IndexReader } from '../../../src-main/engine/store/index-reader.ts';
import { IndexWriter } from '../../../src-main/engine/store/index-writer.ts';
import { Registry } from '../../../src-main/engine/store/registry.ts';
import { write } from '../live/helpers.ts';
import { tempDir } from '../store/temp.ts';

const dir = tempDir('folio-full-');
const NOTES = 3 * BATCH_FILES;

function setup(name: string) {
  const root = join(dir, name);
  for (let i = 0; i < NOTES; i++) {
    const words = Array.from({ length: 300 }, (_, w) => `word${(i * 7919 + w) % 5003}`);
    write(root, `n${String(i).padStart(2, '0')}.md`, `# Note ${i}\n\n${words.join(' ')}\n`);
  }
  const db = openDatabase(join(dir, `${name}.db`));
  const record = new Registry(db).addVault(name, root, false);
  const vault = { id: record.id, name, root, ignore: [] };
  const indexer = new Indexer(
    db,
    indexerDeps(async (input) => chunkDocument(input)),
    'english',
  );
  const reader = new IndexReader(db);
  const fileErrors = () =>
    db.prepare('SELECT path, message FROM file_errors').all() as Array<{ message: string }>;
  return { db, vault, indexer, documents: () => reader.documents().length, fileErrors };
}

describe('a full database', () => {
  it('fails the reconcile without blaming a file; the next one indexes every note', async () => {
    // The pages the whole index takes, from a first database of the same notes.
    const whole = setup('whole');
    await whole.indexer.reconcile(whole.vault);
    const needed = whole.db.pragma('page_count', { simple: true }) as number;
    whole.db.close();
    const { db, vault, indexer, documents, fileErrors } = setup('full');
    const pages = db.pragma('page_count', { simple: true }) as number;
    // Room for half the notes: the database fills up partway through (in the second batch).
    db.pragma(`max_page_count = ${pages + Math.floor((needed - pages) / 2)}`);
    await expect(indexer.reconcile(vault)).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    const partial = documents();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(NOTES);
    expect(fileErrors()).toEqual([]);
    // Room again (the disk was cleared): the next pass indexes what the full one could not.
    db.pragma('max_page_count = 1073741823');
    const summary = await indexer.reconcile(vault);
    expect(summary).toMatchObject({ added: NOTES - partial, errors: 0 });
    expect(documents()).toBe(NOTES);
    expect(fileErrors()).toEqual([]);
    db.close();
  });

  it('tries again a file an older version recorded a database fault against', async () => {
    const { db, vault, indexer, documents, fileErrors } = setup('legacy');
    await indexer.reconcile(vault);
    expect(documents()).toBe(NOTES);
    // What older versions did: the note's current stamp, with the database's error.
    const [path, stamp] = [...new IndexWriter(db).manifest(vault.id)][0]!;
    new IndexWriter(db).removeDocument(vault.id, path);
    new IndexWriter(db).recordError(
      vault.id,
      path,
      'database or disk is full',
      stamp.size,
      stamp.mtimeMs,
    );
    const summary = await indexer.reconcile(vault);
    expect(summary).toMatchObject({ added: 1, errors: 0 });
    expect(documents()).toBe(NOTES);
    expect(fileErrors()).toEqual([]);
    db.close();
  });
});
