// Where the web bridge keeps and finds things by default.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root (this file is `src-main/bridge/paths.ts`). */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/** The bundled sample vault, opened when no folder is given. */
export const SAMPLE_VAULT = join(REPO_ROOT, 'resources', 'sample-vault');

/** Where the renderer is built for the browser (apart from `out/renderer`, Electron's build). */
export const WEB_BUILD_DIR = join(REPO_ROOT, 'out', 'web');

/**
 * The per-user data folder of Folio for this platform (XDG on Linux, Application Support on
 * macOS, %APPDATA% on Windows).
 */
export function userDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Folio');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Folio');
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'folio');
}

/**
 * The default database of `npm run web`: its own file in the per-user folder, so a bridge and
 * a running app never write one database at the same time.
 */
export function defaultWebDbPath(): string {
  return join(userDataDir(), 'web.db');
}
