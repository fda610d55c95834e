// Why a new database cannot be made where `--db` names it, in words: its folder does not exist, is
// a file, or is not writable by this user. SQLite says only "unable to open database file", and
// better-sqlite3 "the directory does not exist" without naming it (docs/testing.md#bad-inputs-surface-by-surface-2026-11-28).
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { FolioError } from '#shared/contract/engine.ts';

/** The nearest of `folder` and its parents that exists, and whether it is a folder. */
function nearestExisting(folder: string): { path: string; isFolder: boolean } {
  let path = folder;
  for (;;) {
    try {
      return { path, isFolder: statSync(path).isDirectory() };
    } catch {
      // ENOENT, or ENOTDIR below a file: look one folder up (the root always exists).
      if (dirname(path) === path) return { path, isFolder: true };
      path = dirname(path);
    }
  }
}

/**
 * Why this user cannot write in `folder`, or null. A read-only mount is left to SQLite's own
 * error, which `databaseError` names as one.
 */
function writeProblem(folder: string): string | null {
  try {
    accessSync(folder, constants.W_OK);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EROFS'
      ? null
      : 'is not writable by this user';
  }
}

/**
 * Why no database can be made at `path` (which does not exist), or null when its folder takes
 * one. `mayCreate`: the caller makes a missing folder (`npm run web`, `cli mcp`), so the nearest
 * existing parent must be a writable folder; otherwise the folder itself must be.
 */
export function databaseFolderProblem(path: string, mayCreate = false): string | null {
  const folder = dirname(path);
  const nearest = nearestExisting(folder);
  if (!nearest.isFolder) return `${nearest.path} is a file, not a folder`;
  if (nearest.path !== folder && !mayCreate) return `its folder ${folder} does not exist`;
  const problem = writeProblem(nearest.path);
  if (!problem) return null;
  return nearest.path === folder
    ? `its folder ${folder} ${problem}`
    : `its folder ${folder} would be made in ${nearest.path}, which ${problem}`;
}

/** The one-line error of a database that cannot be created, naming the file and why. */
export function databaseFolderError(path: string, problem: string): FolioError {
  return new FolioError('io', `database ${path} cannot be created: ${problem}`);
}

/**
 * Makes the folder of a database that may be new (`npm run web`'s per-user folder, `cli mcp
 * --watch`); throws a `FolioError` naming the file and why when it cannot.
 */
export function makeDatabaseFolder(path: string): void {
  if (existsSync(path)) return; // opening it names what is wrong with it
  const problem = databaseFolderProblem(path, true);
  if (problem) throw databaseFolderError(path, problem);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw databaseFolderError(path, (error as Error).message);
  }
}
