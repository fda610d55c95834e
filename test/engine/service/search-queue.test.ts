// The engine's search queue (src-main/engine/service/search-queue.ts): one search at a time, a
// newer search from the same window drops that window's waiting one and stops its running one at
// its next pause; other windows and unmarked searches are never superseded.
import { describe, expect, it } from 'vitest';
import { FolioError } from '#shared/contract/engine.ts';
import { SearchQueue, type Pause } from '../../../src-main/engine/service/search-queue.ts';

/** Work that pauses `stages` times, busy for `busyMs` before each pause; logs what it did. */
function work(log: string[], name: string, stages = 3, busyMs = 0) {
  return async (pause: Pause) => {
    for (let stage = 0; stage < stages; stage += 1) {
      const until = performance.now() + busyMs;
      while (performance.now() < until);
      log.push(`${name}${stage}`);
      await pause();
    }
    return name;
  };
}

const outcome = (promise: Promise<string>) =>
  promise.then(
    (value) => value,
    (error: unknown) => (error instanceof FolioError ? error.code : String(error)),
  );

describe('SearchQueue', () => {
  it('runs searches one at a time, in order', async () => {
    const queue = new SearchQueue({ sliceMs: 0 });
    const log: string[] = [];
    const answers = await Promise.all([
      queue.run(undefined, work(log, 'a')),
      queue.run(undefined, work(log, 'b')),
    ]);
    expect(answers).toEqual(['a', 'b']);
    expect(log).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2']);
  });

  it('a newer search of a window drops its waiting one and stops its running one', async () => {
    const queue = new SearchQueue({ sliceMs: 0 });
    const log: string[] = [];
    const running = outcome(queue.run({ client: 'w', seq: 1 }, work(log, 'run')));
    const waiting = outcome(queue.run({ client: 'w', seq: 2 }, work(log, 'wait')));
    expect(queue.waiting).toBe(1);
    const newest = outcome(queue.run({ client: 'w', seq: 3 }, work(log, 'new')));
    expect(queue.waiting).toBe(1);
    expect(await Promise.all([running, waiting, newest])).toEqual([
      'superseded',
      'superseded',
      'new',
    ]);
    // The running one stopped at its first pause: one stage done, never the rest.
    expect(log).toEqual(['run0', 'new0', 'new1', 'new2']);
  });

  it('never supersedes another window’s search or an unmarked one', async () => {
    const queue = new SearchQueue({ sliceMs: 0 });
    const log: string[] = [];
    const other = outcome(queue.run({ client: 'quick', seq: 7 }, work(log, 'q')));
    const cli = outcome(queue.run(undefined, work(log, 'c')));
    const main = outcome(queue.run({ client: 'main', seq: 1 }, work(log, 'm')));
    expect(await Promise.all([other, cli, main])).toEqual(['q', 'c', 'm']);
  });

  it('answers a search that arrives after a newer one of its window superseded, unrun', async () => {
    const queue = new SearchQueue();
    const log: string[] = [];
    expect(await outcome(queue.run({ client: 'w', seq: 5 }, work(log, 'five')))).toBe('five');
    expect(await outcome(queue.run({ client: 'w', seq: 4 }, work(log, 'four')))).toBe('superseded');
    expect(log).toEqual(['five0', 'five1', 'five2']);
  });

  it('a long search yields once its slice is used, so what arrived meanwhile is heard', async () => {
    const queue = new SearchQueue({ sliceMs: 5 });
    const log: string[] = [];
    const long = outcome(queue.run({ client: 'w', seq: 1 }, work(log, 'long', 6, 3)));
    // Runs in a later turn of the event loop: only if the long search gives one up.
    setImmediate(() => void queue.run({ client: 'w', seq: 2 }, work(log, 'short', 1)));
    expect(await long).toBe('superseded');
    await expect.poll(() => log.at(-1)).toBe('short0');
    expect(log.filter((entry) => entry.startsWith('long')).length).toBeLessThan(6);
  });

  it('a failing search rejects with its own error and the next one still runs', async () => {
    const queue = new SearchQueue();
    const failing = queue.run(undefined, async () => {
      throw new FolioError('io', 'disk gone');
    });
    const next = queue.run(undefined, async () => 'next');
    await expect(failing).rejects.toThrow('disk gone');
    expect(await next).toBe('next');
  });

  it('says how long ago the last search ended (0 while one runs or waits)', async () => {
    const queue = new SearchQueue({ sliceMs: 0 });
    expect(queue.sinceSearch()).toBe(Infinity);
    let during = -1;
    await queue.run(undefined, async (pause) => {
      during = queue.sinceSearch();
      await pause();
    });
    expect(during).toBe(0);
    const ended = queue.sinceSearch();
    expect(ended).toBeGreaterThanOrEqual(0);
    expect(ended).toBeLessThan(Infinity);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queue.sinceSearch()).toBeGreaterThan(ended);
  });
});
