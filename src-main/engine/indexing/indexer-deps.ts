// The indexer's connections to the outside: the vault walk of `files/` and a chunker.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ChunkedDocument, ChunkInput } from '../chunk/types.ts';
import { documentKind, isIgnored, notTextReason, walkVault } from '../files/index.ts';
import { NotRegularFileError, notRegularFileError } from '../files/regular-file.ts';
import type { FolderListing, IndexerDeps } from './types.ts';

function unreadableMessage(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  // Of what is missing, only a link to nothing is reported (anything else was removed mid-walk).
  if (code === 'ENOENT') return 'a symbolic link to nothing (its target is missing)';
  return error.message;
}

/** The walk's error callback filling a listing: refused entries apart from unreadable ones. */
function collectErrors(listing: FolderListing): (path: string, error: Error) => void {
  return (path, error) => {
    if (error instanceof NotRegularFileError)
      (listing.refused ??= []).push({ path, message: error.message });
    else listing.unreadable.push({ path, message: unreadableMessage(error) });
  };
}

/**
 * Walks a vault with the file rules of docs/design.md#files-indexed, collecting what could not be
 * read. With `scopes` (vault-relative paths the watcher saw change) only those files and folders
 * are listed — unless one of them is reached through a symbolic link, where only a whole walk knows
 * which path a folder is indexed under: then the whole vault is listed (`scopes: null` in the
 * result).
 */
export async function listVaultFiles(
  root: string,
  ignore: string[],
  scopes?: readonly string[],
): Promise<FolderListing> {
  if (scopes) {
    const scoped = await listScopes(root, ignore, scopes);
    if (scoped) return scoped;
  }
  const listing: FolderListing = { files: [], unreadable: [], scopes: null, aliased: false };
  const onError = collectErrors(listing);
  const onFolderLink = (_path: string, repeated: 'loop' | 'alias' | null) => {
    if (repeated === 'alias') listing.aliased = true;
  };
  for await (const file of walkVault(root, { ignore, onError, onFolderLink })) {
    listing.files.push({ path: file.path, size: file.size, mtimeMs: file.mtimeMs });
  }
  return listing;
}

/** The listing of `scopes` alone, or null when one of them involves a symbolic link to a folder. */
async function listScopes(
  root: string,
  ignore: string[],
  scopes: readonly string[],
): Promise<FolderListing | null> {
  const rootStat = statSync(root); // a vanished root throws: the vault is offline, not emptied
  if (!rootStat.isDirectory()) throw new Error(`"${root}" is not a folder`);
  const realRoot = realpathSync(root);
  const listing: FolderListing = { files: [], unreadable: [], scopes: [...scopes], aliased: false };
  let linked = false;
  const onError = collectErrors(listing);
  for (const scope of scopes) {
    const abs = join(root, scope);
    if (isIgnored(scope, ignore)) continue;
    const kind = scopeKind(abs, join(realRoot, dirname(scope)));
    if (kind === 'linked') return null;
    if (kind === 'file' && documentKind(scope)) {
      try {
        const info = statSync(abs);
        if (info.isFile())
          listing.files.push({ path: scope, size: info.size, mtimeMs: info.mtimeMs });
        else if (!info.isDirectory()) onError(scope, notRegularFileError(info)); // as a walk does
      } catch (error) {
        // A link to nothing is a broken file, as a whole walk reports it; anything else is gone.
        if (lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink())
          onError(scope, error as Error);
      }
    } else if (kind === 'folder') {
      const onFolderLink = () => (linked = true);
      try {
        for await (const file of walkVault(root, { ignore, onError, onFolderLink, under: scope }))
          listing.files.push({ path: file.path, size: file.size, mtimeMs: file.mtimeMs });
      } catch (error) {
        // The folder vanished or stopped being one while it was walked: list what it holds now.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onError(scope, error as Error);
      }
      if (linked) return null;
    }
  }
  return listing;
}

/** What a scope is on disk; `linked` when it or its folder is reached through a symbolic link. */
function scopeKind(abs: string, expectedParent: string): 'file' | 'folder' | 'missing' | 'linked' {
  let info;
  try {
    info = lstatSync(abs);
  } catch {
    return 'missing';
  }
  let parent: string;
  try {
    parent = realpathSync(dirname(abs));
  } catch {
    return 'missing';
  }
  if (parent !== expectedParent) return 'linked';
  if (info.isSymbolicLink()) return statOrNull(abs)?.isDirectory() ? 'linked' : 'file';
  return info.isDirectory() ? 'folder' : 'file';
}

function statOrNull(abs: string) {
  try {
    return statSync(abs);
  } catch {
    return null;
  }
}

/** Indexer dependencies around a chunk function (a worker pool, or in-process chunking). */
export function indexerDeps(chunk: (input: ChunkInput) => Promise<ChunkedDocument>): IndexerDeps {
  return {
    listFiles: listVaultFiles,
    chunk,
    rejectContent: (_path, bytes) => notTextReason(bytes),
  };
}
