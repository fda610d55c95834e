// Several files per transaction (docs/design.md#storage): a file that cannot be written is
// recorded as an error — none of its rows, links or node ids stay — while the other files of its
// batch commit and resolve their links without it; and no chunked file waits long for its commit.
// Real SQLite, real files.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { Indexer } from '../../../src-main/engine/indexing/indexer.ts';
import { indexerDeps } from '../../../src-main/engine/indexing/indexer-deps.ts';
import type { IndexChanged } from '#shared/contract/api.ts';
import { openDatabase } from '../../../src-main/engine/store/database.ts';
import { vaultRowidBase, VAULT_ROWID_SPAN } from '../../../src-main/engine/store/node-rows.ts';
import { Registry } from '../../../src-main/engine/store/registry.ts';
import { write } from '../live/helpers.ts';
import { tempDir } from '../store/temp.ts';

const dir = tempDir('folio-batch-');

describe('a batch of files', () => {
  it('rolls back the one file it cannot write, records it and commits the others', async () => {
    const root = join(dir, 'vault');
    for (let i = 0; i < 10; i++)
      write(root, `n${i}.md`, `# Note ${i}\n\nSee [[big]] and [[n0]].\n`);
    const headings = Array.from({ length: 100 }, (_, i) => `## H${i}\n\ntext [[n1]]\n`).join('\n');
    write(root, 'big.md', `# Big\n\n${headings}`);
    const db = openDatabase(join(dir, 'batch.db'));
    const vault = { ...new Registry(db).addVault('v', root, false), root, ignore: [] };
    // Room for 50 more node ids: the small notes (2 each) fit, the big one (101) does not.
    const start = vaultRowidBase(vault.id) + VAULT_ROWID_SPAN - 50;
    db.prepare('UPDATE vaults SET next_node = ? WHERE id = ?').run(start, vault.id);
    const indexer = new Indexer(
      db,
      indexerDeps(async (input) => chunkDocument(input)),
      'english',
    );
    const summary = await indexer.reconcile(vault);

    expect(summary).toMatchObject({ added: 10, errors: 1 });
    const paths = db.prepare('SELECT path FROM files ORDER BY path').pluck().all();
    expect(paths).toEqual(Array.from({ length: 10 }, (_, i) => `n${i}.md`));
    expect(db.prepare('SELECT path, message FROM file_errors').all()).toEqual([
      { path: 'big.md', message: expect.stringContaining('ran out of node ids') },
    ]);
    // Nothing of big.md stayed: its links, its nodes, the node ids it took.
    const nodes = db.prepare('SELECT count(*) FROM nodes').pluck().get();
    expect(nodes).toBe(20);
    expect(db.prepare('SELECT next_node FROM vaults').pluck().get()).toBe(start + 20);
    const links = db.prepare('SELECT target, to_file IS NOT NULL AS resolved FROM links').all();
    expect(links).toHaveLength(20);
    expect(links.filter((l) => (l as { target: string }).target === 'n1')).toEqual([]);
    // `[[big]]` names a file that is not in the index: unresolved; `[[n0]]` resolved.
    expect(links).toContainEqual({ target: 'big', resolved: 0 });
    expect(links).toContainEqual({ target: 'n0', resolved: 1 });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('commits the files ready while another is still being chunked', async () => {
    const root = join(dir, 'slow');
    for (let i = 0; i < 5; i++) write(root, `n${i}.md`, `# Note ${i}\n\ntext\n`);
    write(root, 'slow.md', '# Slow\n\ntext\n');
    const db = openDatabase(join(dir, 'slow.db'));
    const vault = { ...new Registry(db).addVault('v', root, false), root, ignore: [] };
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    const deps = indexerDeps(async (input) => {
      if (input.path === 'slow.md') {
        started();
        await gate;
      }
      return chunkDocument(input);
    });
    const reported: IndexChanged[] = [];
    const indexer = new Indexer(db, deps, 'english');
    const reconciled = indexer.reconcile(vault, { changed: (change) => reported.push(change) });
    await slowStarted;
    const count = () => db.prepare('SELECT count(*) FROM files').pluck().get();
    // The five others are committed (the batch's wait is bounded) while slow.md is chunked.
    await expect.poll(count, { timeout: 10_000, interval: 50 }).toBe(5);
    expect(reported.flatMap((change) => change.indexed)).toHaveLength(5);
    release();
    await reconciled;
    expect(count()).toBe(6);
    expect(reported.flatMap((change) => change.indexed).sort()).toEqual([
      'n0.md',
      'n1.md',
      'n2.md',
      'n3.md',
      'n4.md',
      'slow.md',
    ]);
    db.close();
  });
});
