// A folder moved away and recreated under its name while the watcher lags behind the disk stays
// watched: a note written into it later is reported (docs/testing.md#watch-storms). Real files,
// real chokidar, the vault watcher itself; another process moves and refills the folders
// (folder-churn.ts) while this one is kept busy, as on a loaded machine. Before recreated
// folders were looked for (live/folder-rewatch.ts), every run of this test lost a folder. The
// watcher runs on this thread (`watchInThread`, what each vault's watch thread runs): kept busy,
// it lags behind the disk as a loaded machine makes it; on a thread of its own (`watchVault`) it
// would not, and the test would pass without the repair.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { watchInThread } from '../../../src-main/engine/live/chokidar-watcher.ts';
import { tempDir } from '../store/temp.ts';

const FOLDERS = ['f0', 'f1', 'f2'];
/** How long without a report counts as settled (a recreated folder is looked at after 100 ms). */
const QUIET_MS = 500;
/** How long a note written into a watched folder may take to be reported on a busy machine. */
const REPORT_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs folder-churn.ts over `root` while this process's event loop is kept busy. */
async function churn(root: string, seed: number): Promise<void> {
  let turn = 0;
  const load = setInterval(() => {
    const until = performance.now() + (turn++ % 20);
    while (performance.now() < until);
  }, 1);
  try {
    const args = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning'];
    const script = join(import.meta.dirname, 'folder-churn.ts');
    const child = spawn(process.execPath, [...args, script, root, String(seed), '300'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const [status] = (await once(child, 'exit')) as [number | null];
    expect(status).toBe(0);
    await sleep(1500); // still busy: the watcher catches up under the same load
  } finally {
    clearInterval(load);
  }
}

/** The watcher's reports, with a wait for quiet and a wait for a report. */
function reports() {
  const seen: Array<{ path: string; at: number }> = [];
  return {
    changed: (path: string) => seen.push({ path, at: performance.now() }),
    async quiet(): Promise<void> {
      for (;;) {
        const wait = (seen.at(-1)?.at ?? 0) + QUIET_MS - performance.now();
        if (wait <= 0) return;
        await sleep(wait);
      }
    },
    /** True once one of `paths` is reported after `since`; false after REPORT_MS. */
    async reported(paths: string[], since: number): Promise<boolean> {
      const deadline = performance.now() + REPORT_MS;
      while (performance.now() < deadline) {
        if (seen.some((r) => r.at >= since && paths.includes(r.path))) return true;
        await sleep(20);
      }
      return false;
    },
  };
}

describe('folders moved away and recreated under their names', () => {
  it('stay watched once the watcher has caught up', { timeout: 180_000 }, async () => {
    const lost: string[] = [];
    for (const seed of [3, 4, 5, 6]) {
      const root = join(tempDir('folio-recreated-'), 'vault');
      for (const folder of FOLDERS) {
        mkdirSync(join(root, folder), { recursive: true });
        writeFileSync(join(root, folder, 'a.md'), '# A\n');
      }
      const log = reports();
      const errors: string[] = [];
      const watcher = await watchInThread(
        root,
        { ignore: [] },
        {
          changed: log.changed,
          rootGone: () => errors.push('the vault folder went away'),
          error: (message) => errors.push(message),
        },
      );
      try {
        await churn(root, seed);
        await log.quiet();
        // Each folder is made (again, if it was moved away); once that settled, a note written
        // into it must be reported: itself, its folder or the whole vault ('', after a new
        // watcher started), each of which has the indexer read it.
        for (const folder of FOLDERS) {
          mkdirSync(join(root, folder), { recursive: true });
          writeFileSync(join(root, folder, 'first.md'), '# First\n');
        }
        await log.quiet();
        const since = performance.now();
        for (const folder of FOLDERS) writeFileSync(join(root, folder, 'second.md'), '# Second\n');
        for (const folder of FOLDERS)
          if (!(await log.reported([`${folder}/second.md`, folder, ''], since)))
            lost.push(`seed ${seed}: ${folder}`);
      } finally {
        await watcher.close();
      }
      expect(errors).toEqual([]);
    }
    expect(lost).toEqual([]);
  });
});
