// Coalescing watcher events: which paths, and when a batch is handed over.
import { describe, expect, it } from 'vitest';
import { ChangeBatcher } from '../../../src-main/engine/live/change-batcher.ts';

describe('ChangeBatcher', () => {
  it('hands over one batch per quiet period, each path once', async () => {
    const batches: string[][] = [];
    let delivered!: () => void;
    const done = new Promise<void>((resolve) => (delivered = resolve));
    const batcher = new ChangeBatcher(
      (paths) => {
        batches.push(paths);
        delivered();
      },
      { quietMs: 30, maxWaitMs: 1000 },
    );
    for (const path of ['a.md', 'b.md', 'a.md', 'a.md']) batcher.add(path);
    await done;
    expect(batches).toEqual([['a.md', 'b.md']]);
  });

  it('hands over at the latest after maxWaitMs during a steady storm', async () => {
    const batches: string[][] = [];
    const batcher = new ChangeBatcher((paths) => batches.push(paths), {
      quietMs: 50,
      maxWaitMs: 60,
    });
    const started = performance.now();
    // An event every 10 ms never leaves 50 ms of quiet; the batch still goes out.
    while (batches.length === 0 && performance.now() - started < 5000) {
      batcher.add(`f${Math.floor(performance.now())}.md`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    batcher.dispose();
    expect(batches.length).toBe(1);
    expect(batches[0]!.length).toBeGreaterThan(1);
  });

  it('flushes on demand and drops what it holds when disposed', () => {
    const batches: string[][] = [];
    const batcher = new ChangeBatcher((paths) => batches.push(paths));
    batcher.add('a.md');
    batcher.flush();
    batcher.add('b.md');
    batcher.dispose();
    batcher.flush();
    expect(batches).toEqual([['a.md']]);
  });
});
