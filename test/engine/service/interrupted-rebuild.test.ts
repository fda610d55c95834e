// A rebuild interrupted half-way (docs/design.md#command-line): the index is stamped for this
// version of Folio but holds part of its vaults, and marks the rest owed. Every writable opener
// finishes it (the app, watching, too); a read-only one refuses to answer until a writer has; a
// vault removed meanwhile owes nothing. The interruption is an engine closed mid-rebuild, as
// Ctrl-C closes it; test/cli/interrupted-rebuild.test.ts kills a process instead.
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { rebuildOwedRefusal } from '../../../src-main/engine/service/read-only.ts';
import { CORPORA } from '../live/cli-process.ts';
import { nextEvent } from '../live/helpers.ts';
import { tempDir } from '../store/temp.ts';

const dir = tempDir();
let count = 0;
let open: EngineService[] = [];

afterEach(async () => {
  await Promise.all(open.map((engine) => engine.close()));
  open = [];
});

/**
 * Notes of dendron-vault enough for several commits of 64 files, and for a close after the first
 * to land before the last (about 0.7 s to index them).
 */
const NOTES = 400;

/** The first NOTES notes of dendron-vault, and a note about kestrels as the last one. */
function vaultFolder(root: string): string {
  const corpus = join(CORPORA, 'dendron-vault');
  const names = readdirSync(corpus)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .slice(0, NOTES - 1);
  mkdirSync(root, { recursive: true });
  for (const name of names) copyFileSync(join(corpus, name), join(root, name));
  writeFileSync(join(root, 'zz-kestrel.md'), '# Kestrel\n\nKestrels hover.\n');
  return root;
}

/** The index's meta rows owed a rebuild (their vault names), and how many files it holds. */
function state(dbPath: string): { owed: string[]; files: number } {
  const db = new Database(dbPath, { readonly: true });
  try {
    const owed = db
      .prepare("SELECT value FROM meta WHERE key LIKE 'rebuild_owed:%' ORDER BY value")
      .pluck()
      .all() as string[];
    return { owed, files: db.prepare('SELECT count(*) FROM files').pluck().get() as number };
  } finally {
    db.close();
  }
}

/**
 * An index of vaults `v` (NOTES notes) and `w` (one note) written by "another version of Folio",
 * whose rebuild an engine began and was closed in the middle of: `v` partly rebuilt, both owed.
 */
async function interrupt() {
  const base = join(dir, 'vaults');
  const roots = { v: vaultFolder(join(base, 'v')), w: join(base, 'w') };
  mkdirSync(roots.w);
  writeFileSync(join(roots.w, 'wren.md'), '# Wren\n\nWrens sing.\n');
  const dbPath = join(base, 'folio.db');
  const first = await createEngine({
    dbPath,
    vaults: [
      { root: roots.v, name: 'v' },
      { root: roots.w, name: 'w' },
    ],
    watch: false,
  });
  await engineInternals(first).ready();
  await first.close();
  const db = new Database(dbPath);
  db.prepare("UPDATE meta SET value = 'older-folio' WHERE key = 'indexing_hash'").run();
  db.close();

  const rebuilding = await createEngine({ dbPath, watch: false });
  expect(engineInternals(rebuilding).rebuild()).toBe('new');
  await nextEvent(rebuilding, (e) => (e.type === 'indexChanged' ? true : undefined), 'a commit');
  await rebuilding.close();
  const interrupted = state(dbPath);
  expect(interrupted.owed).toEqual(['v', 'w']);
  expect(interrupted.files, 'closed mid-way').toBeLessThan(NOTES);
  return { dbPath, roots };
}

let made: ReturnType<typeof interrupt> | null = null;

/** A copy of the interrupted index (made once, closed: no WAL beside it), for one test. */
async function interruptedIndex() {
  made ??= interrupt();
  const { dbPath, roots } = await made;
  const copy = join(dir, `case-${++count}.db`);
  copyFileSync(dbPath, copy);
  return { dbPath: copy, roots };
}

/** The ids the engine finds for `query`. */
async function found(engine: EngineService, query: string): Promise<string[]> {
  return (await engine.search({ queries: [query] })).results.map((r) => r.id);
}

// The first test also makes the interrupted index: an index of NOTES notes, a rebuild begun, then
// the rest rebuilt — three index workers started and ~1,000 notes indexed, about 5 s of CPU; a
// minute and more at a load of 30 on two cores.
describe('an interrupted rebuild', { timeout: 120_000 }, () => {
  it('is finished by the next engine that opens the index, and only once', async () => {
    const { dbPath } = await interruptedIndex();
    const engine = await createEngine({ dbPath, watch: false });
    open.push(engine);
    expect(engineInternals(engine).rebuild()).toBe('resumed');
    await engineInternals(engine).ready();
    expect(await found(engine, 'kestrel')).toEqual(['v:zz-kestrel.md']);
    expect(state(dbPath)).toEqual({ owed: [], files: NOTES + 1 });
    await engine.close();

    const again = await createEngine({ dbPath, watch: false });
    open.push(again);
    expect(engineInternals(again).rebuild()).toBeNull();
    await engineInternals(again).ready();
    expect(engineInternals(again).summary('v')).toBeUndefined(); // nothing reconciled
  });

  it('is finished by the app (an engine watching its vaults)', async () => {
    const { dbPath } = await interruptedIndex();
    const engine = await createEngine({ dbPath, watch: true });
    open.push(engine);
    await engineInternals(engine).follow(['v', 'w']);
    expect(state(dbPath)).toEqual({ owed: [], files: NOTES + 1 });
    expect(await found(engine, 'kestrel')).toEqual(['v:zz-kestrel.md']);
  });

  it('owes nothing for a vault removed before it was rebuilt', async () => {
    const { dbPath, roots } = await interruptedIndex();
    // The app started on `w` alone: `v` is removed before anything runs.
    const engine = await createEngine({
      dbPath,
      vaults: [{ root: roots.w, name: 'w' }],
      exclusiveVaults: true,
      watch: false,
    });
    open.push(engine);
    await engineInternals(engine).ready();
    expect((await engine.listVaults()).map((v) => v.name)).toEqual(['w']);
    expect(state(dbPath)).toEqual({ owed: [], files: 1 });
  });

  it('is refused by a read-only engine until a writer has finished it', async () => {
    const { dbPath, roots } = await interruptedIndex();
    const reader = await createEngine({ dbPath, readOnly: true });
    open.push(reader);
    const refusal = reader.search({ queries: ['kestrel'] });
    await expect(refusal).rejects.toMatchObject({ code: 'unavailable' });
    const { message } = (await refusal.catch((error: Error) => error)) as Error;
    expect(message).toBe(
      `database ${dbPath} is not rebuilt for this version of Folio yet (vaults "v", "w"): read-only, this server cannot rebuild it; run \`cli index --db ${dbPath} ${roots.v} ${roots.w}\` (or open the app, if it is the app's database) and it answers once that is done`,
    );
    await expect(reader.outline({ docId: 'w:wren.md' })).rejects.toThrow(message);
    // The vaults and their file errors still answer: what is there is not wrong, only partial.
    expect((await reader.listVaults()).map((v) => v.name)).toEqual(['v', 'w']);
    expect(await reader.listFileErrors({})).toEqual([]);

    const writer = await createEngine({ dbPath, watch: false });
    await engineInternals(writer).ready();
    await writer.close();
    expect(await found(reader, 'kestrel')).toEqual(['v:zz-kestrel.md']);
  });

  it('names a folder a shell would split as one quoted word in the refusal', () => {
    const vault = { id: 1, name: 'a', pinned: false, ignore: [], sample: false, device: null };
    const owed = [{ ...vault, root: "/notes/Anne's notes", documents: 0, errors: 0 }];
    expect(rebuildOwedRefusal('/tmp/my index.db', owed).message).toContain(
      `(vault "a"): read-only, this server cannot rebuild it; run \`cli index --db '/tmp/my index.db' '/notes/Anne'\\''s notes'\``,
    );
  });
});
