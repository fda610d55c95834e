// The README's set-up: where Electron's binary cannot be fetched, `npm start` says so in one line
// naming what is missing and what works without it, and exits 1. Run on a copy of the scripts
// with Electron's own installer and @electron/get, its download pointed at a port where nothing
// listens (the Electron boundary: the test needs no internet, and never fetches).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(tmpdir(), 'folio-npm-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A checkout holding the start scripts and an Electron package whose binary was never fetched. */
function checkoutWithoutElectron(): string {
  mkdirSync(join(root, 'scripts'));
  for (const file of ['ensure-electron.mjs', 'electron-available.mjs']) {
    copyFileSync(join(repo, 'scripts', file), join(root, 'scripts', file));
  }
  const electron = join(root, 'node_modules', 'electron');
  mkdirSync(electron, { recursive: true });
  for (const file of ['install.js', 'package.json', 'checksums.json']) {
    copyFileSync(join(repo, 'node_modules', 'electron', file), join(electron, file));
  }
  mkdirSync(join(root, 'node_modules', '@electron'));
  symlinkSync(
    join(repo, 'node_modules', '@electron', 'get'),
    join(root, 'node_modules', '@electron', 'get'),
  );
  return root;
}

describe('npm start without the Electron binary', () => {
  it('says in one line what is missing and what works, and exits 1', () => {
    const checkout = checkoutWithoutElectron();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
      electron_config_cache: join(root, 'cache'),
    };
    delete env.ELECTRON_OVERRIDE_DIST_PATH;
    const run = spawnSync(process.execPath, [join(checkout, 'scripts', 'ensure-electron.mjs')], {
      env,
      encoding: 'utf8',
    });
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(2); // one line and its newline
    expect(run.stderr).toMatch(
      /^folio: the app cannot start here: the Electron binary is missing and could not be fetched \(.+\) — `npm run web` serves the same app in a browser, `npm run cli -- help` lists the command line\n$/,
    );
    expect(run.status).toBe(1);
  });
});
