// Where the app keeps its data (its database among it), computed without Electron: the app sets
// Electron's `userData` to this folder at start, and `cli mcp` finds the app's database here, so
// the two always agree (docs/mcp.md#the-apps-database). Pure: the caller passes the platform,
// the environment and the home folder.

/** What the folder depends on. */
export interface UserDataInputs {
  /** `process.platform`. */
  platform: string;
  /** `process.env`. */
  env: Record<string, string | undefined>;
  /** `os.homedir()`. */
  home: string;
}

/** The folder's name inside the platform's application-data folder (the product name). */
export const USER_DATA_NAME = 'Folio';

/** The app's database file inside that folder. */
export const DATABASE_FILE = 'folio.db';

/** A separate profile folder (tests, portable installs) replacing the platform's default. */
export const USER_DATA_OVERRIDE = 'FOLIO_USER_DATA_DIR';

function joined(platform: string, base: string, ...parts: string[]): string {
  const sep = platform === 'win32' ? '\\' : '/';
  const trimmed = base.length > 1 ? base.replace(/[\\/]+$/, '') : base;
  return [trimmed, ...parts].join(sep);
}

/**
 * Electron's `appData` for the platform (`%APPDATA%` on Windows, `~/Library/Application Support`
 * on macOS, `$XDG_CONFIG_HOME` or `~/.config` elsewhere), joined with `Folio` — what
 * `app.getPath('userData')` gives for an app of that name; `FOLIO_USER_DATA_DIR` replaces it.
 * A relative override stays relative: resolve it against the working directory.
 */
export function userDataDir({ platform, env, home }: UserDataInputs): string {
  const override = env[USER_DATA_OVERRIDE];
  if (override) return override;
  if (platform === 'win32') {
    return joined(
      platform,
      env.APPDATA || joined(platform, home, 'AppData', 'Roaming'),
      USER_DATA_NAME,
    );
  }
  if (platform === 'darwin') {
    return joined(platform, home, 'Library', 'Application Support', USER_DATA_NAME);
  }
  return joined(platform, env.XDG_CONFIG_HOME || joined(platform, home, '.config'), USER_DATA_NAME);
}

/** The app's own database: `folio.db` in `userDataDir`. */
export function appDatabasePath(inputs: UserDataInputs): string {
  return joined(inputs.platform, userDataDir(inputs), DATABASE_FILE);
}
