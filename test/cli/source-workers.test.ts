// `npm run cli` starts the engine's worker threads from their TypeScript sources (Node strips
// their types with WebAssembly), unlike the app and the tests, which start built ones. That is
// safe because of what this test holds: a command's worker threads start with it and live until
// it ends — none ends and is started anew while the command runs, which is what makes V8 13.6
// crash (docs/testing.md#the-cli-from-source).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startWatch } from '../engine/live/cli-process.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';

const dir = tempDir('folio-source-workers-');

/** The thread ids of the worker threads (Node names them WorkerThread) of process `pid`. */
function workerThreads(pid: number): string[] {
  return readdirSync(`/proc/${pid}/task`)
    .filter((tid) => {
      try {
        return readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() === 'WorkerThread';
      } catch {
        return false; // a thread that ended meanwhile
      }
    })
    .sort();
}

describe('the CLI run from source', () => {
  // A `cli watch` whose worker threads strip the engine's TypeScript themselves (no built
  // entries): a few seconds of CPU more than the tests' other `cli` processes, a minute or more
  // at a load average of 20 on two cores.
  const TIMEOUT_MS = 120_000;

  it('keeps the worker threads it started until it ends', { timeout: TIMEOUT_MS }, async () => {
    const root = join(dir, 'notes');
    write(root, 'a.md', '# A\n\nalpha\n');
    const env = { ...process.env };
    delete env.FOLIO_WORKER_DIR; // as `npm run cli` runs: worker threads from the .ts sources
    const watch = startWatch(join(dir, 'watch.db'), [`${root}=notes`], env);
    await watch.ready();
    const pid = watch.child.pid!;
    const started = workerThreads(pid);
    expect(started.length).toBeGreaterThanOrEqual(1); // the index worker (chunk workers: cores − 2)

    for (const name of ['b', 'c', 'd']) {
      const seen = watch.next((e) => e.event === 'indexed' && e.path === `${name}.md`, name);
      write(root, `${name}.md`, `# ${name}\n\nword ${name}\n`);
      await seen;
      expect(workerThreads(pid), `after ${name}.md`).toEqual(started);
    }
    watch.child.kill('SIGTERM');
    expect((await watch.exit).status).toBe(0);
  });
});
