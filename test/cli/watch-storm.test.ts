// A storm of 1,000 real file operations (edits, renames, deletes, new files, folder moves, atomic
// saves) while `cli watch` runs converges to an index equal to a clean index of the folder.
// `scripts/watch-storms.ts` runs the same storm many times (docs/testing.md#watch-storms).
import { describe, expect, it } from 'vitest';
import { watchStorm } from '../engine/live/storm.ts';
import { tempDir } from '../engine/store/temp.ts';

describe('a storm of changes', () => {
  // A `cli watch` started from source (READY_TIMEOUT_MS: loading the CLI, its index worker, 150
  // notes), 1,000 operations re-indexed as they come, and a clean index of the result in process:
  // several seconds of CPU, which take a minute or more at a load average of 30 on two cores.
  const TIMEOUT_MS = 180_000;

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
