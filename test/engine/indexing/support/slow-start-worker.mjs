// The index worker entry, starting a second late — as it does on a loaded machine, where loading
// its modules and better-sqlite3 takes seconds. JavaScript that loads the built entry the tests
// run (FOLIO_WORKER_DIR; docs/testing.md#test-workers), or the TypeScript one outside vitest.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
const built = process.env.FOLIO_WORKER_DIR;
await import(
  built
    ? pathToFileURL(join(built, 'index-worker.js')).href
    : new URL('../../../../src-main/engine/indexing/index-worker.ts', import.meta.url).href
);
