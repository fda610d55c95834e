// Before `npm start` and `npm run dev`: Electron 45 fetches its binary on first use, not when it
// is installed, and electron-vite only looks for it (and throws "Electron uninstall" when it is
// missing). So fetch it here once, or say in one line what is missing and what works without it
// (the README's set-up promises that line).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { electronExecutable } from './electron-available.mjs';

if (!electronExecutable()) {
  // On a terminal the progress line is replaced by the outcome; a log gets the outcome alone.
  const terminal = process.stderr.isTTY === true;
  if (terminal) process.stderr.write('folio: fetching the Electron binary (first start only)…');
  const installer = join(import.meta.dirname, '..', 'node_modules', 'electron', 'install.js');
  // The installer's own failure is a stack trace: its first line says why, the rest is noise.
  const fetched = spawnSync(process.execPath, [installer], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (terminal) process.stderr.write('\r\x1b[K');
  if (fetched.status !== 0 || !electronExecutable()) {
    const why = (fetched.stderr ?? '')
      .trim()
      .split('\n')[0]
      ?.replace(/^\w*Error: /, '');
    process.stderr.write(
      `folio: the app cannot start here: the Electron binary is missing and could not be fetched ` +
        `(${why || `exit status ${fetched.status}`}; no internet?) — ` +
        '`npm run web` serves the same app in a browser, `npm run cli -- help` lists the command line\n',
    );
    process.exit(1);
  }
}
