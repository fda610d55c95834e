// Fresh watches for folders that were moved away (or deleted) and recreated under their name.
// chokidar 6 keys its native watch handles by path and shares them: when a folder is replaced
// while chokidar is still adding it (a busy process lags behind the disk), the handle on the
// old folder can survive, and the new folder under that name is then attached to it — every
// later change in the new folder goes unheard (docs/testing.md#watch-storms). So each raw
// `rename` naming a folder this watcher has known is followed, once that path has been quiet
// for `settleMs`, by a new watch of the folder if it is one again (unwatch, then add: that
// closes every handle under the path) and by a report of the path, which makes the indexer
// reconcile the folder with the disk.
import { stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { FSWatcher } from 'chokidar';

/** How long a folder's name must be quiet before it is watched afresh (default). */
export const REWATCH_SETTLE_MS = 100;

/** Re-adds recreated folders to a running chokidar watcher. */
export class FolderRewatch {
  /** Absolute paths of every folder below the root that was ever watched. */
  private readonly known = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;
  private readonly watcher: FSWatcher;
  private readonly root: string;
  /** Reports a vault-relative folder path whose contents must be reconciled. */
  private readonly changed: (path: string) => void;
  private readonly settleMs: number;

  constructor(
    watcher: FSWatcher,
    root: string,
    changed: (path: string) => void,
    settleMs = REWATCH_SETTLE_MS,
  ) {
    this.watcher = watcher;
    this.root = root;
    this.changed = changed;
    this.settleMs = settleMs;
  }

  /** Remembers the folders watched after the initial scan. */
  rememberWatched(): void {
    for (const folder of Object.keys(this.watcher.getWatched())) this.remember(folder);
  }

  /** Remembers a folder chokidar reported (`addDir`). */
  remember(folder: string): void {
    if (this.inside(folder)) this.known.add(folder);
  }

  /** A raw event: `name` in the folder `watchedPath` (or that folder itself) changed. */
  raw(event: unknown, name: string, watchedPath: string): void {
    if (event !== 'rename' || this.closed) return;
    const named = [join(watchedPath, name)];
    if (name === basename(watchedPath)) named.push(watchedPath); // the folder's own move
    for (const folder of named) {
      if (!this.known.has(folder)) continue;
      clearTimeout(this.timers.get(folder));
      const timer = setTimeout(() => void this.rewatch(folder), this.settleMs);
      timer.unref();
      this.timers.set(folder, timer);
    }
  }

  /** Stops every pending re-watch. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async rewatch(folder: string): Promise<void> {
    this.timers.delete(folder);
    let isFolder = false;
    try {
      isFolder = (await stat(folder)).isDirectory();
    } catch {
      // gone: chokidar reports the removal, and the report below has the indexer look
    }
    if (this.closed) return;
    if (isFolder) {
      this.watcher.unwatch(folder);
      this.watcher.add(folder);
    }
    this.changed(relative(this.root, folder).split(sep).join('/'));
  }

  private inside(path: string): boolean {
    const rel = relative(this.root, path);
    return rel !== '' && !rel.startsWith('..');
  }
}
