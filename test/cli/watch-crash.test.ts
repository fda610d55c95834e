// Crash safety with real processes: SIGKILL an indexing `cli index` (and a `cli watch` in the
// middle of a burst of edits) at random moments. Each time the database must open and pass
// `PRAGMA integrity_check`, and the next complete run must equal a clean index (`cli ls`, which
// compares each document's resolved links too).
import Database from 'better-sqlite3';
import { cpSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPORA,
  finished,
  listDocuments,
  runCli,
  spawnCli,
  startWatch,
} from '../engine/live/cli-process.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';

const dir = tempDir('folio-crash-');

/** A small deterministic PRNG, so a failing run can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `PRAGMA integrity_check` and the number of indexed files of a database. */
function inspect(db: string): { integrity: string; files: number } {
  // Read-write: opening runs the WAL recovery a crash may have left to do.
  const connection = new Database(db);
  try {
    const integrity = connection.pragma('integrity_check', { simple: true }) as string;
    const exists = connection.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'files'").get();
    const files = exists
      ? (connection.prepare('SELECT count(*) AS n FROM files').get() as { n: number }).n
      : 0;
    return { integrity, files };
  } finally {
    connection.close();
  }
}

async function cleanIndex(folder: string, name: string): Promise<unknown> {
  const db = join(dir, `clean-${name}-${Date.now()}.db`);
  const run = await runCli(['index', '--db', db, `${folder}=${name}`]);
  expect(run.status, run.stderr).toBe(0);
  return listDocuments(db);
}

/** Resolves when the process has started writing (its first progress line on stderr). */
function indexing(child: ReturnType<typeof spawnCli>): Promise<void> {
  return new Promise((resolve) => {
    child.stderr!.on('data', function first(data: Buffer) {
      if (!/\d+\/\d+ files/.test(data.toString())) return;
      child.stderr!.off('data', first);
      resolve();
    });
    child.on('close', () => resolve());
  });
}

describe('crash safety', () => {
  it('survives SIGKILL of `cli index` at random moments', async () => {
    const seed = Date.now() % 100_000;
    const next = random(seed);
    const corpus = join(CORPORA, 'dendron-vault');
    const db = join(dir, 'killed.db');
    const kills: string[] = [];
    const counts: number[] = [];
    for (let round = 0; round < 5; round++) {
      const child = spawnCli(['index', '--db', db, `${corpus}=dendron`]);
      const done = finished(child);
      // Some kills hit the start-up, the others the middle of indexing.
      if (round % 2 === 1) await indexing(child);
      const delay = Math.floor(next() * (round % 2 ? 300 : 600));
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      const run = await done;
      const { integrity, files } = inspect(db);
      counts.push(files);
      kills.push(`${round % 2 ? 'indexing' : 'start'}+${delay}ms:${run.signal ?? run.status}`);
      expect(integrity, `seed ${seed}, kills ${kills.join(' ')}`).toBe('ok');
    }
    // At least one kill landed in the middle of the index (some files in, not all).
    expect(
      counts.some((n) => n > 0 && n < 1012),
      `files after each kill: ${counts}`,
    ).toBe(true);
    const final = await runCli(['index', '--db', db, `${corpus}=dendron`]);
    expect(final.status, final.stderr).toBe(0);
    expect(await listDocuments(db), `seed ${seed}, kills ${kills.join(' ')}`).toEqual(
      await cleanIndex(corpus, 'dendron'),
    );
  });

  it('survives SIGKILL of `cli watch` in the middle of a burst of edits', async () => {
    const seed = Date.now() % 100_000;
    const next = random(seed);
    const root = join(dir, 'burst');
    cpSync(join(CORPORA, 'rust-book'), root, { recursive: true });
    const db = join(dir, 'watch-killed.db');
    const watch = startWatch(db, [`${root}=burst`]);
    await watch.next((e) => e.event === 'ready', 'ready');
    const killAfter = 20 + Math.floor(next() * 200);
    for (let op = 0; op < 300; op++) {
      if (op === killAfter) watch.child.kill('SIGKILL');
      const n = Math.floor(next() * 40);
      // Links between the burst's notes: renames and removals move where they point.
      const links = `[[burst-${(n + 1) % 40}]] [[moved-${n}]] [[burst-${n}#Burst ${op}]]`;
      if (op % 3 === 0) write(root, `burst-${n}.md`, `# Burst ${op}\n\nword${op} ${links}\n`);
      else if (op % 3 === 1) rmSync(join(root, `burst-${n}.md`), { force: true });
      else {
        try {
          renameSync(join(root, `burst-${n}.md`), join(root, `moved-${n}.md`));
        } catch {
          // nothing to rename this time
        }
      }
      if (op % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await watch.exit).signal).toBe('SIGKILL');
    expect(inspect(db).integrity, `seed ${seed}`).toBe('ok');
    const rerun = await runCli(['index', '--db', db, `${root}=burst`]);
    expect(rerun.status, rerun.stderr).toBe(0);
    expect(await listDocuments(db), `seed ${seed}`).toEqual(await cleanIndex(root, 'burst'));
  });
});
