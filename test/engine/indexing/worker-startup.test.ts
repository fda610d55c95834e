// A worker thread is never terminated while it starts (terminating a thread inside a native
// addon's initialisation aborts the process: docs/testing.md#test-workers). Closing the client
// while its worker is still starting waits for the start, then lets the worker end by itself.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IndexWorkerClient } from '../../../src-main/engine/indexing/index-client.ts';
import { openDatabase } from '../../../src-main/engine/store/database.ts';
import { tempDir } from '../store/temp.ts';

const dir = tempDir('folio-worker-startup-');
const slowEntry = join(import.meta.dirname, 'support/slow-start-worker.mjs');

describe('closing the index worker while it starts', () => {
  it('waits for the start instead of terminating the thread', async () => {
    const dbPath = join(dir, 'startup.db');
    openDatabase(dbPath).close();
    // A close timeout shorter than the start (1 s): the old client terminated the starting
    // thread. Not 50 ms: once started, the thread needs that long to serve the request and end at
    // a load average of 20, and was terminated (exit code 1) in one run here.
    const client = new IndexWorkerClient({
      dbPath,
      stemmer: 'english',
      file: slowEntry,
      closeTimeoutMs: 400,
    });
    const cleared = client.clearVault(1);
    const started = performance.now();
    await client.close();
    expect(performance.now() - started).toBeGreaterThan(900);
    // The request sent before the close was served: the thread ran until it ended by itself.
    await expect(cleared).resolves.toBeUndefined();
  });
});
