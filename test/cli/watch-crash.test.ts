// Crash safety with real processes: SIGKILL an indexing `cli index` (and a `cli watch` in the
// middle of a burst of edits) at random moments. Each time the database must open and pass
// `PRAGMA integrity_check`, and the next complete run must equal a clean index (`cli ls`, which
// compares each document's resolved links too). Only the killed commands are processes of their
// own; the runs after them are the same `main()` in this process (cli-process.ts). The vaults are
// small (300 notes, a few dozen for the burst) and the kills wait on what the process printed,
// so each lands where it is meant to whatever the machine's speed.
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPORA,
  cleanIndex,
  finished,
  indexInProcess,
  listDocuments,
  spawnCli,
  startWatch,
} from '../engine/live/cli-process.ts';
import { EVENT_TIMEOUT_MS, write } from '../engine/live/helpers.ts';
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

/** A vault of every `step`-th note of dendron-vault, `count` of them (its links among them). */
function dendronSample(root: string, step: number, count: number): string[] {
  const corpus = join(CORPORA, 'dendron-vault');
  const names = readdirSync(corpus)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .filter((_, index) => index % step === 0)
    .slice(0, count);
  mkdirSync(root, { recursive: true });
  for (const name of names) copyFileSync(join(corpus, name), join(root, name));
  return names;
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
  // Five `cli index` processes started from source (about 1 s of CPU each to load the CLI, and
  // as much for their index worker), then two in-process indexes of 300 notes (~640 KB); or a
  // `cli watch` started (READY_TIMEOUT_MS) and two indexes of its notes: several seconds of CPU,
  // which take minutes at a load average of 30 on two cores.
  const TIMEOUT_MS = 180_000;

  it('survives SIGKILL of `cli index` at random moments', { timeout: TIMEOUT_MS }, async () => {
    const seed = Date.now() % 100_000;
    const next = random(seed);
    const root = join(dir, 'sample');
    const notes = dendronSample(root, 3, 300).length;
    const db = join(dir, 'killed.db');
    const kills: string[] = [];
    const counts: number[] = [];
    for (let round = 0; round < 5; round++) {
      const child = spawnCli(['index', '--db', db, `${root}=dendron`]);
      const done = finished(child);
      // Some kills hit the start-up, the others the middle of indexing: after the first progress
      // line, which comes once the first note is committed, and soon enough that most are left.
      if (round % 2 === 1) await indexing(child);
      const delay = Math.floor(next() * (round % 2 ? 150 : 600));
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      const run = await done;
      const { integrity, files } = inspect(db);
      counts.push(files);
      kills.push(`${round % 2 ? 'indexing' : 'start'}+${delay}ms:${run.signal ?? run.status}`);
      expect(integrity, `seed ${seed}, kills ${kills.join(' ')}`).toBe('ok');
    }
    // At least one kill landed in the middle of the index (some notes in, not all).
    expect(
      counts.some((n) => n > 0 && n < notes),
      `files after each kill: ${counts}`,
    ).toBe(true);
    await indexInProcess(db, [`${root}=dendron`]);
    expect(await listDocuments(db), `seed ${seed}, kills ${kills.join(' ')}`).toEqual(
      await cleanIndex(join(dir, 'clean-index.db'), [`${root}=dendron`]),
    );
  });

  it(
    'survives SIGKILL of `cli watch` in the middle of a burst of edits',
    { timeout: TIMEOUT_MS },
    async () => {
      const seed = Date.now() % 100_000;
      const next = random(seed);
      const root = join(dir, 'burst');
      dendronSample(root, 25, 40);
      const db = join(dir, 'watch-killed.db');
      const watch = startWatch(db, [`${root}=burst`]);
      await watch.ready();
      // Killed once it has committed a few of the burst's changes (while more keep coming), and
      // edited on after it died: the rerun must find both.
      const killAfter = 1 + Math.floor(next() * 5);
      const before = watch.events.length;
      const deadline = performance.now() + EVENT_TIMEOUT_MS;
      let killedAt = -1;
      for (let op = 0; killedAt < 0 || op < killedAt + 50; op++) {
        if (killedAt < 0 && watch.events.length - before >= killAfter) {
          watch.child.kill('SIGKILL');
          killedAt = op;
        }
        if (killedAt < 0 && performance.now() > deadline)
          throw new Error(`seed ${seed}: watch reported no change of ${op} edits in time`);
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
        // The watcher and the process's output need turns of the loop to be seen.
        if (op % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect((await watch.exit).signal).toBe('SIGKILL');
      expect(inspect(db).integrity, `seed ${seed}`).toBe('ok');
      await indexInProcess(db, [`${root}=burst`]);
      expect(await listDocuments(db), `seed ${seed}`).toEqual(
        await cleanIndex(join(dir, 'clean-burst.db'), [`${root}=burst`]),
      );
    },
  );
});
