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
    // V8's JIT-page bookkeeping (ThreadIsolation) can abort a process that creates and ends many
    // worker threads ("Check failed: jit_page.has_value()", seen once in a CI run here; known
    // upstream, no Node release fixes it): the memory-protection-keys tracking stays off in tests.
    execArgv: ['--no-memory-protection-keys'],
  },
});
