// The engine's handle on the index worker thread: requests become promises, the worker's progress
// and commits come back through the request's listener. The thread starts on the first request
// (read-only CLI commands never pay for it), is restarted after a crash, and does not keep the
// process alive while it has nothing to do.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { builtWorker } from '../chunk/built-workers.ts';
import type { IndexerListener, IndexSummary, VaultTarget } from './types.ts';
import type { IndexWorkerData, WorkerReply, WorkerRequest } from './worker-protocol.ts';

/** Where the worker entry is when the engine runs from source (Node strips the types). */
const SOURCE_ENTRY = new URL('./index-worker.ts', import.meta.url);

/**
/**
 * How long `close()` lets a started worker finish the file it is on (a cancelled reconcile stops
 * between two files) before terminating it: quitting and Ctrl-C end within a second or two.
 */
const CLOSE_TIMEOUT_MS = 500;

/** How long `close()` then waits for a terminated worker to be gone. */
const TERMINATE_WAIT_MS = 500;

/** True when `promise` settled within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([promise.then(() => true), late]).finally(() => clearTimeout(timer));
}

/**
 * Chunk workers worth starting: only the cores left once searches (this thread) and the index
 * worker have one each — on two cores a pool would slow searches down while a vault indexes.
 * `FOLIO_CHUNK_WORKERS` overrides it (benchmarks).
 */
export function spareChunkWorkers(): number {
  const forced = Number.parseInt(process.env.FOLIO_CHUNK_WORKERS ?? '', 10);
  if (Number.isInteger(forced) && forced >= 0) return forced;
  return Math.min(4, Math.max(0, availableParallelism() - 2));
}

/** Options of the index worker client. */
export interface IndexClientOptions {
  /** The database file (the worker opens its own connection to it). */
  dbPath: string;
  /** Snowball language of the analyzer the worker indexes with. */
  stemmer: string;
  /**
   * The worker entry file (bundled builds); default: the built one in FOLIO_WORKER_DIR
   * (`chunk/built-workers.ts`), else `index-worker.ts` beside this module.
   */
  file?: string;
  /** Chunk worker threads the index worker starts (default: `spareChunkWorkers()`). */
  chunkWorkers?: number;
  /** The chunk worker entry file (bundled builds; default as for `file`). */
  chunkWorkerFile?: string;
  /** How long `close()` lets a started worker end by itself (default 500 ms). */
  closeTimeoutMs?: number;
}

/** An error the worker reported; `code` is the Node/SQLite error code when there was one. */
export class IndexWorkerError extends Error {
  override name = 'IndexWorkerError';
  readonly code: string | null;

  constructor(message: string, code: string | null) {
    super(message);
    this.code = code;
  }
}

interface Call {
  resolve(summary: IndexSummary | null): void;
  reject(error: Error): void;
  listener: IndexerListener | undefined;
  cleanup(): void;
}

/** A request without its id (distributes over the union). */
type Body<R> = R extends WorkerRequest ? Omit<R, 'id'> : never;
type RequestBody = Body<Exclude<WorkerRequest, { type: 'cancel' | 'close' }>>;

/** Sends indexing work to the worker thread. */
export class IndexWorkerClient {
  private readonly options: IndexClientOptions;
  private worker: Worker | null = null;
  /** Settles when the worker has started (its modules loaded, its database open) or exited. */
  private startup: Promise<void> = Promise.resolve();
  private nextId = 1;
  private readonly calls = new Map<number, Call>();
  private closed = false;

  constructor(options: IndexClientOptions) {
    this.options = { ...options };
  }

  /** Reconciles a vault (or only `scopes` of it) in the worker; resolves with its counts. */
  async reconcile(
    vault: VaultTarget,
    scopes: string[] | null,
    listener: IndexerListener,
    signal?: AbortSignal,
  ): Promise<IndexSummary> {
    const summary = await this.request({ type: 'reconcile', vault, scopes }, listener, signal);
    return summary!;
  }

  /** Drops every document of a vault. */
  async clearVault(vaultId: number): Promise<void> {
    await this.request({ type: 'clearVault', vaultId });
  }

  /** Switches the analyzer (the caller clears and re-indexes). */
  async setStemmer(stemmer: string): Promise<void> {
    this.options.stemmer = stemmer; // a restarted worker starts with it
    if (this.worker) await this.request({ type: 'setStemmer', stemmer });
  }

  /**
   * Lets the running transaction finish, closes the worker's connection and ends the thread. A
   * worker still starting is never terminated: terminating a thread while it loads a native addon
   * or compiles code aborts the whole process (better-sqlite3's module init reached
   * `Napi::Error::Fatal` in a stress run here; docs/testing.md#test-workers). A started worker
   * that has not ended within `closeTimeoutMs` (a huge note being chunked) is terminated and its
   * requests fail: quitting and Ctrl-C never wait on a file.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'close', id: this.nextId++ } satisfies WorkerRequest);
    worker.ref();
    await Promise.race([this.startup, exited]);
    const timeout = this.options.closeTimeoutMs ?? CLOSE_TIMEOUT_MS;
    if (await settlesWithin(exited, timeout)) return;
    void worker.terminate();
    // Termination takes effect when the thread next runs JavaScript; a thread stuck in a system
    // call is not waited for (it would hold the process until the call returns).
    if (!(await settlesWithin(exited, TERMINATE_WAIT_MS))) worker.unref();
    this.lost(worker, new Error(`it did not stop within ${timeout} ms`));
  }

  private request(
    body: RequestBody,
    listener?: IndexerListener,
    signal?: AbortSignal,
  ): Promise<IndexSummary | null> {
    if (this.closed)
      return Promise.reject(new IndexWorkerError('the index worker is closed', null));
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const cancel = () => worker.postMessage({ type: 'cancel', id } satisfies WorkerRequest);
      signal?.addEventListener('abort', cancel, { once: true });
      const cleanup = () => signal?.removeEventListener('abort', cancel);
      this.calls.set(id, { resolve, reject, listener, cleanup });
      worker.ref();
      worker.postMessage({ ...body, id } as WorkerRequest);
      if (signal?.aborted) cancel();
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const data: IndexWorkerData = {
      dbPath: this.options.dbPath,
      stemmer: this.options.stemmer,
      chunkWorkers: this.options.chunkWorkers ?? spareChunkWorkers(),
      chunkWorkerFile: this.options.chunkWorkerFile ?? builtWorker('chunk-worker'),
    };
    const entry = this.options.file ?? builtWorker('index-worker') ?? SOURCE_ENTRY;
    const worker = new Worker(entry, { workerData: data });
    this.startup = new Promise<void>((resolve) => {
      worker.on('message', (reply: WorkerReply) => reply.type === 'ready' && resolve());
      worker.once('exit', () => resolve());
    });
    worker.on('message', (reply: WorkerReply) => this.receive(reply));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`it exited with code ${code}`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private receive(reply: WorkerReply): void {
    if (reply.type === 'ready') return;
    const call = this.calls.get(reply.id);
    if (!call) return;
    if (reply.type === 'progress') call.listener?.progress?.(reply.progress);
    else if (reply.type === 'changed') call.listener?.changed?.(reply.change);
    else {
      this.settle(reply.id, call);
      if (reply.type === 'done') call.resolve(reply.summary);
      else call.reject(new IndexWorkerError(reply.message, reply.code));
    }
  }

  private settle(id: number, call: Call): void {
    this.calls.delete(id);
    call.cleanup();
    if (this.calls.size === 0) this.worker?.unref();
  }

  /** The thread died (crash, out of memory): fail what it was doing; the next request restarts it. */
  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const [id, call] of [...this.calls]) {
      this.settle(id, call);
      call.reject(new IndexWorkerError(`the index worker stopped: ${error.message}`, null));
    }
  }
}
