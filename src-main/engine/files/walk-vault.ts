// Walks a vault folder and yields the files it indexes (SPEC §1), in a stable order (names sorted
// by code unit within each folder). Symbolic links are followed; a folder reached twice (a link
// loop, or two links to one folder) is walked once.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentKind } from '../chunk/types.ts';
import { documentKind } from './document-kind.ts';
import { compileIgnoreGlobs, isIgnored } from './ignore.ts';

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
  const visited = new Set<string>([`${rootStat.dev}:${rootStat.ino}`]);
  yield* walkFolder(root, '', { ignore, onError: options.onError, visited });
}

interface WalkState {
  ignore: readonly string[];
  onError: WalkOptions['onError'];
  visited: Set<string>;
}

async function* walkFolder(abs: string, rel: string, state: WalkState): AsyncIterable<VaultFile> {
  let names: string[];
  try {
    names = (await readdir(abs)).sort();
  } catch (error) {
    state.onError?.(rel || '.', error as Error);
    return;
  }
  const entries = names
    .map((name) => ({ name, relPath: rel ? `${rel}/${name}` : name }))
    .filter(({ relPath }) => !isIgnored(relPath, state.ignore));
  // Stat the folder's entries together; links are followed.
  const stats = await Promise.all(
    entries.map(({ name }) => stat(join(abs, name)).catch((error: Error) => error)),
  );
  for (const [index, { name, relPath }] of entries.entries()) {
    const info = stats[index]!;
    const absPath = join(abs, name);
    if (info instanceof Error) {
      state.onError?.(relPath, info);
    } else if (info.isDirectory()) {
      const key = `${info.dev}:${info.ino}`;
      if (state.visited.has(key)) continue;
      state.visited.add(key);
      yield* walkFolder(absPath, relPath, state);
    } else if (info.isFile()) {
      const kind = documentKind(name);
      if (kind) yield { path: relPath, absPath, size: info.size, mtimeMs: info.mtimeMs, kind };
    }
  }
}
