import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  plugins: [svelte()],
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The engine's worker threads run built JavaScript, not TypeScript stripped in each thread
    // by WebAssembly (docs/testing.md#test-workers).
    globalSetup: ['test/support/worker-bundles.ts'],
    setupFiles: ['test/support/worker-env.ts'],
    // A V8 bug of Node 24 that is not Folio's: a GC crash in baseline (Sparkplug) frames
    // (nodejs/node#62393). See docs/testing.md#test-workers.
    execArgv: ['--no-sparkplug'],
  },
});
