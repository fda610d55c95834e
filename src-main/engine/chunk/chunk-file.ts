// Reading and chunking files from disk, as `cli chunk` does it, alone or on the worker pool: a
// file that cannot be read, or is not text (UTF-16, binary), is reported with a one-line reason.
//
// Files go in batches and come back as one string of JSON lines: one message per batch instead of
// one per file.
import { readFileSync } from 'node:fs';
import { notTextReason } from '../files/not-text.ts';
import { chunkDocument } from './chunk-document.ts';
import { documentJsonLine } from './json-lines.ts';
import type { DocumentKind } from './types.ts';

/** A file to chunk from disk. */
export interface FileTask {
  vault: string;
  /** Relative to the vault root, `/`-separated. */
  path: string;
  absPath: string;
  kind?: DocumentKind;
}

/** What happened to one file of a batch: chunked (with warnings), or skipped and why. */
export type FileOutcome = { ok: true; warnings: string[] } | { ok: false; reason: string };

/** The JSON lines (one per chunked file, in order) of a batch, and each file's outcome. */
export interface FileBatch {
  lines: string;
  outcomes: FileOutcome[];
}

/** Reads, checks and chunks one file into its `cli chunk` JSON line. */
export function chunkFileToLine(task: FileTask): { line: string | null; outcome: FileOutcome } {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(task.absPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { line: null, outcome: { ok: false, reason: `cannot be read (${code})` } };
  }
  const notText = notTextReason(bytes);
  if (notText)
    return { line: null, outcome: { ok: false, reason: `not readable text: ${notText}` } };
  const input = { vault: task.vault, path: task.path, bytes, kind: task.kind };
  // The JSON line holds no tags: collecting inline ones would be wasted.
  const document = chunkDocument(input, { inlineTags: false, links: false });
  return { line: documentJsonLine(document), outcome: { ok: true, warnings: document.warnings } };
}

/** Chunks a batch of files into their JSON lines. */
export function chunkFileBatch(tasks: FileTask[]): FileBatch {
  let text = '';
  const outcomes = tasks.map((task) => {
    const { line, outcome } = chunkFileToLine(task);
    if (line !== null) text += line + '\n';
    return outcome;
  });
  return { lines: text, outcomes };
}
