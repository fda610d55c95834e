// Reading one vault file for indexing: its bytes and hash, within the size limit, and the
// one-line reason recorded when that fails.
import { createHash } from 'node:crypto';
import { readRegularFile } from '../files/regular-file.ts';

/**
 * Files larger than this are recorded as errors, not indexed: a 32 MiB "note" is a log or a data
 * dump, and chunking it would hold several hundred MB. The adversarial 20 MB section still fits.
 */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** The error of a file over `MAX_FILE_BYTES`. */
export function tooLarge(size: number): Error {
  return new Error(
    `too large to index (${(size / 1048576).toFixed(1)} MiB; the limit is ${MAX_FILE_BYTES / 1048576} MiB)`,
  );
}

/** A file's bytes and their hash (the manifest's content identity). */
export function readVaultFile(abs: string): { bytes: Uint8Array; hash: string } {
  // Synchronous: one syscall sequence instead of four thread-pool hops per file, and the
  // indexer runs on a thread of its own. Never blocks: a FIFO put in a note's place is refused.
  const bytes = readRegularFile(abs, MAX_FILE_BYTES, tooLarge);
  return { bytes, hash: createHash('sha1').update(bytes).digest('hex') };
}

/** The reason recorded for a file this user may not read (tried again: `Failure.denied`). */
export const PERMISSION_DENIED = 'permission denied';

/** The one-line reason recorded for a file that could not be indexed. */
export function fileErrorMessage(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'EACCES' || e?.code === 'EPERM') return PERMISSION_DENIED;
  if (e?.code === 'ENOENT') return 'file disappeared while indexing';
  if (e?.code === 'EISDIR') return 'is a directory';
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}
