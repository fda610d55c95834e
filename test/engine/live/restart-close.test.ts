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

/** Enough folders for a scan to be far from done just after it began. */
const FOLDERS = 300;

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
  const watcher = await watchVault(
    root,
    { ignore: [] },
    {
      changed: (path) => reported.push(path),
      rootGone: () => errors.push('the vault folder went away'),
      error: (message) => errors.push(message),
    },
  );
  return { watcher, errors };
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
    stop.abort(); // the scan of 300 folders has begun, far from done
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
    const errors: string[] = [];
    const scans: string[] = [];
    let closing: Promise<void> | null = null;
    const watcher = await watchVault(
      root,
      {
        ignore: [],
        // The moment the restart's scan begins, close: what is observed is order, not time.
        onScan: (step) => {
          scans.push(step);
          if (scans.length === 3) closing = watcher.close();
        },
      },
      {
        changed: (path) => reported.push(path),
        rootGone: () => errors.push('the vault folder went away'),
        error: (message) => errors.push(message),
      },
    );
    expect(scans).toEqual(['started', 'ready']);
    recreate(root);
    await until(() => closing !== null, 'the restart to begin');
    await closing;
    // Closed before the new watcher's scan was done (waiting for it, the scans would end 'ready').
    expect(scans).toEqual(['started', 'ready', 'started']);
    await sleep(200);
    expect(scans).toHaveLength(3); // and no other watcher started after the close
    expect(reported).not.toContain('');
    expect(errors).toEqual([]);
  });
});
