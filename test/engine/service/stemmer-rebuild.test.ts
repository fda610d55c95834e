// A new stemming language rebuilds the index in place (docs/architecture.md#the-index-is-a-rebuildable-cache):
// no vault is cleared, each file's rows are replaced as it is read again, so a search meanwhile
// finds the notes already read again and the others where the old stems agree — never nothing.
// The rebuild ends with the index a fresh build under the new stemmer makes, and one interrupted
// is finished by the next engine that opens the index, reading again only what it had not.
// The rebuild is held mid-way the way another process would hold it: by the write lock.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexChanged, IndexProgress } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { CORPORA } from '../live/cli-process.ts';
import { nextEvent } from '../live/helpers.ts';
import { tempDir } from '../store/temp.ts';
import { startMcp, textOf, type McpSession } from '../../mcp/mcp-client.ts';

const dir = tempDir();
let count = 0;
let open: EngineService[] = [];

afterEach(async () => {
  await Promise.all(open.map((engine) => engine.close()));
  open = [];
});

/** Notes of dendron-vault: several commits of 64 files, a few seconds to read again. */
const NOTES = 400;

/**
 * Vault `v`: a note about herons first (in walk order), NOTES - 2 notes of dendron-vault, a note
 * about kestrels last; vault `w`: one note about bushtits.
 */
function vaultFolders(): { v: string; w: string } {
  const base = join(dir, `vaults-${++count}`);
  const roots = { v: join(base, 'v'), w: join(base, 'w') };
  const corpus = join(CORPORA, 'dendron-vault');
  const names = readdirSync(corpus)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .slice(0, NOTES - 2);
  mkdirSync(roots.v, { recursive: true });
  mkdirSync(roots.w);
  for (const name of names) copyFileSync(join(corpus, name), join(roots.v, name));
  writeFileSync(join(roots.v, '0-heron.md'), '# Heron\n\nHerons go kerfuffling.\n');
  writeFileSync(
    join(roots.v, 'zz-kestrel.md'),
    '# Kestrel\n\nKestrels hover, never kerfuffling.\n',
  );
  writeFileSync(join(roots.w, 'bushtit.md'), '# Bushtit\n\nBushtits chatter.\n');
  return roots;
}

/** An engine over both vaults, indexed with the default (English) stemmer. */
async function englishIndex() {
  const roots = vaultFolders();
  const dbPath = join(dir, `case-${count}.db`);
  const engine = await createEngine({
    dbPath,
    vaults: [
      { root: roots.v, name: 'v' },
      { root: roots.w, name: 'w' },
    ],
    watch: false,
  });
  open.push(engine);
  await engineInternals(engine).ready();
  return { dbPath, roots, engine };
}

/**
 * Makes `file` unreadable for indexing: mode 000 — or, for root, whom modes do not bind, a size
 * over the limit (a note replaced by a log), which fails for every user. Returns the error the
 * index records and how to make it readable again (a file refused permission is tried again by a
 * whole reconcile; one too large, once its size moves:
 * docs/architecture.md#the-index-is-a-rebuildable-cache).
 */
function unreadable(file: string): { why: string; undo: () => void } {
  const text = readFileSync(file);
  if (process.getuid?.() !== 0) {
    chmodSync(file, 0o000);
    return { why: 'permission denied', undo: () => chmodSync(file, 0o644) };
  }
  truncateSync(file, 33 * 1024 * 1024); // sparse: no disk written
  return {
    why: 'too large to index (33.0 MiB; the limit is 32 MiB)',
    undo: () => writeFileSync(file, text),
  };
}

/** The notes the engine finds for `query` (their ids without the section). */
async function found(engine: EngineService, query: string): Promise<string[]> {
  const { results } = await engine.search({ queries: [query] });
  return results.map((r) => r.id.replace(/#.*/, '')).sort();
}

/** The vaults owed a rebuild, the files of `v` still holding the old analysis, and its files. */
function state(dbPath: string): { owed: string[]; stale: string[]; files: number } {
  const db = new Database(dbPath, { readonly: true });
  try {
    const owed = db
      .prepare("SELECT value FROM meta WHERE key LIKE 'rebuild_owed:%' ORDER BY value")
      .pluck()
      .all() as string[];
    const start = db.prepare("SELECT value FROM meta WHERE key = 'rebuild_start'").pluck().get();
    const lastFile = (JSON.parse(start as string) as { lastFile: number }).lastFile;
    const stale = db
      .prepare(
        `SELECT f.path FROM files f JOIN vaults v ON v.id = f.vault_id
         WHERE v.name = 'v' AND f.id <= ? ORDER BY f.path`,
      )
      .pluck()
      .all(lastFile) as string[];
    const files = db.prepare('SELECT count(*) FROM files').pluck().get() as number;
    return { owed, stale, files };
  } finally {
    db.close();
  }
}

/** Counts and hashes of what `indexRows` reads. */
type IndexRows = Record<'files' | 'nodes' | 'links' | 'terms', { rows: number; hash: string }>;

/**
 * What the index holds, by path and position instead of row ids (a rebuilt index numbers its
 * rows differently): the files, their nodes, their links, and every FTS5 term instance (term,
 * column, offset) of every node — as counts and a hash each.
 */
function indexRows(dbPath: string): IndexRows {
  const db = new Database(dbPath);
  try {
    db.exec('CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, fts, instance)');
    const node = `(SELECT f.path || '#' || n.position FROM nodes n JOIN files f ON f.id = n.file_id
      WHERE n.id = NODE)`;
    const queries = {
      files: `SELECT v.name, f.path, f.size, f.hash, f.kind, f.file_title, f.tags, f.aliases,
        f.frontmatter, f.warnings, f.node_count, f.links_state, d.date, d.created, d.updated
        FROM files f JOIN vaults v ON v.id = f.vault_id LEFT JOIN file_dates d ON d.file_id = f.id
        ORDER BY v.name, f.path`,
      nodes: `SELECT f.path, n.position, n.depth, n.child_count, n.title, n.slug, n.heading_start,
        n.byte_start, n.byte_end, n.body_ranges, n.is_chunk, n.breadcrumb, n.start_line,
        n.end_line, n.token_estimate, n.ancestors, n.parent - f.first_node
        FROM nodes n JOIN files f ON f.id = n.file_id ORDER BY f.path, n.position`,
      links: `SELECT f.path, l.seq, l.kind, l.target, l.start, l.length,
        ${node.replace('NODE', 'l.from_node')}, t.path, ${node.replace('NODE', 'l.to_node')}
        FROM links l JOIN files f ON f.id = l.file_id LEFT JOIN files t ON t.id = l.to_file
        ORDER BY f.path, l.seq`,
      terms: `SELECT ${node.replace('NODE', 'doc')} AS at, term, col, offset FROM temp.terms
        ORDER BY at, col, offset, term`,
    };
    return Object.fromEntries(
      Object.entries(queries).map(([name, sql]) => {
        const rows = db.prepare(sql).raw().all();
        const hash = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
        return [name, { rows: rows.length, hash }];
      }),
    ) as IndexRows;
  } finally {
    db.close();
  }
}

/** The index a fresh build of the same folders makes with `stemmer`. */
async function freshIndex(roots: { v: string; w: string }, stemmer: string): Promise<string> {
  const dbPath = join(dir, `fresh-${++count}.db`);
  const engine = await createEngine({ dbPath, watch: false });
  open.push(engine);
  await engine.updateSettings({ stemmer });
  await engine.addVault({ root: roots.v, name: 'v' });
  await engine.addVault({ root: roots.w, name: 'w' });
  await engineInternals(engine).ready();
  await engine.close();
  return dbPath;
}

/**
 * Changes the stemmer to `none` and holds the rebuild once its first files are committed: a
 * connection of the test's takes the write lock, as another process would (the index worker
 * waits for it). Returns the progress reported so far and the lock to release.
 */
async function changeAndHold(engine: EngineService, dbPath: string) {
  const progress: IndexProgress[] = [];
  engine.subscribe((e) => void (e.type === 'indexProgress' && progress.push(e.progress)));
  const firstCommit = nextEvent(
    engine,
    (e) => (e.type === 'indexChanged' && e.change.vault === 'v' ? true : undefined),
    'the first commit of the rebuild',
  );
  await engine.updateSettings({ stemmer: 'none' });
  await firstCommit;
  const holder = new Database(dbPath);
  holder.exec('BEGIN IMMEDIATE');
  return { progress, release: () => (holder.exec('ROLLBACK'), holder.close()) };
}

describe('a stemmer change', { timeout: 120_000 }, () => {
  it('keeps every note searchable while it rebuilds, and ends with a fresh build', async () => {
    const { dbPath, roots, engine } = await englishIndex();
    expect(await found(engine, 'kerfuffling')).toEqual(['v:0-heron.md', 'v:zz-kestrel.md']);
    const english = indexRows(dbPath);
    const { progress, release } = await changeAndHold(engine, dbPath);
    try {
      const mid = state(dbPath);
      expect(mid.owed).toEqual(['v', 'w']);
      expect(mid.files, 'no vault cleared').toBe(NOTES + 1);
      expect(mid.stale.length, 'part of v read again').toBeGreaterThan(0);
      expect(mid.stale.length).toBeLessThan(NOTES);
      expect(mid.stale).toContain('zz-kestrel.md');
      expect(mid.stale).not.toContain('0-heron.md');
      // Not read again yet, stored with English stems: found where the stems agree...
      expect(await found(engine, 'kestrel')).toEqual(['v:zz-kestrel.md']);
      // ...and "kerfuffling" (stored as "kerfuffl") only in the note read again.
      expect(await found(engine, 'kerfuffling')).toEqual(['v:0-heron.md']);
      expect(await found(engine, 'bushtit')).toEqual(['w:bushtit.md']);
    } finally {
      release();
    }
    await engineInternals(engine).ready();
    expect(state(dbPath).owed).toEqual([]);
    expect(await found(engine, 'kerfuffling')).toEqual(['v:0-heron.md', 'v:zz-kestrel.md']);
    expect(await found(engine, 'kerfuffle')).toEqual([]); // not stemmed: "kerfuffle" is not "kerfuffling"
    // The progress said which rebuild it was and how far it had got, the queued vault counted.
    const rebuild = { reason: 'stemmer', stemmer: 'none', vaults: 2 };
    expect(progress.find((p) => p.vault === 'v')?.rebuild).toEqual({ ...rebuild, vaultsDone: 0 });
    expect(progress.find((p) => p.vault === 'w')?.rebuild).toEqual({ ...rebuild, vaultsDone: 1 });
    await engine.close();
    const fresh = indexRows(await freshIndex(roots, 'none'));
    expect(indexRows(dbPath)).toEqual(fresh);
    // The comparison sees the stemmer: the English index had the same nodes, not the same terms.
    expect(english.nodes).toEqual(fresh.nodes);
    expect(english.terms.hash).not.toBe(fresh.terms.hash);
    expect(fresh.terms.rows).toBeGreaterThan(NOTES * 10);
  });

  it('drops a note it cannot read again, names it, and ends with the fresh build', async () => {
    const { dbPath, roots, engine } = await englishIndex();
    const kestrel = join(roots.v, 'zz-kestrel.md');
    const { why, undo } = unreadable(kestrel);
    const changes: IndexChanged[] = [];
    engine.subscribe((e) => void (e.type === 'indexChanged' && changes.push(e.change)));
    await engine.updateSettings({ stemmer: 'none' });
    await engineInternals(engine).ready();
    expect(state(dbPath).owed).toEqual([]);
    // Its English rows would answer only where the stems agree ("kestrel"), after the rebuild
    // said it was done: gone instead, and named with why, as a fresh build leaves it.
    expect(await found(engine, 'kestrel')).toEqual([]);
    expect(changes.flatMap((c) => c.removed)).toEqual(['zz-kestrel.md']);
    const errors = await engine.listFileErrors({ vault: 'v' });
    expect(errors.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: 'zz-kestrel.md', message: why },
    ]);
    await engine.close();
    expect(indexRows(dbPath)).toEqual(indexRows(await freshIndex(roots, 'none')));
    // Readable again, a re-index reads it with the new stems.
    undo();
    const again = await createEngine({ dbPath, watch: false });
    open.push(again);
    await again.reindexVault({ name: 'v' });
    await engineInternals(again).ready();
    expect(await found(again, 'kestrel')).toEqual(['v:zz-kestrel.md']);
    expect(await again.listFileErrors({ vault: 'v' })).toEqual([]);
  });

  it('is searched through by a read-only MCP server beside the writer, which says so', async () => {
    const { dbPath, engine } = await englishIndex();
    const { release } = await changeAndHold(engine, dbPath);
    let mcp: McpSession | undefined;
    try {
      mcp = await startMcp(['--db', dbPath]);
      const mid = await mcp.call('search', { query: 'kestrel' });
      expect(mid.isError, textOf(mid)).toBeFalsy();
      const text = textOf(mid);
      expect(text).toContain('v:zz-kestrel.md (');
      expect(text).toContain(
        'Vault "v" is being rebuilt for the stemming language "none": notes not read again yet are found by the words that stem the same either way; `vaults` says when it is done.',
      );
      const vaults = await mcp.call('vaults', {});
      expect(vaults.structuredContent).toMatchObject({
        vaults: [
          { name: 'v', status: 'indexing' },
          { name: 'w', status: 'indexing' },
        ],
      });
    } finally {
      release();
    }
    try {
      await engineInternals(engine).ready();
      const after = await mcp.call('search', { query: 'kestrel' });
      expect(textOf(after)).not.toContain('re-indexed');
      expect(textOf(after)).toContain('v:zz-kestrel.md (');
    } finally {
      await mcp.close();
    }
  });

  it.each([
    ['a command', false],
    ['the app (watching its vaults)', true],
  ])('interrupted, is finished by %s, reading again only what it had not', async (_, watch) => {
    const { dbPath, roots, engine } = await englishIndex();
    const { release } = await changeAndHold(engine, dbPath);
    const interrupted = state(dbPath);
    release();
    await engine.close();
    const { stale } = state(dbPath); // the close commits what was read
    expect(stale.length).toBeGreaterThan(0);
    expect(stale.length).toBeLessThanOrEqual(interrupted.stale.length);

    const again = await createEngine({ dbPath, watch });
    open.push(again);
    expect(engineInternals(again).rebuild()).toBe('resumed');
    expect(engineInternals(again).rebuildReason()).toBe('stemmer');
    expect(await found(again, 'kestrel')).toEqual(['v:zz-kestrel.md']);
    if (watch) await engineInternals(again).follow(['v', 'w']);
    await engineInternals(again).ready();
    expect(state(dbPath).owed).toEqual([]);
    const summary = engineInternals(again).summary('v')!;
    expect(summary.modified).toBe(stale.length);
    expect(summary.unchanged).toBe(NOTES - stale.length);
    expect(await found(again, 'kerfuffling')).toEqual(['v:0-heron.md', 'v:zz-kestrel.md']);
    await again.close();
    expect(indexRows(dbPath)).toEqual(indexRows(await freshIndex(roots, 'none')));
  });
});
