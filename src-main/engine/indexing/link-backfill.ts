// Links and dates for files indexed before the database stored them (schema 5): each file's
// stored content is chunked again and its links written, one transaction per file, so the index
// is kept and a crash part-way only leaves the rest for the next reconcile (docs/links.md#storage).
import type { ChunkedDocument, ChunkInput } from '../chunk/types.ts';
import type { IndexWriter } from '../store/index-writer.ts';

/** Reads the links of every file of the vault still without them; returns how many it read. */
export async function backfillLinks(
  writer: IndexWriter,
  vault: { id: number; name: string },
  chunk: (input: ChunkInput) => Promise<ChunkedDocument>,
  signal?: AbortSignal,
  progress?: (done: number, total: number, path: string) => void,
): Promise<number> {
  const pending = writer.linksPending(vault.id);
  let done = 0;
  let reported = 0;
  for (const file of pending) {
    if (signal?.aborted) break;
    const bytes = writer.storedContent(file.id);
    if (bytes) {
      const doc = await chunk({ vault: vault.name, path: file.path, bytes });
      writer.backfillLinks(vault.id, file.id, doc);
    }
    done++;
    if (performance.now() - reported > 100) {
      reported = performance.now();
      progress?.(done, pending.length, file.path);
    }
  }
  return done;
}
