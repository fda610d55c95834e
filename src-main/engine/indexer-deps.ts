// The indexer's connections to the outside: the vault walk of `files/` and a chunker.
import type { ChunkedDocument, ChunkInput } from './chunk/types.ts';
import { notTextReason, walkVault } from './files/index.ts';
import type { FolderListing, IndexerDeps } from './store/indexer.ts';

/** Walks a vault with the file rules of SPEC §1, collecting what could not be read. */
export async function listVaultFiles(root: string, ignore: string[]): Promise<FolderListing> {
  const listing: FolderListing = { files: [], unreadable: [] };
  const onError = (path: string, error: Error) => {
    const code = (error as NodeJS.ErrnoException).code;
    const message = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : error.message;
    listing.unreadable.push({ path, message });
  };
  for await (const file of walkVault(root, { ignore, onError })) {
    listing.files.push({ path: file.path, size: file.size, mtimeMs: file.mtimeMs });
  }
  return listing;
}

/** Indexer dependencies around a chunk function (a worker pool, or in-process chunking). */
export function indexerDeps(chunk: (input: ChunkInput) => Promise<ChunkedDocument>): IndexerDeps {
  return {
    listFiles: listVaultFiles,
    chunk,
    rejectContent: (_path, bytes) => notTextReason(bytes),
  };
}
