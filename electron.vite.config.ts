import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const root = import.meta.dirname;

/**
 * Three builds, one per process. The main build also emits the engine's worker entries
 * as separate files, because worker threads load a file path, not a module in the bundle.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(root, 'src-main/app/main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(root, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    plugins: [svelte({ configFile: resolve(root, 'svelte.config.js') })],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rollupOptions: {
        input: {
          index: resolve(root, 'src-renderer/index.html'),
          quick: resolve(root, 'src-renderer/quick.html'),
        },
      },
    },
  },
});
