// `npm test`: every test tier, offline, ending with the line CI reads: `N passed, N failed`.
// Tiers: typecheck and lint (one check each; FOLIO_SKIP_CHECKS=1 leaves them out), unit and engine tests (vitest, Node), browser end-to-end (Playwright + Chromium against
// `npm run web`), Electron end-to-end (only where the Electron binary is installed).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { electronUnavailableReason } from './electron-available.mjs';

const root = join(import.meta.dirname, '..');
const totals = { passed: 0, failed: 0 };
const notes = [];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(join(root, file), 'utf8'));
  } catch {
    return null;
  }
}

/** The vitest tier, run once: a test process that dies (by a signal or otherwise) fails it. */
function vitestTier() {
  const out = '.vitest-results.json';
  rmSync(join(root, out), { force: true });
  const status = run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  const report = readJson(out);
  if (!report) {
    totals.failed += 1;
    notes.push(`vitest: no report (exit ${status})`);
    return;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  const outside = filesFailedOutsideTests(report);
  totals.failed += outside.length;
  notes.push(...outside);
  if (status !== 0 && report.numFailedTests === 0 && outside.length === 0) {
    totals.failed += 1;
    notes.push(`vitest exited with ${status} although no test failed (an error outside a test)`);
  }
}

/**
 * Test files that failed with no failed test — they did not load, a hook failed, or their test
 * process died (its unfinished tests stay 'pending' in the report) — one note each, naming it.
 */
function filesFailedOutsideTests(report) {
  const notes = [];
  for (const file of report.testResults) {
    const tests = file.assertionResults;
    if (file.status !== 'failed' || tests.some((test) => test.status === 'failed')) continue;
    const unfinished = tests.filter((test) => test.status === 'pending').length;
    const why = unfinished
      ? `${unfinished} of its ${tests.length} tests never finished (did its test process die?)`
      : (file.message ?? '').split('\n')[0] || 'no test ran';
    notes.push(`vitest: ${relative(root, file.name)} failed outside its tests: ${why}`);
  }
  return notes;
}

function playwrightTier(name, config) {
  if (!existsSync(join(root, config))) return;
  const out = `.playwright-results-${name}.json`;
  rmSync(join(root, out), { force: true });
  const status = run('npx', ['playwright', 'test', '-c', config], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  const report = readJson(out);
  if (!report) {
    totals.failed += 1;
    notes.push(`${name}: no report (exit ${status})`);
    return;
  }
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats ?? {};
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  if (status !== 0 && unexpected === 0) {
    totals.failed += 1;
    notes.push(`${name} exited with ${status}`);
  }
}

function checkTier(name, script) {
  const status = run('npm', ['run', '--silent', script]);
  if (status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    notes.push(`${name} failed (npm run ${script})`);
  }
}

if (process.env.FOLIO_SKIP_CHECKS !== '1') {
  checkTier('typecheck', 'typecheck');
  checkTier('lint', 'lint');
}
vitestTier();
playwrightTier('browser-e2e', 'playwright.config.ts');
const electronReason = electronUnavailableReason();
if (electronReason) {
  notes.push(`Electron end-to-end specs skipped: ${electronReason}`);
} else {
  playwrightTier('electron-e2e', 'playwright.electron.config.ts');
}

for (const note of notes) console.log(note);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
