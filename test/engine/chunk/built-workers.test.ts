// In a test process the engine starts its worker threads from the entries the vitest setup built,
// not from the TypeScript sources (docs/testing.md#test-workers); outside, from the sources.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtWorker } from '../../../src-main/engine/chunk/built-workers.ts';

describe('built worker entries', () => {
  it('are where the engine starts its threads from in a test process', () => {
    for (const name of ['index-worker', 'chunk-worker'] as const) {
      const entry = builtWorker(name);
      expect(entry).toMatch(
        new RegExp(`[/\\\\]\\.folio-tmp[/\\\\]workers-[^/\\\\]+[/\\\\]${name}\\.js$`),
      );
      expect(existsSync(entry!), entry).toBe(true);
    }
  });

  it('are not used without FOLIO_WORKER_DIR', () => {
    const saved = process.env.FOLIO_WORKER_DIR;
    delete process.env.FOLIO_WORKER_DIR;
    try {
      expect(builtWorker('index-worker')).toBeUndefined();
      expect(builtWorker('chunk-worker')).toBeUndefined();
    } finally {
      process.env.FOLIO_WORKER_DIR = saved;
    }
  });
});
