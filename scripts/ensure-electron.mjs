// Before `npm start` and `npm run dev`: Electron 45 fetches its binary on first use, not when it
// is installed, and electron-vite only looks for it (and throws "Electron uninstall" when it is
// missing). So fetch it here once, or say in one line why the app cannot start and what works.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { electronExecutable } from './electron-available.mjs';

if (!electronExecutable()) {
  process.stderr.write('folio: fetching the Electron binary (first start only)…\n');
  const installer = join(import.meta.dirname, '..', 'node_modules', 'electron', 'install.js');
  const fetched = spawnSync(process.execPath, [installer], { stdio: 'inherit' });
  if (fetched.status !== 0 || !electronExecutable()) {
    process.stderr.write(
      'folio: the Electron binary could not be fetched (no internet?), so the app cannot start ' +
        'here; `npm run web` serves the same app in a browser on the sample vault\n',
    );
    process.exit(1);
  }
}
