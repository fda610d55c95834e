// The messages between the engine (the thread that answers searches) and the index worker (the
// thread that writes). Plain data only: they cross `postMessage` by structured clone.
import type { IndexChanged, IndexProgress } from '#shared/contract/api.ts';
import type { IndexSummary, VaultTarget } from './types.ts';

/** What the index worker starts with (its `workerData`). */
export interface IndexWorkerData {
  /** The database file; the worker opens its own connection (WAL: searches keep reading). */
  dbPath: string;
  /** Snowball language of the analyzer that builds the FTS5 columns. */
  stemmer: string;
  /** Chunk worker threads of its own (`createChunkPool`); 0: chunk on the index thread. */
  chunkWorkers: number;
  /** The chunk worker entry (bundled builds); default: the pool's own `.ts` entry. */
  chunkWorkerFile?: string;
}

/** A request to the worker; every one but `cancel` is answered by `done` or `failed`. */
export type WorkerRequest =
  | {
      type: 'reconcile';
      id: number;
      vault: VaultTarget;
      /** Vault-relative paths that changed; null: the whole vault. */
      scopes: string[] | null;
    }
  | { type: 'clearVault'; id: number; vaultId: number }
  | { type: 'setStemmer'; id: number; stemmer: string }
  /** Stop the running request `id` between two files (what is committed stays). */
  | { type: 'cancel'; id: number }
  /** Close the database; the worker then ends. */
  | { type: 'close'; id: number };

/** A message from the worker about request `id` (`ready`: it has started and listens, id 0). */
export type WorkerReply =
  | { type: 'ready'; id: 0 }
  | { type: 'progress'; id: number; progress: IndexProgress }
  | { type: 'changed'; id: number; change: IndexChanged }
  | { type: 'done'; id: number; summary: IndexSummary | null }
  | { type: 'failed'; id: number; message: string; code: string | null };
