// vitest setup file: the engine in this test process starts its worker threads from the entries
// worker-bundles.ts built (src-main/engine/chunk/built-workers.ts reads FOLIO_WORKER_DIR), and
// the Node processes the tests start (`cli` from source, `npm run web`) share one compile cache
// (docs/testing.md#processes-started-by-tests).
import { inject } from 'vitest';
import { compileCacheOf } from './worker-bundles.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the built `index-worker.js` and `chunk-worker.js` (worker-bundles.ts). */
    folioWorkerDir: string;
  }
}

process.env.FOLIO_WORKER_DIR = inject('folioWorkerDir');
// Node keeps each module it compiles (the CLI's TypeScript after stripping its types, and
// node_modules) in this folder, keyed by its contents, and the next process loads it from there:
// a `cli` process then starts with about 0.9 s of CPU instead of 1.6 s.
process.env.NODE_COMPILE_CACHE ??= compileCacheOf(inject('folioWorkerDir'));
