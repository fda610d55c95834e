// Whether the Electron binary can run here. Electron fetches it on first use (scripts/
// ensure-electron.mjs does before `npm start`), which needs the internet, so the Electron
// end-to-end specs run only where it is installed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const electronDir = join(import.meta.dirname, '..', 'node_modules', 'electron');

/** The Electron executable, or null when it is not installed. */
export function electronExecutable() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const pathFile = join(electronDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (override) return join(override, relative ?? 'electron');
  if (!relative) return null;
  const full = join(electronDir, 'dist', relative);
  return existsSync(full) ? full : null;
}

/** Null when Electron can run, else why not (printed when its specs are skipped). */
export function electronUnavailableReason() {
  if (!existsSync(electronDir)) return 'the electron package is not installed';
  const executable = electronExecutable();
  if (!executable || !existsSync(executable)) {
    return 'the Electron binary is not installed (node_modules/electron/dist is missing: `npm start` fetches it on first start, which needs the internet)';
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'no display (set DISPLAY, e.g. run under xvfb-run)';
  }
  return null;
}
