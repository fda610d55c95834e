// The watch thread: one worker thread per process (per worker entry) that runs the chokidar
// watcher of every watched vault (`watch-worker.ts`). chokidar 6 starts the scan of every
// sub-folder it finds at once, so in a vault of thousands of folders one turn of the event loop
// that runs it lasts seconds (docs/testing.md#watch-storms); on a thread of its own that holds up
// no search, no signal and no stop. The thread is started on first use and kept until the process
// ends (no worker thread ends while a command runs: docs/testing.md#the-cli-from-source); it keeps
// the process alive only while it watches something.
import { Worker } from 'node:worker_threads';

/** How watching a vault fails when it is stopped before its initial scan ended. */
export const scanStopped = () =>
  new DOMException('watching stopped before the initial scan ended', 'AbortError');

/** What the engine asks the watch thread. */
export type ThreadRequest =
  | {
      type: 'watch';
      id: number;
      root: string;
      ignore: readonly string[];
      polling: boolean;
      reportScans: boolean;
    }
  /** Stop watching `id` (mid-scan too); nothing more is reported for it. */
  | { type: 'close'; id: number };

/** What a watcher on the watch thread posts, in the order it happened there. */
export type WatchMessage =
  | { type: 'changed'; path: string }
  | { type: 'rootGone' }
  | { type: 'error'; message: string }
  | { type: 'scan'; step: 'started' | 'ready' }
  | { type: 'busy'; busy: boolean }
  /** The initial scan is done, events are flowing. */
  | { type: 'ready' }
  /** Watching could not start. */
  | { type: 'failed'; message: string };

/** A message of the watch thread, for the watcher `id`. */
export interface ThreadReply {
  id: number;
  message: WatchMessage;
}

/** Receives one watcher's messages; `lost` when the thread itself failed. */
export interface WatchReceiver {
  message(message: WatchMessage): void;
  lost(error: Error): void;
}

/** One watch thread: its watchers by id. */
export class WatchThread {
  private readonly worker: Worker;
  private readonly receivers = new Map<number, WatchReceiver>();
  private nextId = 1;
  private dead = false;

  constructor(entry: string | URL, onDead: () => void) {
    this.worker = new Worker(entry);
    this.worker.unref();
    this.worker.on('message', ({ id, message }: ThreadReply) => {
      this.receivers.get(id)?.message(message);
    });
    const lost = (error: Error) => {
      if (this.dead) return;
      this.dead = true;
      onDead();
      const receivers = [...this.receivers.values()];
      this.receivers.clear();
      for (const receiver of receivers) receiver.lost(error);
    };
    this.worker.on('error', lost);
    this.worker.on('exit', (code) => lost(new Error(`the watch thread ended (code ${code})`)));
  }

  /** Starts watching; returns the watcher's id. */
  watch(
    request: Omit<Extract<ThreadRequest, { type: 'watch' }>, 'id' | 'type'>,
    receiver: WatchReceiver,
  ): number {
    const id = this.nextId++;
    this.receivers.set(id, receiver);
    this.worker.ref();
    this.worker.postMessage({ type: 'watch', id, ...request } satisfies ThreadRequest);
    return id;
  }

  /** Stops watching `id` at once: its messages are dropped from now on; the thread closes it. */
  close(id: number): void {
    if (!this.receivers.delete(id)) return;
    this.worker.postMessage({ type: 'close', id } satisfies ThreadRequest);
    if (this.receivers.size === 0) this.worker.unref();
  }
}

const threads = new Map<string, WatchThread>();

/** The watch thread started from `entry` (started now if there is none). */
export function watchThread(entry: string | URL): WatchThread {
  const key = String(entry);
  let thread = threads.get(key);
  if (!thread) {
    thread = new WatchThread(entry, () => threads.delete(key));
    threads.set(key, thread);
  }
  return thread;
}
