// The arguments of `npm run web`: parsed and checked (folders must exist) before anything starts.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SAMPLE_VAULT, defaultWebDbPath } from './paths.ts';

/** The usage line printed with argument errors. */
export const WEB_USAGE =
  'usage: npm run web -- [--db FILE] [--port N] [--no-build] [--no-watch] [DIR[=NAME]…]';

/** What `npm run web` was asked to do. */
export interface WebArgs {
  dbPath: string;
  port: number;
  build: boolean;
  watch: boolean;
  /** The folders to serve; the sample vault when none are given. */
  vaults: Array<{ root: string; name?: string; sample?: boolean }>;
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
  const vaults = positionals.map((argument) => parseVaultArgument(argument, cwd));
  return {
    dbPath: values.db === undefined ? defaultWebDbPath() : resolve(cwd, values.db),
    port,
    build: !values['no-build'],
    watch: !values['no-watch'],
    vaults: vaults.length > 0 ? vaults : [{ root: SAMPLE_VAULT, sample: true }],
  };
}

/** `DIR` or `DIR=NAME` (as the CLI's `index`); the folder must exist. */
function parseVaultArgument(argument: string, cwd: string): { root: string; name?: string } {
  const named = /^(.*)=([a-z0-9_-]+)$/.exec(argument);
  const root = resolve(cwd, named ? named[1]! : argument);
  const stats = statSync(root, { throwIfNoEntry: false });
  if (!stats) throw new WebUsageError(`folder not found: ${argument}`);
  if (!stats.isDirectory()) throw new WebUsageError(`not a folder: ${argument}`);
  return named ? { root, name: named[2]! } : { root };
}
