// The shapes indexing works with: the vault it reconciles, what it needs from outside (the walk,
// the chunker), what it reports while it works and what one reconcile did.
import type { IndexChanged, IndexProgress } from '#shared/contract/api.ts';
import type { ChunkedDocument, ChunkInput } from '../chunk/types.ts';
import type { DeviceOf } from '../files/vault-root.ts';
import type { FoundFile, Unreadable } from './reconcile-plan.ts';

export type { FoundFile, Unreadable } from './reconcile-plan.ts';

/** A folder walk: the files found and the entries that could not be read. */
export interface FolderListing {
  files: FoundFile[];
  unreadable: Unreadable[];
  /** Entries refused for what they are: pipes, devices, links into `/proc` (nothing kept). */
  refused?: Unreadable[];
  /** The paths (files or folders) the listing covers; null or absent: the whole vault. */
  scopes?: string[] | null;
  /** A whole walk met one folder by two paths (symbolic links): partial walks would be unsafe. */
  aliased?: boolean;
}

/** What the indexer needs from the outside: the folder walk and the chunker (a worker pool). */
export interface IndexerDeps {
  /**
   * Lists the indexable files — of the whole vault, or only of `scopes` (vault-relative files or
   * folders) when it can; throws when the root itself cannot be read.
   */
  listFiles(root: string, ignore: string[], scopes?: readonly string[]): Promise<FolderListing>;
  chunk(input: ChunkInput): Promise<ChunkedDocument>;
  /** A reason when `bytes` are not indexable text (binary, UTF-16…), else null. */
  rejectContent?(path: string, bytes: Uint8Array): string | null;
  /** The device a path is on (default `stat().dev`); tests fake an unmounted disk with it. */
  deviceOf?: DeviceOf;
}

/** The vault being reconciled. */
export interface VaultTarget {
  id: number;
  name: string;
  root: string;
  ignore: string[];
}

/** Counts of one reconcile. */
export interface IndexSummary {
  vault: string;
  added: number;
  modified: number;
  removed: number;
  unchanged: number;
  /** Files whose mtime changed but whose content did not. */
  touched: number;
  errors: number;
  ms: number;
  /**
   * Warnings of the files indexed (malformed frontmatter: the file is indexed, its YAML read as
   * far as it goes), at most `MAX_SUMMARY_WARNINGS`.
   */
  warnings: Array<{ path: string; message: string }>;
}

/** The counts of a reconcile that has done nothing yet. */
export function newSummary(vault: string): IndexSummary {
  const counts = { added: 0, modified: 0, removed: 0, unchanged: 0, touched: 0, errors: 0 };
  return { vault, ...counts, ms: 0, warnings: [] };
}

/** Warnings a summary lists at most (a vault of broken frontmatter need not flood it). */
export const MAX_SUMMARY_WARNINGS = 200;

/** Events the indexer reports while it works. */
export interface IndexerListener {
  progress?(progress: IndexProgress): void;
  changed?(change: IndexChanged): void;
}
