// Where the app finds its parts: the built renderer and preload beside the main bundle, the bundled
// resources (sample vault, icons) in the package's resources folder, and the user's data. Pure.
import { join } from 'node:path';
import { DATABASE_FILE } from '#shared/user-data.ts';

/** The facts the paths depend on (Electron's `app` and the main bundle's own folder). */
export interface PathInputs {
  /** Folder of the built main bundle (`out/main`). */
  mainDir: string;
  /** `app.isPackaged`. */
  isPackaged: boolean;
  /** `process.resourcesPath` (where electron-builder puts extra resources). */
  resourcesPath: string;
  /** `app.getAppPath()`: the project root when unpackaged. */
  appPath: string;
  /** `app.getPath('userData')`. */
  userData: string;
}

/** Every path the main process uses. */
export interface AppPaths {
  /** The built renderer (`out/renderer`), served as `folio://app/`. */
  rendererDir: string;
  /** The bundled preload script. */
  preload: string;
  /** The bundled sample vault (an extra resource when packaged). */
  sampleVault: string;
  /** App and tray icons. */
  iconsDir: string;
  /** The SQLite database of this user profile. */
  database: string;
  /** The main window's remembered bounds. */
  windowState: string;
  /** The engine's worker entries, emitted beside the main bundle by `electron.vite.config.ts`. */
  workerFiles: { chunk: string; index: string; watch: string };
  /** The app's own command line (`cli.js mcp`, run by the app's binary as plain Node). */
  cliEntry: string;
}

/** File names of the worker bundles (`electron.vite.config.ts` emits them under these names). */
export const WORKER_BUNDLES = {
  chunk: 'chunk-worker.js',
  index: 'index-worker.js',
  watch: 'watch-worker.js',
} as const;

/** The worker bundles in `dir` (the main bundle's folder): the app's and its command line's. */
export function workerFilesIn(dir: string): AppPaths['workerFiles'] {
  return {
    chunk: join(dir, WORKER_BUNDLES.chunk),
    index: join(dir, WORKER_BUNDLES.index),
    watch: join(dir, WORKER_BUNDLES.watch),
  };
}

/** Resolves every path from the inputs. */
export function appPaths(inputs: PathInputs): AppPaths {
  const resources = inputs.isPackaged ? inputs.resourcesPath : join(inputs.appPath, 'resources');
  return {
    rendererDir: join(inputs.mainDir, '..', 'renderer'),
    preload: join(inputs.mainDir, '..', 'preload', 'index.cjs'),
    sampleVault: join(resources, 'sample-vault'),
    iconsDir: join(resources, 'icons'),
    database: join(inputs.userData, DATABASE_FILE),
    windowState: join(inputs.userData, 'window-state.json'),
    workerFiles: workerFilesIn(inputs.mainDir),
    cliEntry: join(inputs.mainDir, 'cli.js'),
  };
}
