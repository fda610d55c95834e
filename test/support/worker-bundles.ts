// vitest globalSetup: builds the engine's two worker entries once per run, the way the app ships
// them (electron.vite.config.ts), into a folder that worker-env.ts hands to every test process as
// FOLIO_WORKER_DIR. The engine's worker threads then run JavaScript: from the TypeScript sources
// each thread would strip types with Node's WebAssembly stripper, and V8 13.6 crashes the process
// now and then freeing the WebAssembly code of threads that have ended
// (docs/testing.md#test-workers). Inside the repository, so the bundles' imports of
// node_modules resolve.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

const ROOT = resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject): Promise<() => void> {
  const base = join(ROOT, '.folio-tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'workers-'));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: {
      ssr: true, // for Node: node_modules stay imports, as in the app's main bundle
      outDir: dir,
      emptyOutDir: false,
      minify: false,
      rollupOptions: {
        input: {
          'index-worker': join(ROOT, 'src-main/engine/indexing/index-worker.ts'),
          'chunk-worker': join(ROOT, 'src-main/engine/chunk/chunk-worker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  });
  project.provide('folioWorkerDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
