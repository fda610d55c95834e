// The arguments of `npm run web`: parsed and checked (folders must exist) before anything starts.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CliError, UsageError } from '../cli/command.ts';
import { databaseArgument } from '../cli/open-index.ts';
import { parseTargets } from '../cli/vault-targets.ts';
import { defaultWebDbPath } from './paths.ts';

/** The usage line printed with argument errors. */
export const WEB_USAGE =
  'usage: npm run web -- [--db FILE] [--port N] [--no-build] [--no-watch] [--only] [DIR[=NAME]…]';

/** `--help`: the usage line and what each option and argument does. */
export const WEB_HELP = `${WEB_USAGE}

Serves Folio's UI on 127.0.0.1 from the real engine and prints its URL (with its access token).
The web database keeps its vaults from run to run:
  --db FILE     the web database (default: the per-user web.db)
  DIR[=NAME]…   folders to add (a leading ~ is the home folder); earlier vaults are kept
  --only        serve only the folders given: every other vault is removed from this database
                (with its index; adding it again re-indexes it)
  (no DIR)      the vaults of earlier runs; on a new database, the bundled sample vault
  --port N      the port to listen on (default 0: any free port)
  --no-build    serve the renderer an earlier run built instead of building it again
  --no-watch    do not follow changes to the vault folders on disk
Vaults can also be added and removed in the page (Vaults, Alt+V).`;

/** A folder named on the command line. */
export interface VaultArgument {
  root: string;
  name?: string;
}

/** What `npm run web` was asked to do. */
export interface WebArgs {
  dbPath: string;
  port: number;
  build: boolean;
  watch: boolean;
  /** The folders named on the command line (added to the database's vaults). */
  vaults: VaultArgument[];
  /** Serve only `vaults`: remove every other vault from the database at start. */
  only: boolean;
}

/** A bad argument: the message names it. */
export class WebUsageError extends Error {
  override name = 'WebUsageError';
}

/** Parses and checks the arguments (folders must exist); throws `WebUsageError`. */
export function parseWebArgs(args: string[], cwd = process.cwd()): WebArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        db: { type: 'string' },
        port: { type: 'string' },
        'no-build': { type: 'boolean' },
        'no-watch': { type: 'boolean' },
        only: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new WebUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  // Decimal digits only: Number() took '' as 0 and '0x50' as 80.
  const port =
    values.port === undefined ? 0 : /^\d{1,5}$/.test(values.port) ? Number(values.port) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new WebUsageError(
      `--port must be a port number from 0 (any free port) to 65535, got "${values.port}"`,
    );
  }
  const given = values.db;
  const db = given === undefined ? undefined : asWebUsage(() => databaseArgument(given));
  const only = values.only === true;
  if (only && positionals.length === 0) {
    throw new WebUsageError('--only needs the folders to serve (DIR…)');
  }
  return {
    dbPath: db === undefined ? defaultWebDbPath() : resolve(cwd, db),
    port,
    build: !values['no-build'],
    watch: !values['no-watch'],
    vaults: positionals.length > 0 ? asWebUsage(() => vaultArguments(positionals, cwd)) : [],
    only,
  };
}

/**
 * `DIR` or `DIR=NAME`, read and checked together as the CLI's `index` reads them (and `--db` as
 * its `--db`: not empty, not a folder's name ending in a separator)
 * (`cli/vault-targets.ts`): each folder must exist, and no two may name the same folder or name,
 * or one lie inside another — refused here, before the engine removes (`--only`) or adds a vault.
 */
function vaultArguments(positionals: string[], cwd: string): VaultArgument[] {
  return parseTargets(positionals, cwd).map(({ root, name }) =>
    name === undefined ? { root } : { root, name },
  );
}

/** `read()`, its CLI errors (the checks are the CLI's) as `WebUsageError`s. */
function asWebUsage<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof UsageError || error instanceof CliError) {
      throw new WebUsageError(error.message);
    }
    throw error;
  }
}
