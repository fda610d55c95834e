// A pool of worker threads running `chunkDocument`, for throughput: the indexer and `cli chunk`
// keep every core busy while the main thread reads files and writes results.
//
// Each worker holds at most four tasks (one running, the rest waiting) so that it never idles between
// messages; the rest wait here, which bounds the bytes copied into message queues. Workers keep the
// process alive only while they have work. A worker that dies fails its own tasks and is replaced.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileBatch, FileTask } from './chunk-file.ts';
import type { ChunkedDocument, ChunkInput } from './types.ts';

/** Options of `createChunkPool`. */
export interface ChunkPoolOptions {
  /** Worker threads; default: the available parallelism, at most 8. */
  workers?: number;
  /**
   * The worker entry file. Default: `chunk-worker.ts` beside this module, run by Node's type
   * stripping; bundled builds (Electron) pass the path of their built worker.
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
  | { id: number; kind: 'files'; tasks: FileTask[] };

/**
 * A worker's answer. Documents travel as JSON: one string is copied, where the structured clone
 * of thousands of node objects cost more than chunking them (JSON.parse here is ~150 MB/s).
 */
export type WorkerResponse =
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
}

const PER_WORKER = 4;

/** Starts a pool of chunk workers. */
export function createChunkPool(options: ChunkPoolOptions = {}): ChunkPool {
  const size = Math.max(1, Math.floor(options.workers ?? Math.min(availableParallelism(), 8)));
  const workerUrl = options.workerUrl ?? new URL('./chunk-worker.ts', import.meta.url);
  let queue: Task[] = [];
  let queueHead = 0; // `shift()` is linear; a read index keeps a long queue cheap
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerUrl), tasks: new Map() };
    slot.worker.unref();
    slot.worker.on('message', (response: WorkerResponse) => settle(slot, response));
    slot.worker.on('error', (error) => fail(slot, error));
    slot.worker.on('exit', (code) => {
      if (!closed) fail(slot, new Error(`chunk worker exited with code ${code}`));
    });
    return slot;
  }

  function settle(slot: Slot, response: WorkerResponse): void {
    const task = slot.tasks.get(response.id);
    if (!task) return;
    slot.tasks.delete(response.id);
    if (response.kind === 'error') task.reject(new Error(response.message));
    else if (response.kind === 'document') task.resolve(JSON.parse(response.json) as never);
    else task.resolve(response.batch as never);
    pump();
  }

  /** A dead worker fails its tasks and is replaced. */
  function fail(slot: Slot, error: Error): void {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    for (const task of slot.tasks.values()) task.reject(error);
    slot.tasks.clear();
    void slot.worker.terminate();
    if (closed) return;
    slots[index] = spawn();
    pump();
  }

  function pump(): void {
    while (queueHead < queue.length) {
      let best: Slot | null = null;
      for (const slot of slots) {
        if (slot.tasks.size < PER_WORKER && (!best || slot.tasks.size < best.tasks.size))
          best = slot;
      }
      if (!best) break;
      const task = queue[queueHead++]!;
      best.tasks.set(task.request.id, task);
      best.worker.ref();
      best.worker.postMessage(task.request);
    }
    if (queueHead > 1024 && queueHead * 2 > queue.length) {
      queue = queue.slice(queueHead);
      queueHead = 0;
    }
    for (const slot of slots) if (slot.tasks.size === 0) slot.worker.unref();
  }

  function submit<T>(request: WorkerRequest): Promise<T> {
    if (closed) return Promise.reject(new Error('the chunk pool is closed'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ request, resolve: resolve as (value: never) => void, reject });
      pump();
    });
  }

  for (let index = 0; index < size; index++) slots.push(spawn());

  return {
    size,
    chunk: (input) => submit({ id: nextId++, kind: 'document', input }),
    chunkFiles: (tasks) => submit({ id: nextId++, kind: 'files', tasks }),
    async close() {
      if (closed) return;
      closed = true;
      const error = new Error('the chunk pool is closed');
      for (const task of queue.slice(queueHead)) task.reject(error);
      queue = [];
      queueHead = 0;
      for (const slot of slots) {
        for (const task of slot.tasks.values()) task.reject(error);
        slot.tasks.clear();
      }
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
