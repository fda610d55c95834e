// A vault's chokidar watcher, run inside the vault's watch thread (`watch-worker.ts`; why a
// thread: docs/testing.md#watch-storms). It reports *paths* (vault-relative, `/`-separated), not
// event kinds: the indexer looks at the disk when it runs. The vault's ignore rules
// (docs/design.md#files-indexed and its globs) and the indexed extensions are applied here too, so
// editors' temp files (vim's `4913` probe, `.swp`, `~` backups, `.tmp` files) and ignored folders
// are never even watched.
import { once } from 'node:events';
import { realpathSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { compileIgnoreGlobs, documentKind, isIgnored } from '../files/index.ts';
import { refusedLink } from '../files/regular-file.ts';
import { FolderRewatch } from './folder-rewatch.ts';
import type { VaultWatcher, WatchHandlers } from './vault-watcher.ts';
import { scanStopped } from './watch-thread.ts';

/** Options of `watchInThread`. */
export interface ThreadWatchOptions {
  /** The vault's own ignore globs. */
  ignore: readonly string[];
  /** Poll instead of native events (network drives, or when the system's watch limit is hit). */
  polling?: boolean;
  /** Stops the initial scan: `watchInThread` closes what it started, rejects with `AbortError`. */
  signal?: AbortSignal;
  /** Observes each chokidar scan (the first, and each restart's): begun, then done (tests). */
  onScan?: (step: 'started' | 'ready') => void;
  /** Called after anything that may have changed what `busy()` answers. */
  onBusy?: () => void;
}

/** One chokidar watcher: closable at once, `ready` when its initial scan is done. */
interface Chokidar {
  ready: Promise<void>;
  busy(): boolean;
  close(): Promise<void>;
}

const toRelative = (root: string, path: string) => relative(root, path).split(sep).join('/');

/** The folder with its links resolved (as given when it cannot be: the watch then fails on it). */
function realFolderOf(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}

/**
 * Symbolic links into `/proc`, `/sys` or `/dev`, or to a folder holding the vault, met while
 * watching: never followed (a link to `/proc` would watch the whole disk through
 * `/proc/<pid>/root`, one to `/` directly; the walk refuses the same links, `refusedLink`).
 * chokidar asks about a path with its `lstat` before it descends, and about its ancestors without
 * one: links found are kept.
 */
class SystemLinks {
  private readonly found = new Set<string>();
  private readonly rootReal: string;

  constructor(root: string) {
    this.rootReal = realFolderOf(root);
  }

  refuses(rel: string, abs: string, stats: Stats | undefined): boolean {
    if (stats?.isSymbolicLink()) {
      let real: string | null = null;
      try {
        real = realpathSync(abs);
      } catch {
        // a link to nothing: the indexer reports it
      }
      if (real !== null && refusedLink(real, this.rootReal)) this.found.add(rel);
    }
    if (this.found.size === 0) return false;
    for (let at = rel; ; at = at.slice(0, at.lastIndexOf('/'))) {
      if (this.found.has(at)) return true;
      if (!at.includes('/')) return false;
    }
  }
}

/**
 * Starts watching `root`; resolves once the initial scan is done and events are flowing. A
 * folder recreated under a name the watcher knew (folder-rewatch.ts) makes it start a new
 * chokidar watcher, then report the whole vault ('') so what changed meanwhile is reconciled.
 */
export async function watchInThread(
  root: string,
  options: ThreadWatchOptions,
  handlers: WatchHandlers,
): Promise<VaultWatcher> {
  compileIgnoreGlobs(options.ignore); // a bad glob fails here, named, not inside chokidar
  const systemLinks = new SystemLinks(root);
  const ignored = (path: string, stats?: Stats) => {
    const rel = toRelative(root, path);
    if (rel === '' || rel.startsWith('..')) return false;
    if (isIgnored(rel, options.ignore)) return true;
    if (systemLinks.refuses(rel, path, stats)) return true;
    return stats?.isFile() === true && documentKind(rel) === null;
  };
  let closed = false;
  let restarting: Promise<void> | null = null;
  let again = false;
  // Resolves when the watcher is closed: a restart stops waiting for its new watcher's scan.
  let closedNow = () => {};
  const closing = new Promise<void>((resolve) => (closedNow = resolve));
  const start = () => startChokidar(root, options, ignored, handlers, restart);
  let current = start();
  await untilReady(current, options.signal);
  function restart(): void {
    if (closed) return;
    if (restarting) {
      again = true;
      return;
    }
    restarting = (async () => {
      do {
        again = false;
        await current.close();
        if (closed) return;
        current = start();
        await Promise.race([current.ready, closing]);
        if (closed) return current.close(); // (closed while it started: it may not have seen it)
        handlers.changed('');
      } while (again && !closed);
    })()
      .catch((error: unknown) => handlers.error(`watching ${root} again failed: ${String(error)}`))
      .finally(() => {
        restarting = null;
        options.onBusy?.();
      });
    options.onBusy?.();
  }
  return {
    busy: () => restarting !== null || current.busy(),
    close: async () => {
      closed = true;
      closedNow();
      await current.close();
      await restarting;
    },
  };
}

/** Waits for a new watcher's initial scan; stopped by `signal`, closes it and rejects. */
async function untilReady(watcher: Chokidar, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return watcher.ready;
  if (!signal.aborted) await Promise.race([watcher.ready, once(signal, 'abort')]);
  if (!signal.aborted) return;
  await watcher.close();
  throw scanStopped();
}

/** Starts one chokidar watcher of `root`; `recreated` is called when it must be replaced. */
function startChokidar(
  root: string,
  options: ThreadWatchOptions,
  ignored: (path: string, stats?: Stats) => boolean,
  handlers: WatchHandlers,
  recreated: () => void,
): Chokidar {
  const watcher: FSWatcher = watch(root, {
    ignoreInitial: true,
    ignored,
    followSymlinks: true,
    // Unreadable folders are reported per path by the indexer's walk, not as watcher trouble.
    ignorePermissionErrors: true,
    ...(options.polling ? { backend: 'polling', pollingInterval: 1000 } : {}),
  });
  options.onScan?.('started');
  let closed = false;
  const busyAfter =
    <A extends unknown[]>(call: (...args: A) => void) =>
    (...args: A) => {
      call(...args);
      options.onBusy?.();
    };
  const folders = new FolderRewatch(watcher, root, {
    recreated: busyAfter(recreated),
    changed: busyAfter(handlers.changed),
  });
  watcher.on('all', (event, path) => {
    if (event === 'addDir') folders.remember(path);
    const rel = toRelative(root, path);
    if (rel === '' && event === 'unlinkDir') return handlers.rootGone();
    if (rel.startsWith('..')) return;
    // Files are reported by extension (an `unlink` comes without stats); folders always.
    const isFolder = event === 'addDir' || event === 'unlinkDir';
    if (isFolder || documentKind(rel) !== null) handlers.changed(rel);
  });
  // Some changes get no chokidar event, though the indexer must look at their path: a symlink
  // to nothing (its stat fails), a file made readable again (only its mode changed), a file
  // replaced by a folder of the same name (only the folder's new file is reported). The raw
  // event of such a path is passed on too; paths collapse, so a duplicate costs nothing.
  watcher.on('raw', (event: unknown, name: unknown, details: unknown) => {
    const folder = (details as { watchedPath?: unknown } | undefined)?.watchedPath;
    if (typeof name !== 'string' || typeof folder !== 'string') return;
    folders.raw(event, name, folder);
    options.onBusy?.();
    const rel = toRelative(root, join(folder, name));
    if (rel === '' || rel.startsWith('..') || documentKind(rel) === null) return;
    if (!isIgnored(rel, options.ignore)) handlers.changed(rel);
  });
  watcher.on('error', (error) => {
    const e = error as NodeJS.ErrnoException;
    const where = e.path ? ` (${e.path})` : '';
    handlers.error(`watching ${root} failed${where}: ${e.message ?? String(error)}`);
  });
  const ready = new Promise<void>((resolve) =>
    watcher.once('ready', () => {
      folders.rememberWatched();
      if (!closed) options.onScan?.('ready');
      resolve();
    }),
  );
  return {
    ready,
    busy: () => folders.busy(),
    close: () => {
      closed = true;
      folders.close();
      return watcher.close();
    },
  };
}
