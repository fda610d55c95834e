// vitest setup file: the engine in this test process starts its worker threads from the entries
// worker-bundles.ts built (src-main/engine/chunk/built-workers.ts reads FOLIO_WORKER_DIR).
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the built `index-worker.js` and `chunk-worker.js` (worker-bundles.ts). */
    folioWorkerDir: string;
  }
}

process.env.FOLIO_WORKER_DIR = inject('folioWorkerDir');
