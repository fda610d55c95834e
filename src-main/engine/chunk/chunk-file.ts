// Reading and chunking one file from disk, as the CLI and the worker pool do it: a file that cannot
// be read, or is not text (UTF-16, binary), is reported with a one-line reason instead.
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

/** The JSON line of a chunked file and its warnings, or why it was skipped. */
export type FileLine =
  { ok: true; line: string; warnings: string[] } | { ok: false; reason: string };

/** Reads, checks and chunks one file into its `cli chunk` JSON line. */
export function chunkFileToLine(task: FileTask): FileLine {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(task.absPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: `cannot be read (${code ?? (error as Error).message})` };
  }
  const notText = notTextReason(bytes);
  if (notText) return { ok: false, reason: `not readable text: ${notText}` };
  const document = chunkDocument({ vault: task.vault, path: task.path, bytes, kind: task.kind });
  return { ok: true, line: documentJsonLine(document), warnings: document.warnings };
}
