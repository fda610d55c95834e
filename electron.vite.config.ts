import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { rendererResolve } from './src-main/bridge/build-renderer.ts';

const root = import.meta.dirname;

// Tests build into a temporary folder (FOLIO_OUT_DIR) so they never race a build of `out/`.
const out = resolve(root, process.env.FOLIO_OUT_DIR ?? 'out');

// The engine's worker-thread entries, emitted beside the main bundle under the names
// `src-main/app/paths.ts` expects (worker threads load a file, not a module of the bundle).
const workers = {
  'chunk-worker': resolve(root, 'src-main/engine/chunk/chunk-worker.ts'),
  'index-worker': resolve(root, 'src-main/engine/indexing/index-worker.ts'),
  'watch-worker': resolve(root, 'src-main/engine/live/watch-worker.ts'),
};

/** Three builds, one per process. */
const builds = defineConfig({
  main: {
    build: {
      outDir: resolve(out, 'main'),
      emptyOutDir: true,
      rollupOptions: {
        // `cli`: the app's own command line (`cli mcp` …), run by the app's binary as plain Node
        // (ELECTRON_RUN_AS_NODE); it shares the engine's chunks with the app (docs/mcp.md).
        input: {
          index: resolve(root, 'src-main/app/main.ts'),
          cli: resolve(root, 'src-main/cli/app-cli.ts'),
          ...workers,
        },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(out, 'preload'),
      emptyOutDir: true,
      // A sandboxed preload cannot `require` anything but `electron`: bundle everything else.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    resolve: rendererResolve(root),
    plugins: [svelte({ configFile: resolve(root, 'svelte.config.js') })],
    build: {
      outDir: resolve(out, 'renderer'),
      emptyOutDir: true,
      rollupOptions: {
        input: {
          index: resolve(root, 'src-renderer/index.html'),
          quick: resolve(root, 'src-renderer/quick.html'),
        },
      },
    },
  },
});

// `FOLIO_BUILD=main`: the main bundle alone (the tests of the app's command line need no more).
export default process.env.FOLIO_BUILD === 'main' ? { main: builds.main } : builds;
