// The initial scan of a vault of thousands of folders never holds the engine's event loop: while
// the watcher scans, the engine's thread keeps turning (searches answer, a signal or a stop runs).
// chokidar 6 starts the scan of every folder it finds at once, so in its own thread one turn of
// the loop lasts as long as a whole level of the tree takes (docs/testing.md#watch-storms): on a
// vault of 4,041 folders, 16 turns in a 9 s scan (chokidar alone). Real folders, real chokidar.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchVault } from '../../../src-main/engine/live/vault-watcher.ts';
import { tempDir } from '../store/temp.ts';

/** 30 folders of 100 empty folders: a scan of seconds on a loaded machine, 0.1 s to make. */
const TOP = 30;
const EACH = 100;
/**
 * Turns of the engine's loop that must fit in the scan. A turn of a free loop costs microseconds,
 * the scan of 3,030 folders a second or more of CPU; a scan holding the loop allowed 80–160.
 */
const TURNS = 2000;

function vault(): string {
  const root = join(tempDir('folio-scan-hold-'), 'vault');
  for (let i = 0; i < TOP; i++)
    for (let j = 0; j < EACH; j++) mkdirSync(join(root, `d${i}`, `e${j}`), { recursive: true });
  return root;
}

describe('the initial scan of a vault of thousands of folders', () => {
  it('lets the event loop turn while it runs', { timeout: 60_000 }, async () => {
    const root = vault();
    let turns = 0;
    let turning = false;
    const turn = () => {
      turns++;
      if (turning) setImmediate(turn);
    };
    let turnsAtReady = -1;
    const errors: string[] = [];
    const watcher = await watchVault(
      root,
      {
        ignore: [],
        onScan: (step) => {
          if (step === 'started') {
            turning = true;
            setImmediate(turn);
          } else {
            turning = false;
            turnsAtReady = turns;
          }
        },
      },
      {
        changed: () => {},
        rootGone: () => errors.push('the vault folder went away'),
        error: (message) => errors.push(message),
      },
    );
    await watcher.close();
    // Counted, not timed: the loop turned this often before the scan was done.
    expect(turnsAtReady).toBeGreaterThanOrEqual(TURNS);
    expect(errors).toEqual([]);
  });
});
