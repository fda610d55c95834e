// Where the engine's worker threads start from. Run from source, a worker loads the TypeScript
// entry beside its pool and Node strips the types of every module it imports — with a WebAssembly
// build of swc, compiled anew in each thread. FOLIO_WORKER_DIR names a folder of built entries
// instead (`index-worker.js`, `chunk-worker.js`, `watch-worker.js`: the names
// electron.vite.config.ts gives them), so the threads run JavaScript as they do in the app. The
// test runner sets it: V8 13.6 (Node 24) can crash the process freeing the WebAssembly code of
// threads that have ended (docs/testing.md#test-workers), and a test process starts and ends many
// threads.
import { join } from 'node:path';

/** The engine's worker entries. */
export type WorkerName = 'index-worker' | 'chunk-worker' | 'watch-worker';

/** The built entry of a worker in FOLIO_WORKER_DIR; undefined when that is not set. */
export function builtWorker(name: WorkerName): string | undefined {
  const dir = process.env.FOLIO_WORKER_DIR;
  return dir ? join(dir, `${name}.js`) : undefined;
}
