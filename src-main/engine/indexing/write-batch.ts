// Several files per transaction (docs/design.md#storage): the files chunked by the reconcile wait
// here and are written together, each inside a savepoint of its own, so a file that cannot be
// written is rolled back alone and recorded as an error while the others commit. A crash still
// leaves each file's old or new version, never a mix; it loses at most one batch of work, which
// the next reconcile redoes. No file waits long for its commit: a batch commits when full, when
// its first file has waited `MAX_WAIT_MS`, before a large file is chunked, and at the end (or the
// stop) of the reconcile. One commit per batch instead of one per file: the pages every file
// touches (the manifest's and nodes' last pages, FTS5's new segment, the link graph's) are
// written to the WAL once per batch (docs/benchmarks.md#links-issue-13).
import type { IndexChanged } from '#shared/contract/api.ts';
import type { ChunkedDocument } from '../chunk/types.ts';
import { isDatabaseFault } from '../store/database.ts';
import type { FileStamp, FtsColumns, IndexWriter } from '../store/index-writer.ts';
import { fileErrorMessage } from './read-file.ts';
import { MAX_SUMMARY_WARNINGS, type IndexSummary } from './types.ts';

/** Files written per transaction at most. */
export const BATCH_FILES = 64;
/** Content bytes per transaction at most (a few large files commit alone). */
export const BATCH_BYTES = 8 * 1024 * 1024;
/** How long a chunked file waits for its batch at most. */
export const MAX_WAIT_MS = 250;

/** A file read and chunked, waiting for its transaction. */
export interface ChunkedFile {
  doc: ChunkedDocument;
  fts: FtsColumns[];
  bytes: Uint8Array;
  stamp: FileStamp;
  /** Whether the manifest held a previous version (a modification, not an addition). */
  known: boolean;
  /** The mtime the walk saw (an error is recorded with it). */
  size: number;
  mtimeMs: number;
}

/** What became of a file once its batch committed: written, or recorded with why not. */
export interface WriteOutcome {
  file: ChunkedFile;
  error: string | null;
}

/** Counts a committed batch's files in a reconcile's summary and its pending change report. */
export function countOutcomes(
  outcomes: WriteOutcome[],
  summary: IndexSummary,
  changed: IndexChanged,
): void {
  for (const { file, error } of outcomes) {
    const { path } = file.doc;
    if (error !== null) {
      changed.failed!.push({ path, message: error });
      summary.errors++;
      continue;
    }
    changed.indexed.push(path);
    for (const message of file.doc.warnings) {
      if (summary.warnings.length < MAX_SUMMARY_WARNINGS) summary.warnings.push({ path, message });
    }
    if (file.known) summary.modified++;
    else summary.added++;
  }
}

/** The files of one reconcile waiting to be written, committed in batches. */
export class WriteBatch {
  private pending: ChunkedFile[] = [];
  private bytes = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A commit started by the timer (or a stop) failed: thrown by the next `add` or `commit`. */
  private failure: unknown = null;
  private readonly writer: IndexWriter;
  private readonly vaultId: number;
  /** Called after each commit with what it wrote (never for a batch rolled back). */
  private readonly committed: (outcomes: WriteOutcome[]) => void;

  constructor(writer: IndexWriter, vaultId: number, committed: (outcomes: WriteOutcome[]) => void) {
    this.writer = writer;
    this.vaultId = vaultId;
    this.committed = committed;
  }

  /** How many files wait for their transaction. */
  get size(): number {
    return this.pending.length;
  }

  /** Queues a file; commits the batch once it is full. */
  add(file: ChunkedFile): void {
    this.rethrow();
    this.pending.push(file);
    this.bytes += file.bytes.length;
    if (this.pending.length >= BATCH_FILES || this.bytes >= BATCH_BYTES) this.commit();
    else this.timer ??= setTimeout(() => this.commitNow(), MAX_WAIT_MS);
  }

  /** Commits from outside the reconcile's own flow (a timer, a stop): a failure waits. */
  commitNow(): void {
    try {
      this.commit();
    } catch (error) {
      this.failure ??= error;
    }
  }

  /**
   * Writes every waiting file in one transaction. A database fault (full, locked, damaged) rolls
   * the whole batch back and is thrown: the job fails and the next one indexes the files again.
   */
  commit(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.rethrow();
    const files = this.pending;
    this.pending = [];
    this.bytes = 0;
    if (files.length === 0) return;
    const outcomes = this.writer.batch(() => files.map((file) => this.write(file)));
    this.committed(outcomes);
  }

  /** Drops the waiting files, unwritten (the reconcile failed; the next one reads them again). */
  discard(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
    this.bytes = 0;
  }

  private rethrow(): void {
    if (this.failure !== null) throw this.failure;
  }

  private write(file: ChunkedFile): WriteOutcome {
    const { doc } = file;
    try {
      this.writer.replaceDocument(this.vaultId, doc, file.fts, file.bytes, file.stamp);
      return { file, error: null };
    } catch (error) {
      if (isDatabaseFault(error)) throw error;
      // One broken file never stops the vault; its previous version (if any) stays searchable.
      const message = fileErrorMessage(error);
      this.writer.recordError(this.vaultId, doc.path, message, file.size, file.mtimeMs);
      return { file, error: message };
    }
  }
}
