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
    // Two V8 bugs of Node 24 that are not Folio's: a GC crash in baseline (Sparkplug) frames
    // (nodejs/node#62393) and the JIT-page check of memory protection keys (nodejs/node#64500).
    // See docs/testing.md#test-workers.
    execArgv: ['--no-memory-protection-keys', '--no-sparkplug'],
  },
});
