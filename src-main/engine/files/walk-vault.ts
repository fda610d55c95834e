// Walks a vault folder and yields the files it indexes (docs/design.md#files-indexed), in a
// stable order (names sorted by code unit within each folder). Symbolic links are followed; a
// folder reached twice (a link loop, or two links to one folder) is walked once. The watcher
// re-walks only the folder that changed (`under`), and is told about folder links because a partial
// walk cannot know which of two paths to one folder a whole walk would keep.
import type { Dirent, Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { documentKind, type DocumentKind } from './document-kind.ts';
import { compileIgnoreGlobs, isIgnored } from './ignore.ts';
import { notRegularFileError, refusedLink } from './regular-file.ts';

/** A file the vault indexes. */
export interface VaultFile {
  /** Relative to the vault root, `/`-separated, exactly as on disk (NFD names stay NFD). */
  path: string;
  absPath: string;
  size: number;
  mtimeMs: number;
  kind: DocumentKind;
}

/** Options of `walkVault`. */
export interface WalkOptions {
  /** Extra ignore globs of the vault (see `isIgnored`). */
  ignore?: readonly string[];
  /** Called for a folder or file that cannot be read; it is skipped. Default: skip silently. */
  onError?: (relPath: string, error: Error) => void;
  /** Walk only this folder (vault-relative, `/`-separated); paths stay relative to the root. */
  under?: string;
  /**
   * Called for each symbolic link to a folder (and each folder reached a second time): `repeated`
   * is `'loop'` when it leads back to a folder being walked, `'alias'` when it leads to a folder
   * already walked by another path (both are skipped), null when the walk goes through it.
   */
  onFolderLink?: (relPath: string, repeated: 'loop' | 'alias' | null) => void;
}

/** Yields every indexed file under `root`. Throws when `root` itself is not a readable folder. */
export async function* walkVault(
  root: string,
  options: WalkOptions = {},
): AsyncIterable<VaultFile> {
  const ignore = options.ignore ?? [];
  compileIgnoreGlobs(ignore); // fail early, naming a bad glob
  const rootStat = await stat(root);
  if (!rootStat.isDirectory()) throw new Error(`"${root}" is not a folder`);
  const rootKey = `${rootStat.dev}:${rootStat.ino}`;
  const state: WalkState = {
    ignore,
    onError: options.onError,
    onFolderLink: options.onFolderLink,
    visited: new Set([rootKey]),
    ancestors: new Set([rootKey]),
    rootReal: await realpath(root),
  };
  const under = (options.under ?? '').replace(/^\/+|\/+$/g, '');
  if (under === '') {
    yield* walkFolder(root, '', state);
    return;
  }
  if (isIgnored(under, ignore)) return;
  const absUnder = join(root, under);
  const underStat = await stat(absUnder);
  if (!underStat.isDirectory()) throw new Error(`"${absUnder}" is not a folder`);
  const key = `${underStat.dev}:${underStat.ino}`;
  state.visited.add(key);
  state.ancestors.add(key);
  yield* walkFolder(absUnder, under, state);
}

interface WalkState {
  ignore: readonly string[];
  onError: WalkOptions['onError'];
  onFolderLink: WalkOptions['onFolderLink'];
  visited: Set<string>;
  /** The folders on the path from the start folder down to the one being read (loop detection). */
  ancestors: Set<string>;
  /** The vault's folder, its links resolved: a link to a folder holding it is not followed. */
  rootReal: string;
}

async function* walkFolder(abs: string, rel: string, state: WalkState): AsyncIterable<VaultFile> {
  let dirents: Dirent[];
  try {
    dirents = await readdir(abs, { withFileTypes: true });
  } catch (error) {
    if (!vanished(error)) state.onError?.(rel || '.', error as Error);
    return;
  }
  const links = new Set(dirents.filter((d) => d.isSymbolicLink()).map((d) => d.name));
  const entries = dirents
    .map((d) => d.name)
    .sort()
    .map((name) => ({ name, relPath: rel ? `${rel}/${name}` : name }))
    .filter(({ relPath }) => !isIgnored(relPath, state.ignore));
  // Stat the folder's entries together; links are followed.
  const stats = await Promise.all(
    entries.map(({ name }) => stat(join(abs, name)).catch((error: Error) => error)),
  );
  for (const [index, { name, relPath }] of entries.entries()) {
    const absPath = join(abs, name);
    const info = links.has(name)
      ? await refuseLink(absPath, stats[index]!, state.rootReal)
      : stats[index]!;
    if (info instanceof Error) {
      // A link whose target is missing is a broken file to report; anything else that is gone
      // was removed while the folder was walked.
      if (links.has(name) || !vanished(info)) state.onError?.(relPath, info);
    } else if (info.isDirectory()) {
      const key = `${info.dev}:${info.ino}`;
      const repeated = state.ancestors.has(key) ? 'loop' : state.visited.has(key) ? 'alias' : null;
      if (repeated || links.has(name)) state.onFolderLink?.(relPath, repeated);
      if (repeated) continue;
      state.visited.add(key);
      state.ancestors.add(key);
      yield* walkFolder(absPath, relPath, state);
      state.ancestors.delete(key);
    } else if (info.isFile()) {
      const kind = documentKind(name);
      if (kind) yield { path: relPath, absPath, size: info.size, mtimeMs: info.mtimeMs, kind };
    } else if (documentKind(name)) {
      // A named pipe, socket or device under a note's name is never opened (a pipe would block
      // the reader for ever): reported, so the user sees why it is missing.
      state.onError?.(relPath, notRegularFileError(info));
    }
  }
}

/**
 * The stat of a symbolic link's target — or an error when the link leads into a kernel folder
 * (`/proc`, `/sys`, `/dev`): `environ.md -> /proc/self/environ` would index the process's
 * environment, and a link to `/proc` would walk the whole disk through `/proc/<pid>/root` — or
 * to a folder holding the vault (`/` itself would walk the whole disk too).
 */
async function refuseLink(
  absPath: string,
  info: Stats | Error,
  rootReal: string,
): Promise<Stats | Error> {
  // Only folders and notes are ever read; a link to `/dev/null` named `x.png` is skipped as is.
  if (info instanceof Error || !(info.isDirectory() || documentKind(absPath))) return info;
  const real = await realpath(absPath).catch(() => null);
  return (real === null ? null : refusedLink(real, rootReal)) ?? info;
}

/**
 * True for an entry that disappeared between being listed and being read (a folder deleted or
 * renamed mid-walk): it is simply not there any more, which is not an error; the watcher reports
 * its removal and the next reconcile sees what replaced it.
 */
function vanished(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
