// Reconciling only what the watcher saw change gives the same index as a whole reconcile, and
// falls back to one where symbolic links make a partial walk ambiguous. Real files, real SQLite.
import { mkdirSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { indexerDeps, listVaultFiles } from '../../../src-main/engine/indexing/indexer-deps.ts';
import { openDatabase } from '../../../src-main/engine/store/database.ts';
import { IndexReader } from '../../../src-main/engine/store/index-reader.ts';
import { Indexer } from '../../../src-main/engine/indexing/indexer.ts';
import { MAX_FILE_BYTES } from '../../../src-main/engine/indexing/read-file.ts';
import type { IndexerDeps, VaultTarget } from '../../../src-main/engine/indexing/types.ts';
import { Registry } from '../../../src-main/engine/store/registry.ts';
import { tempDir } from '../store/temp.ts';

const dir = tempDir('folio-scoped-');
let count = 0;

/** A vault folder and a fresh database with the vault registered. */
function setup(files: Record<string, string>, deps: IndexerDeps = indexerDeps(chunk)) {
  const base = join(dir, `case-${++count}`);
  const root = join(base, 'vault');
  for (const [path, text] of Object.entries(files)) write(root, path, text);
  const db = openDatabase(join(base, 'folio.db'));
  const record = new Registry(db).addVault('v', root, false);
  const vault: VaultTarget = { id: record.id, name: 'v', root, ignore: [] };
  const indexer = new Indexer(db, deps, 'english');
  const reader = new IndexReader(db);
  const docs = () => reader.documents().map((d) => `${d.path}\t${d.hash}`);
  return { root, vault, indexer, docs };
}

async function chunk(input: Parameters<typeof chunkDocument>[0]) {
  return chunkDocument(input);
}

function write(root: string, path: string, text: string) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** What a clean index of the folder holds. */
async function cleanDocs(root: string): Promise<string[]> {
  const db = openDatabase(join(dir, `clean-${++count}.db`));
  const record = new Registry(db).addVault('v', root, false);
  await new Indexer(db, indexerDeps(chunk), 'english').reconcile({
    id: record.id,
    name: 'v',
    root,
    ignore: [],
  });
  const docs = new IndexReader(db).documents().map((d) => `${d.path}\t${d.hash}`);
  db.close();
  return docs;
}

describe('scoped reconcile', () => {
  it('indexes, re-indexes and removes only the given files and folders', async () => {
    const { root, vault, indexer, docs } = setup({
      'a.md': '# A\n\nalpha\n',
      'notes/b.md': '# B\n\nbeta\n',
      'notes/deep/c.md': '# C\n\ngamma\n',
      'other/d.md': '# D\n',
    });
    await indexer.reconcile(vault);
    write(root, 'a.md', '# A\n\nalpha two\n');
    write(root, 'other/d.md', '# D changed, but not in scope\n');
    renameSync(join(root, 'notes'), join(root, 'moved'));
    const changes: string[] = [];
    const summary = await indexer.reconcile(
      vault,
      {
        changed: (c) =>
          changes.push(...c.indexed.map((p) => `+${p}`), ...c.removed.map((p) => `-${p}`)),
      },
      undefined,
      ['a.md', 'notes', 'moved'],
    );
    expect(summary).toMatchObject({ added: 2, modified: 1, removed: 2, unchanged: 0 });
    expect(changes.sort()).toEqual([
      '+a.md',
      '+moved/b.md',
      '+moved/deep/c.md',
      '-notes/b.md',
      '-notes/deep/c.md',
    ]);
    // `other/d.md` was out of scope: still the old version until it is reported.
    expect(docs()).not.toEqual(await cleanDocs(root));
    await indexer.reconcile(vault, {}, undefined, ['other/d.md']);
    expect(docs()).toEqual(await cleanDocs(root));
  });

  it('treats a path prefix as a folder only up to a "/"', async () => {
    const { root, vault, indexer, docs } = setup({ 'a/x.md': 'x', 'a b/y.md': 'y', 'a.md': 'z' });
    await indexer.reconcile(vault);
    rmSync(join(root, 'a'), { recursive: true });
    await indexer.reconcile(vault, {}, undefined, ['a']);
    expect(docs().map((d) => d.split('\t')[0])).toEqual(['a b/y.md', 'a.md']);
  });

  it('ignores what the vault ignores, and removes files that became ignored', async () => {
    const { root, vault, indexer, docs } = setup({ 'keep.md': 'k', 'drafts/d.md': 'd' });
    await indexer.reconcile(vault);
    write(root, '.obsidian/workspace.md', 'w');
    write(root, 'keep.md~', 'editor backup');
    const ignoring = { ...vault, ignore: ['drafts'] };
    await indexer.reconcile(ignoring, {}, undefined, ['.obsidian', 'keep.md~', 'drafts']);
    expect(docs().map((d) => d.split('\t')[0])).toEqual(['keep.md']);
  });

  it('walks the whole vault when a change goes through a link to a folder', async () => {
    const { root, vault, indexer, docs } = setup({ 'real/r.md': '# R\n' });
    await indexer.reconcile(vault);
    // `alias` sorts before `real`: a whole walk indexes the folder as `alias/…` only.
    symlinkSync(join(root, 'real'), join(root, 'alias'));
    write(root, 'real/s.md', '# S\n');
    await indexer.reconcile(vault, {}, undefined, ['alias']);
    expect(docs()).toEqual(await cleanDocs(root));
    expect(docs().map((d) => d.split('\t')[0])).toEqual(['alias/r.md', 'alias/s.md']);
    // Known to be aliased now: a change reported under `real/` also walks everything.
    write(root, 'real/t.md', '# T\n');
    await indexer.reconcile(vault, {}, undefined, ['real/t.md']);
    expect(docs()).toEqual(await cleanDocs(root));
  });

  it('stays scoped in a vault with a link loop, and never loops', async () => {
    const { root, vault, indexer, docs } = setup({ 'a/b/x.md': 'x' });
    symlinkSync('..', join(root, 'a/b/up'));
    await indexer.reconcile(vault);
    expect(docs().map((d) => d.split('\t')[0])).toEqual(['a/b/x.md']);
    write(root, 'a/b/y.md', 'y');
    await indexer.reconcile(vault, {}, undefined, ['a/b/y.md', 'a/b/up']);
    expect(docs()).toEqual(await cleanDocs(root));
  });

  it('records a file that is too large, and one that vanished mid-read is a removal', async () => {
    const vanish: IndexerDeps = {
      ...indexerDeps(chunk),
      async listFiles(root, ignore, scopes) {
        const listing = await listVaultFiles(root, ignore, scopes);
        rmSync(join(root, 'gone.md'), { force: true }); // after the listing, before the read
        return listing;
      },
    };
    const { root, vault, indexer, docs } = setup({ 'gone.md': 'g', 'big.md': '' }, vanish);
    truncateSync(join(root, 'big.md'), MAX_FILE_BYTES + 1);
    const failed: string[] = [];
    const summary = await indexer.reconcile(vault, {
      changed: (c) => failed.push(...(c.failed ?? []).map((f) => `${f.path}: ${f.message}`)),
    });
    expect(docs()).toEqual([]);
    expect(summary).toMatchObject({ errors: 1, added: 0 });
    expect(failed).toEqual(['big.md: too large to index (32.0 MiB; the limit is 32 MiB)']);
  });

  it('refuses to list a vanished root instead of emptying the vault', async () => {
    const { root, vault, indexer, docs } = setup({ 'a.md': 'a' });
    await indexer.reconcile(vault);
    renameSync(root, `${root}-away`);
    await expect(indexer.reconcile(vault, {}, undefined, ['a.md'])).rejects.toThrow(/ENOENT/);
    await expect(indexer.reconcile(vault)).rejects.toThrow(/ENOENT/);
    expect(docs()).toHaveLength(1);
  });
});
