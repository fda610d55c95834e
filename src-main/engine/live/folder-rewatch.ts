// Folders moved away (or deleted) and recreated under their name, found for a fresh watcher.
// chokidar 6 keys its native watch handles by path and shares them: when a folder is replaced
// while chokidar is still adding it (a busy process lags behind the disk), the handle on the
// old folder can survive, and the new folder under that name is then attached to it — every
// later change in the new folder goes unheard (docs/testing.md#watch-storms). So each raw
// `rename` naming a folder this watcher has known is followed, once that path has been quiet
// for `settleMs`, by `recreated` if it is a folder again (the vault watcher then starts a new
// chokidar watcher: re-adding just the folder made it a chokidar root, which lost moved
// folders in 1 storm of 35), else by `changed` (the indexer reconciles the path).
import { stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { FSWatcher } from 'chokidar';

/** How long a folder's name must be quiet before it is looked at (default). */
export const REWATCH_SETTLE_MS = 100;

/** What a `FolderRewatch` reports (vault-relative paths). */
export interface RewatchHandlers {
  /** A known folder is a folder again: the watcher must start afresh. */
  recreated(path: string): void;
  /** A known folder's name changed and is no folder now: its path must be reconciled. */
  changed(path: string): void;
}

/** Finds known folders recreated under their name while a chokidar watcher runs. */
export class FolderRewatch {
  /** Absolute paths of every folder below the root that was ever watched. */
  private readonly known = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Looks under way (a timer fired, the path's `stat` not answered yet). */
  private looking = 0;
  private closed = false;
  private readonly watcher: FSWatcher;
  private readonly root: string;
  private readonly handlers: RewatchHandlers;
  private readonly settleMs: number;

  constructor(
    watcher: FSWatcher,
    root: string,
    handlers: RewatchHandlers,
    settleMs = REWATCH_SETTLE_MS,
  ) {
    this.watcher = watcher;
    this.root = root;
    this.handlers = handlers;
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

  /** True while a known folder's name waits to be looked at, or is being looked at. */
  busy(): boolean {
    return this.timers.size > 0 || this.looking > 0;
  }

  /** Stops every pending look. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async rewatch(folder: string): Promise<void> {
    this.timers.delete(folder);
    this.looking++;
    let isFolder = false;
    try {
      isFolder = (await stat(folder)).isDirectory();
    } catch {
      // gone: chokidar reports the removal, and `changed` has the indexer look too
    } finally {
      this.looking--;
    }
    if (this.closed) return;
    const rel = relative(this.root, folder).split(sep).join('/');
    if (isFolder) this.handlers.recreated(rel);
    else this.handlers.changed(rel);
  }

  private inside(path: string): boolean {
    const rel = relative(this.root, path);
    return rel !== '' && !rel.startsWith('..');
  }
}
