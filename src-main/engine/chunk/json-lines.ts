// The record `cli chunk` prints for a document (SPEC §9): `{"docId","fileTitle","nodes":[…]}`,
// nodes in position order with exactly the fields of SPEC §2.7.
import type { ChunkedDocument } from './types.ts';

/** One JSON line (without the newline) for a chunked document. */
export function documentJsonLine(document: ChunkedDocument): string {
  return JSON.stringify({
    docId: document.docId,
    fileTitle: document.fileTitle,
    nodes: document.nodes,
  });
}
