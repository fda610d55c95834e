// The index worker's side: a thread of its own with its own database connection, so that reading,
// chunking and writing files never delays a search (docs/design.md#storage). Requests run one after
// another; `cancel` acts at once, between two files. The entry file is `index-worker.ts`.
import { existsSync } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import { chunkDocument } from '../chunk/chunk-document.ts';
import { type ChunkPool, createChunkPool } from '../chunk/chunk-pool.ts';
import type { ChunkedDocument, ChunkInput } from '../chunk/types.ts';
import { indexerDeps } from './indexer-deps.ts';
import { openDatabase } from '../store/database.ts';
import { Indexer } from './indexer.ts';
import type { IndexerListener } from './types.ts';
import type { IndexWorkerData, WorkerReply, WorkerRequest } from './worker-protocol.ts';

/** How long the indexer may run on microtasks alone before the thread reads its messages. */
const YIELD_EVERY_MS = 20;

/**
 * In-thread chunking that lets the event loop turn now and then: reading, chunking and writing
 * are synchronous, so without this a `cancel` would wait for the end of the whole reconcile.
 */
function yieldingChunker(): (input: ChunkInput) => Promise<ChunkedDocument> {
  let last = performance.now();
  return async (input) => {
    if (performance.now() - last > YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      last = performance.now();
    }
    return chunkDocument(input);
  };
}

/** The chunk pool asked for, if its worker entry is there (a bundle may not include it). */
function chunkPool(data: IndexWorkerData): ChunkPool | null {
  if (data.chunkWorkers <= 0) return null;
  const entry = data.chunkWorkerFile ?? new URL('../chunk/chunk-worker.ts', import.meta.url);
  if (!existsSync(entry)) return null;
  return createChunkPool({ workers: data.chunkWorkers, workerUrl: entry });
}

/** The reply of a request that failed: its first line and error code. */
function failedReply(id: number, error: unknown): WorkerReply {
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return { type: 'failed', id, message, code: (error as NodeJS.ErrnoException)?.code ?? null };
}

/** Answers the engine's requests on `port` until it asks to close. */
export function serveIndexRequests(port: MessagePort, data: IndexWorkerData): void {
  const db = openDatabase(data.dbPath);
  const pool = chunkPool(data);
  const chunk = pool ? (input: ChunkInput) => pool.chunk(input) : yieldingChunker();
  const indexer = new Indexer(db, indexerDeps(chunk), data.stemmer);
  const running = new Map<number, AbortController>();
  const reply = (message: WorkerReply) => port.postMessage(message);
  let queue = Promise.resolve();

  const reconcile = async (request: WorkerRequest & { type: 'reconcile' }) => {
    const { id } = request;
    const controller = new AbortController();
    running.set(id, controller);
    try {
      const listener: IndexerListener = {
        progress: (progress) => reply({ type: 'progress', id, progress }),
        changed: (change) => reply({ type: 'changed', id, change }),
      };
      const { vault, scopes } = request;
      const summary = await indexer.reconcile(vault, listener, controller.signal, scopes);
      reply({ type: 'done', id, summary });
    } finally {
      running.delete(id);
    }
  };

  const handle = async (request: Exclude<WorkerRequest, { type: 'cancel' }>) => {
    const { id } = request;
    switch (request.type) {
      case 'reconcile':
        return reconcile(request);
      case 'clearVault':
        indexer.clearVault(request.vaultId);
        break;
      case 'setStemmer':
        indexer.setStemmer(request.stemmer);
        break;
      case 'close':
        await pool?.close();
        reply({ type: 'done', id, summary: null });
        db.close();
        port.close(); // nothing keeps the thread alive any more: it ends
        return;
    }
    reply({ type: 'done', id, summary: null });
  };

  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'cancel') {
      running.get(request.id)?.abort();
      return;
    }
    queue = queue.then(() =>
      handle(request).catch((error: unknown) => reply(failedReply(request.id, error))),
    );
  });
  // Started: from now on the thread may be terminated safely (see IndexWorkerClient.close).
  reply({ type: 'ready', id: 0 });
}
