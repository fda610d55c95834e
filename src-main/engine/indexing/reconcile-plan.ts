// The plan of a reconcile: given what the walk found and what the
// manifest holds, which files to index, which to hash again, which documents to remove. Pure —
// `indexer.ts` reads the disk and the database around it and carries the plan out.
import type { ManifestEntry } from '../store/index-writer.ts';

/** A file found in a vault folder. */
export interface FoundFile {
  /** Relative, `/`-separated. */
  path: string;
  size: number;
  mtimeMs: number;
}

/** An entry the walk could not read (a folder or a file), with why. */
export interface Unreadable {
  path: string;
  message: string;
}

/** The size and mtime a file had when it was indexed or failed. */
export interface Stamp {
  size: number;
  mtimeMs: number;
}

/** A file that failed: its stamp then, and whether the failure was the database's. */
export interface Failure extends Stamp {
  /** Recorded by an older version for a full or locked database: tried again, always. */
  databaseFault?: boolean;
  /**
   * Permission denied: tried again by every whole reconcile (a re-index, the next start), as a
   * chmod that makes it readable moves no stamp; a failed open costs nothing.
   */
  denied?: boolean;
}

/** What a reconcile starts from. */
export interface PlanInput {
  /** The files the walk listed, in walk order. */
  found: readonly FoundFile[];
  unreadable: readonly Unreadable[];
  /**
   * Entries refused for what they are (a pipe, a device, a link into `/proc`): recorded as file
   * errors, and unlike unreadable ones whatever was indexed at their path is removed.
   */
  refused?: readonly Unreadable[];
  /** Indexed files (of the paths the walk covered): path → what was indexed. */
  manifest: ReadonlyMap<string, ManifestEntry>;
  /** Files that failed (of the paths covered): path → their stamp then. */
  errors: ReadonlyMap<string, Failure>;
  /**
   * True when the walk covered only the paths a watcher saw change: a failed file there is tried
   * again even if its stamp did not move (a chmod, an unlock).
   */
  scoped: boolean;
  /**
   * Indexed files at or below this id hold an analysis the index is being rebuilt away from
   * (`RebuildStart.lastFile`): they are read again whatever their stamp. 0: none.
   */
  lastStale?: number;
}

/**
 * A file to read: `known` is its indexed version (re-hash it: unchanged content is a touch,
 * unless `stale`: its rows hold an old analysis and are written again).
 */
export interface PlannedFile {
  file: FoundFile;
  known: ManifestEntry | undefined;
  stale?: boolean;
}

/** What a reconcile does, in the order it does it. */
export interface ReconcilePlan {
  /** Indexed documents no longer on disk (or refused). */
  remove: string[];
  /** Error records of files no longer on disk. */
  forget: string[];
  /** Recorded as file errors after the removals: unreadable entries (what was indexed at or
   * under them stays), then refused ones. */
  failed: readonly Unreadable[];
  /**
   * Files to read, in walk order: new ones (`known` undefined), ones whose stamp moved and ones
   * whose rows are stale.
   */
  read: PlannedFile[];
  /** Indexed files whose size and mtime did not move. */
  unchanged: number;
}

/** The plan of a reconcile. */
export function planReconcile(input: PlanInput): ReconcilePlan {
  const { found, unreadable, manifest, errors, scoped } = input;
  const refused = input.refused ?? [];
  const onDisk = new Set(found.map((file) => file.path));
  const unread = (path: string) =>
    unreadable.some((u) => path === u.path || path.startsWith(`${u.path}/`));
  const gone = (path: string) => !onDisk.has(path) && !unread(path);
  const remove = [...manifest.keys()].filter(gone);
  const refusedPaths = new Set(refused.map((entry) => entry.path));
  const forget = [...errors.keys()].filter((path) => gone(path) && !refusedPaths.has(path));
  const read: PlannedFile[] = [];
  let unchanged = 0;
  for (const file of found) {
    const indexed = manifest.get(file.path);
    const failed = errors.get(file.path);
    const retry = scoped || failed?.databaseFault === true || failed?.denied === true;
    const known: Stamp | undefined = indexed ?? (retry ? undefined : failed);
    const same = known !== undefined && known.size === file.size && known.mtimeMs === file.mtimeMs;
    const stale = indexed !== undefined && indexed.fileId <= (input.lastStale ?? 0);
    if (stale) read.push({ file, known: indexed, stale });
    else if (!same) read.push({ file, known: indexed });
    else if (indexed) unchanged++;
  }
  return { remove, forget, failed: [...unreadable, ...refused], read, unchanged };
}

/**
 * The fewest scopes that cover `paths`: a path inside another one's folder is dropped. Null when
 * the root itself is among them (the whole vault).
 */
export function minimalScopes(paths: Iterable<string>): string[] | null {
  const sorted = [...new Set(paths)].sort();
  const kept: string[] = [];
  for (const path of sorted) {
    if (path === '') return null;
    // Sorted order puts `a` before `a/b`, but `a b` and `a-b` between them: check every kept one.
    if (kept.some((scope) => path.startsWith(`${scope}/`))) continue;
    kept.push(path);
  }
  return kept;
}
