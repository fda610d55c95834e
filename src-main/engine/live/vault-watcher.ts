// One watcher per vault folder, run on the watch thread (`watch-thread.ts`) so that chokidar's
// scan of a large vault holds up nothing of the engine's (docs/testing.md#watch-storms). It
// reports *paths* (vault-relative, `/`-separated), not event kinds: the indexer looks at the disk
// when it runs. The vault's ignore rules and the indexed extensions are applied by the watcher
// itself (`chokidar-watcher.ts`).
import { builtWorker } from '../chunk/built-workers.ts';
import { compileIgnoreGlobs } from '../files/index.ts';
import { scanStopped, watchThread, type WatchMessage } from './watch-thread.ts';

/** What a vault watcher reports. */
export interface WatchHandlers {
  /** A file or folder at this vault-relative path changed, appeared or went away. */
  changed(path: string): void;
  /** The vault folder itself went away (unmounted, moved, deleted). */
  rootGone(): void;
  /** Watching failed somewhere (e.g. the system's watch limit); the message names the path. */
  error(message: string): void;
  /**
   * The watch thread ended: nothing is watched any more (the message names the vault). Without
   * this handler it is reported as an `error`.
   */
  lost?(message: string): void;
}

/** Options of `watchVault`. */
export interface VaultWatchOptions {
  /** The vault's own ignore globs. */
  ignore: readonly string[];
  /** Poll instead of native events (network drives, or when the system's watch limit is hit). */
  polling?: boolean;
  /**
   * Stops the initial scan (seconds in a large vault on a busy machine): `watchVault` rejects at
   * once with an `AbortError` (the watch thread closes the scan), so stopping never waits for it.
   */
  signal?: AbortSignal;
  /** Observes each chokidar scan (the first, and each restart's): begun, then done (tests). */
  onScan?: (step: 'started' | 'ready') => void;
  /** The watch thread's entry (bundled builds); default: built-workers.ts, else watch-worker.ts. */
  workerFile?: string;
}

/** A running watcher. */
export interface VaultWatcher {
  /**
   * True while the watcher has work of its own under way: a known folder's name waiting to be
   * looked at, or a restart (a new chokidar watcher scanning, then the whole vault reported).
   */
  busy(): boolean;
  /** Stops watching at once, also mid-scan or mid-restart: nothing more is reported. */
  close(): Promise<void>;
}

/**
 * Starts watching `root`; resolves once the initial scan is done and events are flowing. A
 * folder recreated under a name the watcher knew (folder-rewatch.ts) makes it start a new
 * chokidar watcher, then report the whole vault ('') so what changed meanwhile is reconciled.
 */
export function watchVault(
  root: string,
  options: VaultWatchOptions,
  handlers: WatchHandlers,
): Promise<VaultWatcher> {
  compileIgnoreGlobs(options.ignore); // a bad glob fails here, named
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(scanStopped());
  const thread = watchThread(
    options.workerFile ??
      builtWorker('watch-worker') ??
      new URL('./watch-worker.ts', import.meta.url),
  );
  return new Promise<VaultWatcher>((resolve, reject) => {
    let busy = false;
    let started = false;
    let closed = false;
    const close = () => {
      closed = true;
      thread.close(id);
      signal?.removeEventListener('abort', abort);
      return Promise.resolve();
    };
    const fail = (error: Error) => {
      void close();
      const message = `watching ${root} failed: ${error.message}`;
      if (!started) reject(error);
      else if (handlers.lost) handlers.lost(message);
      else handlers.error(message);
    };
    const abort = () => void close().then(() => reject(scanStopped()));
    const receive = (message: WatchMessage) => {
      if (closed) return;
      if (message.type === 'changed') handlers.changed(message.path);
      else if (message.type === 'rootGone') handlers.rootGone();
      else if (message.type === 'error') handlers.error(message.message);
      else if (message.type === 'scan') options.onScan?.(message.step);
      else if (message.type === 'busy') busy = message.busy;
      else if (message.type === 'failed') fail(new Error(message.message));
      else {
        started = true;
        signal?.removeEventListener('abort', abort);
        resolve({ busy: () => busy, close });
      }
    };
    const request = {
      root,
      ignore: [...options.ignore],
      polling: options.polling === true,
      reportScans: options.onScan !== undefined,
    };
    const id = thread.watch(request, { message: receive, lost: (error) => !closed && fail(error) });
    signal?.addEventListener('abort', abort, { once: true });
  });
}
