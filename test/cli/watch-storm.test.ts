// A storm of 1,000 real file operations (edits, renames, deletes, new files, folder moves, atomic
// saves) while `cli watch` runs converges to an index equal to a clean index of the folder.
// `scripts/watch-storms.ts` runs the same storm many times (docs/testing.md#watch-storms).
import { describe, expect, it } from 'vitest';
import { watchStorm } from '../engine/live/storm.ts';
import { tempDir } from '../engine/store/temp.ts';

describe('a storm of changes', () => {
  it('converges to a clean index after 1,000 renames, edits and deletes', async () => {
    const seed = Date.now() % 100_000;
    const run = await watchStorm(tempDir('folio-storm-'), seed);
    expect(run.watchStatus).toBe(0);
    expect(run.indexStatus).toBe(0);
    expect(run.live, `seed ${seed}`).toEqual(run.clean);
    expect(run.errors, `seed ${seed}`).toEqual([]);
  });
});
