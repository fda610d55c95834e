// Worker-thread entry of the watch thread (`watch-thread.ts`): runs the chokidar watcher of each
// vault it is asked to watch (`chokidar-watcher.ts`) and posts what each reports, under the id
// the engine gave it. chokidar's scan of a large vault holds this thread's event loop, not the
// engine's (docs/testing.md#watch-storms).
import { parentPort } from 'node:worker_threads';
import { watchInThread } from './chokidar-watcher.ts';
import type { VaultWatcher } from './vault-watcher.ts';
import type { ThreadReply, ThreadRequest } from './watch-thread.ts';

const port = parentPort;
if (!port) throw new Error('watch-worker.ts must run in a worker thread');

interface Running {
  watcher?: VaultWatcher;
  stop: AbortController;
  busy: boolean;
}

const running = new Map<number, Running>();

function watch(request: Extract<ThreadRequest, { type: 'watch' }>): void {
  const { id } = request;
  const post = (reply: ThreadReply['message']) => port!.postMessage({ id, message: reply });
  const entry: Running = { stop: new AbortController(), busy: false };
  running.set(id, entry);
  /** Posts `busy()` when it changed since it was last posted. */
  const postBusy = () => {
    const busy = entry.watcher?.busy() ?? false;
    if (busy === entry.busy) return;
    entry.busy = busy;
    post({ type: 'busy', busy });
  };
  watchInThread(
    request.root,
    {
      ignore: request.ignore,
      polling: request.polling,
      signal: entry.stop.signal,
      onScan: request.reportScans ? (step) => post({ type: 'scan', step }) : undefined,
      onBusy: postBusy,
    },
    {
      changed: (path) => post({ type: 'changed', path }),
      rootGone: () => post({ type: 'rootGone' }),
      error: (message) => post({ type: 'error', message }),
    },
  ).then(
    (watcher) => {
      entry.watcher = watcher;
      postBusy();
      post({ type: 'ready' });
    },
    (error: unknown) => {
      running.delete(id);
      const message = error instanceof Error ? error.message : String(error);
      if (!entry.stop.signal.aborted) post({ type: 'failed', message });
    },
  );
}

port.on('message', (request: ThreadRequest) => {
  if (request.type === 'watch') return watch(request);
  const entry = running.get(request.id);
  if (!entry) return;
  running.delete(request.id);
  entry.stop.abort(); // mid-scan: watchInThread closes what it started
  void entry.watcher?.close();
});
