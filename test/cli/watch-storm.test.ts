// A storm of 1,000 real file operations (edits, renames, deletes, new files, folder moves, atomic
// saves) while `cli watch` runs converges to an index equal to a clean index of the folder; and a
// `watch` stopped while it catches up leaves an index the next `index` or `watch` completes.
// `scripts/watch-storms.ts` runs the same storm many times (docs/testing.md#watch-storms).
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cleanIndex,
  indexInProcess,
  listDocuments,
  READY_TIMEOUT_MS,
  startWatch,
  type WatchEvent,
} from '../engine/live/cli-process.ts';
import { write } from '../engine/live/helpers.ts';
import { watchStorm } from '../engine/live/storm.ts';
import { tempDir } from '../engine/store/temp.ts';

// A `cli watch` started from source (READY_TIMEOUT_MS: loading the CLI, its index worker, 150
// notes), 1,000 operations re-indexed as they come, and a clean index of the result in process:
// several seconds of CPU, which take a minute or more at a load average of 30 on two cores.
const TIMEOUT_MS = 180_000;

describe('a storm of changes', () => {
  it(
    'converges to a clean index after 1,000 renames, edits and deletes',
    { timeout: TIMEOUT_MS },
    async () => {
      const seed = Date.now() % 100_000;
      const run = await watchStorm(tempDir('folio-storm-'), seed);
      expect(run.watchStatus).toBe(0);
      expect(run.indexStatus).toBe(0);
      expect(run.live, `seed ${seed}`).toEqual(run.clean);
      expect(run.errors, `seed ${seed}`).toEqual([]);
    },
  );
});

/** Six folders of 20 notes, and 300 empty folders that make a restart's scan take a while. */
function vault(root: string): void {
  for (let f = 0; f < 6; f++)
    for (let n = 0; n < 20; n++) write(root, `f${f}/note-${n}.md`, `# Note ${f} ${n}\n\nbody\n`);
  for (let e = 0; e < 300; e++) mkdirSync(join(root, `empty/e${e}`), { recursive: true });
}

/** Moves every folder away and refills it (the watcher restarts), edits and adds notes. */
function burst(root: string, round: number): void {
  for (let f = 0; f < 6; f++) {
    const moved = `f${f}-moved-${round}`;
    renameSync(join(root, `f${f}`), join(root, moved));
    write(root, `f${f}/new-${round}.md`, `# New ${f}\n`);
    writeFileSync(join(root, moved, `note-${round}.md`), `# Edited ${f}\n\nchanged\n`);
  }
}

describe('a watch stopped while it catches up', () => {
  it(
    'exits 0, and the next index or watch brings its index up to date',
    { timeout: TIMEOUT_MS },
    async () => {
      const dir = tempDir('folio-stopped-');
      const root = join(dir, 'vault');
      vault(root);
      const db = join(dir, 'stopped.db');
      const watch = startWatch(db, [`${root}=v`]);
      await watch.ready();
      await watch.caughtUp(200);
      const change = (e: WatchEvent) => e.event === 'indexed' || e.event === 'removed';
      const catching = watch.next(change, 'the first change of the burst');
      burst(root, 0);
      await catching; // catching up: the first burst's first commit is in
      burst(root, 1); // …and a second burst it has not seen yet
      watch.child.kill('SIGTERM');
      expect(await watch.exit).toMatchObject({ status: 0, signal: null });

      const clean = await cleanIndex(join(dir, 'clean.db'), [`${root}=v`]);
      const again = join(dir, 'again.db');
      for (const end of ['', '-wal']) if (existsSync(db + end)) copyFileSync(db + end, again + end);
      await indexInProcess(db, [`${root}=v`]);
      expect(await listDocuments(db)).toEqual(clean);

      const next = startWatch(again, [`${root}=v`]);
      try {
        await next.ready();
        await next.caughtUp(200, READY_TIMEOUT_MS);
      } finally {
        next.child.kill('SIGTERM');
      }
      expect(await next.exit).toMatchObject({ status: 0, signal: null });
      expect(await listDocuments(again)).toEqual(clean);
    },
  );
});
