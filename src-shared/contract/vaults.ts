// The contract's vaults and indexing: part of the one contract (docs/architecture.md#one-contract),
// re-exported by api.ts, which every process imports.

export type VaultStatus = 'idle' | 'indexing' | 'watching' | 'paused' | 'offline' | 'error';

export interface VaultInfo {
  /** Unique, `[a-z0-9_-]+`. */
  name: string;
  /** Absolute folder path. */
  root: string;
  /** Ranking multiplier: 1.0, or 1.5 when pinned. */
  boost: number;
  pinned: boolean;
  /** Extra ignore globs, relative to the root. */
  ignore: string[];
  status: VaultStatus;
  /** Why the status is `error`, in one line (absent otherwise). */
  problem?: string;
  /** Indexed documents. */
  documents: number;
  /** Files that could not be indexed (see `listFileErrors`). */
  errors: number;
  /** True for the bundled sample vault. */
  sample: boolean;
}

export interface AddVaultRequest {
  /** Absolute folder path. */
  root: string;
  /** Default: derived from the folder name. */
  name?: string;
}

export interface VaultRequest {
  name: string;
}

export interface UpdateVaultRequest {
  name: string;
  pinned?: boolean;
  ignore?: string[];
}

/** A file that could not be indexed, and why. */
export interface FileError {
  vault: string;
  path: string;
  message: string;
  /** Unix epoch milliseconds. */
  at: number;
}

export interface FileErrorsRequest {
  /** Only this vault's errors; absent: every vault. */
  vault?: string;
}

/** Indexing progress of one vault. */
export interface IndexProgress {
  vault: string;
  phase: 'scanning' | 'indexing' | 'done';
  done: number;
  total: number;
  currentPath: string | null;
  errors: number;
  /** Set while the vault is owed a rebuild of the index: why, and how far it has got. */
  rebuild?: IndexRebuild;
}

/**
 * A rebuild of the whole index (docs/architecture.md#the-index-is-a-rebuildable-cache): for a new
 * stemming language (every note stays searchable, each re-read in turn) or for another version of
 * Folio (each vault cleared, then indexed again).
 */
export interface IndexRebuild {
  reason: 'stemmer' | 'version';
  /** The stemming language it rebuilds for. */
  stemmer: string;
  /** Vaults it rebuilds, the queued ones included. */
  vaults: number;
  /** Vaults rebuilt so far (the one whose progress this is is not among them until it is done). */
  vaultsDone: number;
}

/** Files whose new state was committed to the index. */
export interface IndexChanged {
  vault: string;
  /** Paths indexed or re-indexed. */
  indexed: string[];
  /** Paths removed from the index. */
  removed: string[];
  /** Files that could not be indexed in this batch, and why (also listed by `listFileErrors`). */
  failed?: Array<{ path: string; message: string }>;
}
