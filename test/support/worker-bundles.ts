// vitest globalSetup: builds the engine's three worker entries once per run, the way the app ships
// them (electron.vite.config.ts), into a folder that worker-env.ts hands to every test process as
// FOLIO_WORKER_DIR. The engine's worker threads then run JavaScript: from the TypeScript sources
// each thread would strip types with Node's WebAssembly stripper, and V8 13.6 crashes the process
// now and then freeing the WebAssembly code of threads that have ended
// (docs/testing.md#test-workers). Inside the repository, so the bundles' imports of
// node_modules resolve. Meanwhile one `cli index` fills the compile cache that the `cli`
// processes of the tests share (docs/testing.md#processes-started-by-tests).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

const ROOT = resolve(import.meta.dirname, '../..');

/** The compile cache of the processes the tests start, inside the run's worker folder. */
export function compileCacheOf(workerDir: string): string {
  return join(workerDir, 'compile-cache');
}

function buildWorkers(dir: string): Promise<unknown> {
  return build({
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
          'watch-worker': join(ROOT, 'src-main/engine/live/watch-worker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  });
}

/**
 * `cli index` of an empty folder from source, so that the modules of the CLI and the engine are
 * in the compile cache before any test starts one: a process ends by SIGKILL in the crash tests,
 * and only a process that exits writes the cache.
 */
async function fillCompileCache(dir: string): Promise<void> {
  const empty = join(dir, 'empty-vault');
  mkdirSync(empty);
  await promisify(execFile)(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      '--experimental-strip-types',
      join(ROOT, 'src-main/cli/bin.ts'),
      'index',
      '--db',
      join(dir, 'empty.db'),
      `${empty}=empty`,
    ],
    { cwd: ROOT, env: { ...process.env, NODE_COMPILE_CACHE: compileCacheOf(dir) } },
  );
}

export default async function setup(project: TestProject): Promise<() => void> {
  const base = join(ROOT, '.folio-tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'workers-'));
  await Promise.all([buildWorkers(dir), fillCompileCache(dir)]);
  project.provide('folioWorkerDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
