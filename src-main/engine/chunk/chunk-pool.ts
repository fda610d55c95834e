// A pool of worker threads running `chunkDocument`, for throughput: the indexer and `cli chunk`
// keep every core busy while the main thread reads files and writes results.
//
// Each worker holds at most four tasks (one running, the rest waiting) so that it never idles between
// messages; the rest wait here, which bounds the bytes copied into message queues. Workers keep the
// process alive only while they have work. A worker that dies fails its own tasks and is replaced.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { builtWorker } from './built-workers.ts';
import type { FileBatch, FileTask } from './chunk-file.ts';
import type { ChunkedDocument, ChunkInput } from './types.ts';

/** Options of `createChunkPool`. */
export interface ChunkPoolOptions {
  /** Worker threads; default: the available parallelism, at most 8. */
  workers?: number;
  /**
   * The worker entry file. Default: the built one in FOLIO_WORKER_DIR (`built-workers.ts`), else
   * `chunk-worker.ts` beside this module, run by Node's type stripping; bundled builds (Electron)
   * pass the path of their built worker.
   */
  workerUrl?: string | URL;
}

/** Chunking on worker threads. */
export interface ChunkPool {
  /** Number of worker threads. */
  readonly size: number;
  /** `chunkDocument` on a worker. */
  chunk(input: ChunkInput): Promise<ChunkedDocument>;
  /** Reads and chunks files on a worker, straight to their `cli chunk` JSON lines. */
  chunkFiles(tasks: FileTask[]): Promise<FileBatch>;
  /** Stops the workers; tasks not finished yet are rejected. */
  close(): Promise<void>;
}

/** A message to a worker. */
export type WorkerRequest =
  | { id: number; kind: 'document'; input: ChunkInput }
  | { id: number; kind: 'files'; tasks: FileTask[] }
  | { id: number; kind: 'close' };

/**
 * A worker's answer. Documents travel as JSON: one string is copied, where the structured clone
 * of thousands of node objects cost more than chunking them (JSON.parse here is ~150 MB/s).
 */
export type WorkerResponse =
  /** The worker has started and listens (id 0). */
  | { id: 0; kind: 'ready' }
  | { id: number; kind: 'document'; json: string }
  | { id: number; kind: 'files'; batch: FileBatch }
  | { id: number; kind: 'error'; message: string };

interface Task {
  request: WorkerRequest;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  tasks: Map<number, Task>;
  /** Settles once the worker has started (its modules loaded) or has exited. */
  started: Promise<void>;
}

const PER_WORKER = 4;

/** How long `close()` lets a started worker finish its message before terminating it. */
const CLOSE_TIMEOUT_MS = 5000;

/** Starts a pool of chunk workers. */
export function createChunkPool(options: ChunkPoolOptions = {}): ChunkPool {
  const size = Math.max(1, Math.floor(options.workers ?? Math.min(availableParallelism(), 8)));
  const entry =
    options.workerUrl ??
    builtWorker('chunk-worker') ??
    new URL('./chunk-worker.ts', import.meta.url);
  return new WorkerPool(size, entry);
}

class WorkerPool implements ChunkPool {
  readonly size: number;
  private readonly workerUrl: string | URL;
  private queue: Task[] = [];
  private queueHead = 0; // `shift()` is linear; a read index keeps a long queue cheap
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  constructor(size: number, workerUrl: string | URL) {
    this.size = size;
    this.workerUrl = workerUrl;
    for (let index = 0; index < size; index++) this.slots.push(this.spawn());
  }

  chunk(input: ChunkInput): Promise<ChunkedDocument> {
    return this.submit({ id: this.nextId++, kind: 'document', input });
  }

  chunkFiles(tasks: FileTask[]): Promise<FileBatch> {
    return this.submit({ id: this.nextId++, kind: 'files', tasks });
  }

  /**
   * Rejects what is not done, then asks each worker to end and waits for it: a worker ends
   * between two messages, never terminated while it starts or in the middle of a message
   * (terminating a thread while it loads or compiles code can abort the process;
   * docs/testing.md#test-workers) unless, started, it hangs past the timeout.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new Error('the chunk pool is closed');
    for (const task of this.queue.slice(this.queueHead)) task.reject(error);
    this.queue = [];
    this.queueHead = 0;
    for (const slot of this.slots) {
      for (const task of slot.tasks.values()) task.reject(error);
      slot.tasks.clear();
    }
    await Promise.all(this.slots.map((slot) => endWorker(slot)));
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerUrl);
    const started = new Promise<void>((resolve) => {
      worker.on('message', (response: WorkerResponse) => response.kind === 'ready' && resolve());
      worker.once('exit', () => resolve());
    });
    const slot: Slot = { worker, tasks: new Map(), started };
    slot.worker.unref();
    slot.worker.on('message', (response: WorkerResponse) => this.settle(slot, response));
    slot.worker.on('error', (error) => this.fail(slot, error));
    slot.worker.on('exit', (code) => {
      if (!this.closed) this.fail(slot, new Error(`chunk worker exited with code ${code}`));
    });
    return slot;
  }

  private settle(slot: Slot, response: WorkerResponse): void {
    if (response.kind === 'ready') return;
    const task = slot.tasks.get(response.id);
    if (!task) return;
    slot.tasks.delete(response.id);
    if (response.kind === 'error') task.reject(new Error(response.message));
    else if (response.kind === 'document') task.resolve(JSON.parse(response.json) as never);
    else task.resolve(response.batch as never);
    this.pump();
  }

  /** A dead worker fails its tasks and is replaced. */
  private fail(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    for (const task of slot.tasks.values()) task.reject(error);
    slot.tasks.clear();
    void slot.worker.terminate();
    if (this.closed) return;
    this.slots[index] = this.spawn();
    this.pump();
  }

  /** Hands queued tasks to the least busy workers, up to PER_WORKER each. */
  private pump(): void {
    while (this.queueHead < this.queue.length) {
      let best: Slot | null = null;
      for (const slot of this.slots) {
        if (slot.tasks.size < PER_WORKER && (!best || slot.tasks.size < best.tasks.size))
          best = slot;
      }
      if (!best) break;
      const task = this.queue[this.queueHead++]!;
      best.tasks.set(task.request.id, task);
      best.worker.ref();
      best.worker.postMessage(task.request);
    }
    if (this.queueHead > 1024 && this.queueHead * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.queueHead);
      this.queueHead = 0;
    }
    for (const slot of this.slots) if (slot.tasks.size === 0) slot.worker.unref();
  }

  private submit<T>(request: WorkerRequest): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the chunk pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ request, resolve: resolve as (value: never) => void, reject });
      this.pump();
    });
  }
}

/**
 * Asks a worker to end after its current message; terminates it only if, once started, it does
 * not.
 */
async function endWorker({ worker, started }: Slot): Promise<void> {
  if (worker.threadId === -1) return; // already exited
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.ref();
  worker.postMessage({ id: 0, kind: 'close' } satisfies WorkerRequest);
  await Promise.race([started, exited]);
  const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
