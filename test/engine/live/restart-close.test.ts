// A vault watcher that restarts (a known folder was recreated: a new chokidar watcher scans the
// whole vault, docs/testing.md#watch-storms) says it is busy until the restart has reported the
// vault, and a close() in the middle of that scan stops it at once. Before, close() waited for
// the scan to end: on a loaded machine that outlived the CLI's 1 s stop deadline, and `watch`
// ended by its signal (storm seed 90049). The initial scan stops the same way, by its signal.
// Real folders, real chokidar.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchVault } from '../../../src-main/engine/live/vault-watcher.ts';
import { tempDir } from '../store/temp.ts';

/** Enough folders for the scan to take a while (about a second on an idle machine). */
const FOLDERS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 20_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function vault(): string {
  const root = join(tempDir('folio-restart-close-'), 'vault');
  for (let i = 0; i < FOLDERS; i++) mkdirSync(join(root, `d${i}`), { recursive: true });
  mkdirSync(join(root, 'moving'));
  writeFileSync(join(root, 'moving', 'a.md'), '# A\n');
  return root;
}

async function start(root: string, reported: string[]) {
  const errors: string[] = [];
  const started = performance.now();
  const watcher = await watchVault(
    root,
    { ignore: [] },
    {
      changed: (path) => reported.push(path),
      rootGone: () => errors.push('the vault folder went away'),
      error: (message) => errors.push(message),
    },
  );
  return { watcher, errors, scanMs: performance.now() - started };
}

/** Moves the known folder `moving` away and makes it again: the watcher restarts. */
function recreate(root: string): void {
  renameSync(join(root, 'moving'), join(root, 'moved'));
  mkdirSync(join(root, 'moving'));
}

describe('a vault watcher scanning its vault (at start, or restarting after a recreated folder)', () => {
  it('is busy until it has reported the whole vault', { timeout: 60_000 }, async () => {
    const root = vault();
    const reported: string[] = [];
    const { watcher, errors } = await start(root, reported);
    try {
      expect(watcher.busy()).toBe(false);
      recreate(root);
      await until(() => watcher.busy(), 'busy');
      await until(() => !watcher.busy(), 'the restart to end');
      expect(reported).toContain(''); // the whole vault, reported once the new watcher is ready
      expect(errors).toEqual([]);
    } finally {
      await watcher.close();
    }
  });

  it('stops its initial scan when its signal aborts', { timeout: 60_000 }, async () => {
    const root = vault();
    const reported: string[] = [];
    const errors: string[] = [];
    const handlers = {
      changed: (path: string) => reported.push(path),
      rootGone: () => errors.push('the vault folder went away'),
      error: (message: string) => errors.push(message),
    };
    const stop = new AbortController();
    const watching = watchVault(root, { ignore: [], signal: stop.signal }, handlers);
    stop.abort(); // the scan of 1,500 folders has begun, far from done
    await expect(watching).rejects.toMatchObject({ name: 'AbortError' });
    const stopped = new AbortController();
    stopped.abort();
    await expect(
      watchVault(root, { ignore: [], signal: stopped.signal }, handlers),
    ).rejects.toThrow(/watching stopped before the initial scan ended/);
    expect(reported).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('closes mid-restart without waiting for the new scan', { timeout: 60_000 }, async () => {
    const root = vault();
    const reported: string[] = [];
    const { watcher, errors, scanMs } = await start(root, reported);
    recreate(root);
    // The name settles for 100 ms, then the new watcher scans about as long as the first did:
    // a quarter of that scan in, the restart is under way.
    await until(() => watcher.busy(), 'busy');
    await sleep(150 + scanMs / 4);
    const busy = watcher.busy();
    const closing = performance.now();
    await watcher.close();
    const closeMs = performance.now() - closing;
    expect(busy).toBe(true);
    // Waiting for the scan took most of it (about 3/4 of scanMs); closing at once, a fraction.
    expect(closeMs, `close ${closeMs.toFixed(0)} ms, scan ${scanMs.toFixed(0)} ms`).toBeLessThan(
      scanMs / 3,
    );
    expect(reported).not.toContain('');
    expect(errors).toEqual([]);
  });
});
