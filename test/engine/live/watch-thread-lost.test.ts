// The watch thread (docs/architecture.md) ending while it watches: each of its vaults hears of
// it (`lost`, else an `error` naming the vault), the next watcher gets a new thread, and a live
// vault shows the error, then watches again on a new thread and reconciles. Real worker threads,
// real chokidar; the threads that end are test fixtures (support/*-watch-worker.mjs).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { watchVault } from '../../../src-main/engine/live/vault-watcher.ts';
import { tempDir } from '../store/temp.ts';
import { committed, write } from './helpers.ts';

const support = join(import.meta.dirname, 'support');

describe('a watch thread that ends', () => {
  it('is reported to its watchers, and the next watcher gets a new thread', async () => {
    const root = join(tempDir('folio-thread-lost-'), 'vault');
    mkdirSync(root, { recursive: true });
    const workerFile = join(support, 'exiting-watch-worker.mjs');
    const start = () => {
      const reports: string[] = [];
      const handlers = {
        changed: () => {},
        rootGone: () => reports.push('root gone'),
        error: (message: string) => reports.push(`error: ${message}`),
        lost: (message: string) => reports.push(`lost: ${message}`),
      };
      return { reports, watching: watchVault(root, { ignore: [], workerFile }, handlers) };
    };
    for (let thread = 1; thread <= 2; thread++) {
      const { reports, watching } = start(); // hangs if it were sent to the ended thread
      const watcher = await watching;
      await expect.poll(() => reports, { timeout: 20_000 }).toHaveLength(1);
      expect(reports[0]).toBe(`lost: watching ${root} failed: the watch thread ended (code 3)`);
      await watcher.close();
    }
  });

  it('leaves no live vault unwatched: it is shown, then watched again', async () => {
    const base = tempDir('folio-thread-lost-');
    const root = join(base, 'v');
    write(root, 'a.md', '# A\n');
    process.env.FOLIO_TEST_DYING_MARKER = join(base, 'died');
    const engine = await createEngine({
      dbPath: join(base, 'folio.db'),
      vaults: [{ root, name: 'v' }],
      workerFiles: { watch: join(support, 'dying-watch-worker.mjs') },
    });
    // The vault's problem, looked at every 2 ms: it is shown from the thread's end until the new
    // watcher is ready (a thread's start and a scan: far longer), while the status says `indexing`.
    const problems: Array<string | undefined> = [undefined];
    const look = setInterval(() => {
      const now = engineInternals(engine).problem('v');
      if (problems.at(-1) !== now) problems.push(now);
    }, 2);
    try {
      await engineInternals(engine).follow(['v']);
      const lost = `watching ${root} failed: the watch thread ended (code 7)`;
      await expect.poll(() => problems, { timeout: 20_000 }).toEqual([undefined, lost, undefined]);
      // Watched again, on a new thread (the marker was written: it does not end): a new note.
      const done = committed(engine, { indexed: ['b.md'] });
      write(root, 'b.md', '# B\n');
      await done;
    } finally {
      clearInterval(look);
      await engine.close();
      delete process.env.FOLIO_TEST_DYING_MARKER;
    }
  });

  it('stops watching a vault whose thread keeps ending, and says so', async () => {
    const base = tempDir('folio-thread-lost-');
    const root = join(base, 'v');
    write(root, 'a.md', '# A\n');
    const engine = await createEngine({
      dbPath: join(base, 'folio.db'),
      vaults: [{ root, name: 'v' }],
      // every thread answers `ready`, then ends
      workerFiles: { watch: join(support, 'exiting-watch-worker.mjs') },
    });
    try {
      await engineInternals(engine).follow(['v']);
      const problem = () => engineInternals(engine).problem('v');
      await expect.poll(problem, { timeout: 20_000 }).toMatch(/no longer watched/);
      expect(problem()).toBe(
        `watching ${root} failed: the watch thread ended (code 3); it ended 3 times within a ` +
          'minute, so v is no longer watched (pause and resume watching, or restart Folio, to try again)',
      );
      // Not restarted again: a new watcher, once ready, would clear the problem.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(problem()).toMatch(/no longer watched/);
    } finally {
      await engine.close();
    }
  });
});
