// Live vaults end to end: a real engine (index worker thread, SQLite) following real folders with
// real chokidar events. Every wait is for an engine event, with a generous timeout.
import Database from 'better-sqlite3';
import { mkdirSync, renameSync, rmSync, symlinkSync, truncateSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { MAX_FILE_BYTES } from '../../../src-main/engine/indexing/read-file.ts';
import { tempDir } from '../store/temp.ts';
import {
  cleanDocuments,
  committed,
  indexedDocuments,
  nextEvent,
  vaultStatus,
  write,
} from './helpers.ts';
import { corpusDir } from '../../support/corpora.ts';

const dir = tempDir('folio-live-');
let count = 0;
let open: EngineService[] = [];

afterEach(async () => {
  await Promise.all(open.map((engine) => engine.close()));
  open = [];
});

/** A vault folder with `files`, and a watching engine that has indexed it. */
async function liveVault(files: Record<string, string>, name = 'v') {
  const base = join(dir, `case-${++count}`);
  const root = join(base, name);
  mkdirSync(root, { recursive: true });
  for (const [path, text] of Object.entries(files)) write(root, path, text);
  const engine = await createEngine({ dbPath: join(base, 'folio.db'), vaults: [{ root, name }] });
  open.push(engine);
  await engineInternals(engine).follow([name]);
  const search = async (query: string) =>
    (await engine.search({ queries: [query], strict: true })).results.map((r) => r.id);
  const clean = () => cleanDocuments(root, name, join(base, `clean-${++count}.db`));
  return { base, root, engine, search, clean };
}

describe('live vaults', () => {
  it('indexes at start, then follows edits, new files and deletions', async () => {
    const { root, engine, search, clean } = await liveVault({ 'a.md': '# Alpha\n\nfirst\n' });
    expect(await search('first')).toEqual(['v:a.md#alpha']);
    expect((await engine.listVaults())[0]).toMatchObject({ status: 'watching', documents: 1 });

    let done = committed(engine, { indexed: ['a.md', 'notes/b.md'] });
    write(root, 'a.md', '# Alpha\n\nsecond\n');
    write(root, 'notes/b.md', '# Beta\n\nbeta words\n');
    await done;
    expect(await search('first')).toEqual([]);
    expect(await search('second')).toEqual(['v:a.md#alpha']);

    done = committed(engine, { removed: ['a.md'] });
    unlinkSync(join(root, 'a.md'));
    await done;
    expect(await search('second')).toEqual([]);
    expect(indexedDocuments(engine)).toEqual(await clean());
  });

  it("coalesces atomic saves: temp file + rename, and vim's backup dance", async () => {
    const { root, engine, search, clean } = await liveVault({ 'note.md': '# Note\n\nold\n' });
    let done = committed(engine, { indexed: ['note.md'] });
    write(root, 'note.md.tmp', '# Note\n\nfrom temp\n');
    renameSync(join(root, 'note.md.tmp'), join(root, 'note.md'));
    await done;
    expect(await search('temp')).toEqual(['v:note.md#note']);

    done = committed(engine, { indexed: ['note.md'] });
    renameSync(join(root, 'note.md'), join(root, 'note.md~')); // backup
    write(root, '4913', ''); // vim's probe for a writable folder
    unlinkSync(join(root, '4913'));
    write(root, '.note.md.swp', 'swap');
    write(root, 'note.md', '# Note\n\nfrom vim\n');
    unlinkSync(join(root, 'note.md~'));
    await done;
    expect(await search('vim')).toEqual(['v:note.md#note']);
    expect(await engine.listFileErrors({})).toEqual([]);
    expect(indexedDocuments(engine)).toEqual(await clean());
  });

  it('follows a renamed file and a moved folder', async () => {
    const { root, engine, search, clean } = await liveVault({
      'old name.md': '# Renamed\n\nrenamedword\n',
      'folder/deep/x.md': '# X\n\nxylophone\n',
      'folder/y.md': '# Y\n\nyodeling\n',
    });
    let done = committed(engine, { indexed: ['new name.md'], removed: ['old name.md'] });
    renameSync(join(root, 'old name.md'), join(root, 'new name.md'));
    await done;
    expect(await search('renamedword')).toEqual(['v:new name.md#renamed']);

    done = committed(engine, {
      indexed: ['moved/deep/x.md', 'moved/y.md'],
      removed: ['folder/deep/x.md', 'folder/y.md'],
    });
    renameSync(join(root, 'folder'), join(root, 'moved'));
    await done;
    expect(await search('xylophone')).toEqual(['v:moved/deep/x.md#x']);
    expect(indexedDocuments(engine)).toEqual(await clean());
  });

  it('marks a vanished folder offline, keeps its index, and reconciles it when back', async () => {
    const { root, engine, search, clean } = await liveVault({ 'kept.md': '# Kept\n\nkeptword\n' });
    const offline = vaultStatus(engine, 'v', 'offline');
    renameSync(root, `${root}-unmounted`);
    await offline;
    expect(await search('keptword')).toEqual(['v:kept.md#kept']);
    await expect(engine.reindexVault({ name: 'v' })).rejects.toThrow(
      `vault "v": folder ${root} is not there (offline); its index is kept`,
    );
    expect((await engine.listVaults())[0]).toMatchObject({ status: 'offline', documents: 1 });

    write(`${root}-unmounted`, 'while-away.md', '# Away\n\nawayword\n');
    const back = committed(engine, { indexed: ['while-away.md'] });
    renameSync(`${root}-unmounted`, root);
    await back;
    expect(await search('awayword')).toEqual(['v:while-away.md#away']);
    expect(indexedDocuments(engine)).toEqual(await clean());
    const watching = (await engine.listVaults())[0]!.status;
    expect(['watching', 'indexing']).toContain(watching);
  });

  it('follows symbolic links without looping', async () => {
    const outside = join(dir, `outside-${++count}`);
    write(outside, 'shared.md', '# Shared\n\nsharedword\n');
    const { root, engine, search, clean } = await liveVault({ 'a/inner.md': '# Inner\n' });
    const linked = committed(engine, { indexed: ['linked/shared.md'] });
    symlinkSync('..', join(root, 'a', 'loop')); // a loop back to the vault root
    symlinkSync(outside, join(root, 'linked')); // a folder outside the vault
    await linked;
    expect(await search('sharedword')).toEqual(['v:linked/shared.md#shared']);

    const edited = committed(engine, { indexed: ['a/inner.md'] });
    write(root, 'a/inner.md', '# Inner\n\ninnerword\n');
    await edited;
    expect(await search('innerword')).toEqual(['v:a/inner.md#inner']);
    expect(indexedDocuments(engine)).toEqual(await clean());
  });

  it('records files it cannot index, with the reason, and keeps going', async () => {
    const { root, engine, search } = await liveVault({});
    const failed = nextEvent(
      engine,
      (e) => (e.type === 'indexChanged' && e.change.failed?.length ? e.change.failed : undefined),
      'a failed file',
    );
    const good = committed(engine, { indexed: ['good.md'] });
    write(root, 'binary.md', new Uint8Array([0, 1, 2, 0, 0, 0, 3, 0, 0, 0, 0, 4]));
    write(root, 'huge.txt', '');
    truncateSync(join(root, 'huge.txt'), MAX_FILE_BYTES + 1);
    write(root, 'good.md', '# Good\n\ngoodword\n');
    await Promise.all([failed, good]);
    expect(await search('goodword')).toEqual(['v:good.md#good']);
    const errors = await engine.listFileErrors({ vault: 'v' });
    expect(errors.map((e) => [e.path, e.message])).toEqual([
      ['binary.md', expect.stringMatching(/^binary content/)],
      ['huge.txt', expect.stringMatching(/^too large to index/)],
    ]);
    expect((await engine.listVaults())[0]).toMatchObject({ documents: 1, errors: 2 });
  });

  it('reports a symlink to nothing as soon as it appears, and forgets it once removed', async () => {
    const { root, engine } = await liveVault({ 'a.md': '# A\n' });
    const failed = nextEvent(
      engine,
      (e) => (e.type === 'indexChanged' && e.change.failed?.length ? e.change.failed : undefined),
      'a failed file',
    );
    symlinkSync(join(root, 'no-such-target.md'), join(root, 'dangling.md'));
    expect((await failed).map((f) => f.path)).toEqual(['dangling.md']);
    const errors = await engine.listFileErrors({ vault: 'v' });
    expect(errors.map((e) => [e.path, e.message])).toEqual([
      ['dangling.md', 'a symbolic link to nothing (its target is missing)'],
    ]);
    // Removing it is a change of that path: its error goes with the next batch.
    const next = committed(engine, { indexed: ['a.md'] });
    unlinkSync(join(root, 'dangling.md'));
    write(root, 'a.md', '# A\n\nagain\n');
    await next;
    expect(await engine.listFileErrors({ vault: 'v' })).toEqual([]);
  });

  it('follows a file replaced by a folder of the same name', async () => {
    const { root, engine, search, clean } = await liveVault({
      'x.md': '# Old\n\noldword\n',
      'keep.md': '# Keep\n',
    });
    const done = committed(engine, { indexed: ['x.md/inner.md'], removed: ['x.md'] });
    // In one go, as a script or a sync tool does it: chokidar reports only the new inner file.
    unlinkSync(join(root, 'x.md'));
    write(root, 'x.md/inner.md', '# Inner\n\ninnerword\n');
    await done;
    expect(await search('oldword')).toEqual([]);
    expect(await search('innerword')).toEqual(['v:x.md/inner.md#inner']);
    expect(indexedDocuments(engine)).toEqual(await clean());
  });

  it('indexes an edit made while another process held the database, once it lets go', async () => {
    const { base, root, engine, search } = await liveVault({ 'a.md': '# A\n\nfirst\n' });
    const holder = new Database(join(base, 'folio.db'));
    holder.exec('BEGIN IMMEDIATE'); // a `cli index` writing, say: the worker waits 5 s, then fails
    const failed = nextEvent(
      engine,
      (e) =>
        e.type === 'vaultsChanged' && e.vaults[0]?.status === 'error' ? e.vaults[0] : undefined,
      'the vault failing on the locked database',
    );
    write(root, 'a.md', '# A\n\nsecond\n');
    // The user is told why (the Vaults panel, `npm run web`, MCP's vaults): one line.
    const { problem } = await failed;
    expect(problem).toMatch(/locked|busy/i);
    expect(problem).not.toContain('\n');
    expect(await engine.listFileErrors({ vault: 'v' })).toEqual([]); // not the file's fault
    const indexed = committed(engine, { indexed: ['a.md'] });
    const recovered = vaultStatus(engine, 'v', 'watching');
    holder.exec('ROLLBACK');
    holder.close();
    await Promise.all([indexed, recovered]);
    expect(await search('second')).toEqual(['v:a.md#a']);
    expect((await engine.listVaults())[0]!.problem).toBeUndefined();
  }, 30_000);

  it('pauses and resumes watching; resuming reconciles what changed meanwhile', async () => {
    const { root, engine, search } = await liveVault({ 'a.md': '# A\n' });
    await engine.setWatching(false);
    expect((await engine.listVaults())[0]!.status).toBe('paused');
    write(root, 'while-paused.md', '# Paused\n\npausedword\n');
    const caughtUp = committed(engine, { indexed: ['while-paused.md'] });
    await engine.setWatching(true);
    await caughtUp;
    expect(await search('pausedword')).toEqual(['v:while-paused.md#paused']);
  });

  it('re-reconciles when ignore globs change; a removed vault loses its documents', async () => {
    const { root, engine, search } = await liveVault({
      'keep.md': '# Keep\n',
      'drafts/d.md': '# Draft\n\ndraftword\n',
    });
    await expect(engine.updateVault({ name: 'v', ignore: [' '] })).rejects.toThrow(
      'vault "v": ignore glob " " is empty',
    );
    const dropped = committed(engine, { removed: ['drafts/d.md'] });
    await engine.updateVault({ name: 'v', ignore: ['drafts'] });
    await dropped;
    expect(await search('draftword')).toEqual([]);
    // The watcher ignores the folder too: a new draft is not indexed, a new note is.
    const note = committed(engine, { indexed: ['note.md'] });
    write(root, 'drafts/new.md', '# New draft\n\ndraftword\n');
    write(root, 'note.md', '# Note\n');
    await note;
    expect(await search('draftword')).toEqual([]);

    await engine.removeVault({ name: 'v' });
    expect(await engine.listVaults()).toEqual([]);
    expect(indexedDocuments(engine)).toEqual([]);
  });

  it('answers searches from the last committed state while a large vault is indexed', async () => {
    const { engine, search } = await liveVault({ 'small.md': '# Small\n\nsmallword\n' });
    const firstCommit = committed(engine, { indexed: [] });
    void engine.addVault({ root: corpusDir('msdocs-cpp') }).catch(() => {});
    await firstCommit;
    // The worker is writing msdocs-cpp; this thread still answers, from what is committed.
    for (let i = 0; i < 5; i++) expect(await search('smallword')).toEqual(['v:small.md#small']);
    const msdocs = (await engine.listVaults()).find((v) => v.name === 'msdocs-cpp')!;
    expect(msdocs.status).toBe('indexing');
    expect(msdocs.documents).toBeGreaterThan(0);
    expect(msdocs.documents).toBeLessThan(9746);
  });

  it('honours workerFiles.index, and names a worker file that cannot run', async () => {
    const base = join(dir, `case-${++count}`);
    const root = join(base, 'v');
    write(root, 'a.md', '# A\n');
    const missing = join(base, 'no-such-worker.js');
    const engine = await createEngine({
      dbPath: join(base, 'folio.db'),
      watch: false,
      workerFiles: { index: missing },
    });
    open.push(engine);
    await engine.addVault({ root, name: 'v' });
    await expect(engine.reindexVault({ name: 'v' })).rejects.toThrow(/no-such-worker\.js/);
  });

  it('closes cleanly: a database that opens and passes integrity_check', async () => {
    const { base, root, engine } = await liveVault({ 'a.md': '# A\n' });
    write(root, 'b.md', '# B\n');
    await engine.close();
    open = open.filter((e) => e !== engine);
    write(root, 'c.md', '# C\n'); // nobody is watching any more
    const db = new Database(join(base, 'folio.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    rmSync(root, { recursive: true });
  });
});
