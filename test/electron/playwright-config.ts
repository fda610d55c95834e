// The Electron end-to-end configuration (re-exported by `playwright.electron.config.ts` at the
// root, and kept here so the project's typecheck covers it). The specs launch the built app
// (`global-setup.ts` builds it) with a temporary profile and vaults; they run where the Electron
// binary is installed, and `scripts/test.mjs` skips them with a reason elsewhere.
import { join } from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';

const here = import.meta.dirname;
const results = join(here, '..', '..', 'test-results');

// `npm test` names the JSON report file in PLAYWRIGHT_JSON_OUTPUT_NAME (read by the reporter).
const json: ReporterDescription = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
  ? ['json']
  : ['json', { outputFile: join(results, 'electron-e2e.json') }];

export default defineConfig({
  testDir: here,
  testMatch: '*.spec.ts',
  globalSetup: join(here, 'global-setup.ts'),
  outputDir: join(results, 'electron'),
  // One app at a time: each launch owns windows, a global shortcut and a tray icon.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], json],
});
