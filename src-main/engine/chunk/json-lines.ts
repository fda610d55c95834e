// The record `cli chunk` prints for a document (SPEC §9): `{"docId","fileTitle","nodes":[…]}`,
// nodes in position order with exactly the fields of SPEC §2.7.
//
// Written field by field rather than by `JSON.stringify(record)`: a third of `cli chunk`'s time
// went to stringifying, and the document-wide strings (docId, fileTitle, parent ids) are quoted
// once instead of once per node. The result is byte for byte what `JSON.stringify` gives (tested).
import type { ChunkedDocument, ChunkNode } from './types.ts';

const quote = JSON.stringify;

/** One JSON line (without the newline) for a chunked document. */
export function documentJsonLine(document: ChunkedDocument): string {
  const docId = quote(document.docId);
  const fileTitle = quote(document.fileTitle);
  const ids = new Map<string, string>();
  let line = `{"docId":${docId},"fileTitle":${fileTitle},"nodes":[`;
  document.nodes.forEach((node, index) => {
    const id = quote(node.id);
    ids.set(node.id, id);
    if (index > 0) line += ',';
    line += nodeJson(
      node,
      id,
      docId,
      fileTitle,
      node.parentId === null ? 'null' : ids.get(node.parentId)!,
    );
  });
  return line + ']}';
}

function nodeJson(
  node: ChunkNode,
  id: string,
  docId: string,
  fileTitle: string,
  parentId: string,
): string {
  return (
    `{"id":${id},"docId":${docId},"parentId":${parentId},"depth":${node.depth},` +
    `"position":${node.position},"title":${quote(node.title)},"slug":${quote(node.slug)},` +
    `"headingStart":${node.headingStart},"byteStart":${node.byteStart},"byteEnd":${node.byteEnd},` +
    `"bodyRanges":${quote(node.bodyRanges)},"body":${quote(node.body)},"isChunk":${node.isChunk},` +
    `"fileTitle":${fileTitle},"headerPath":${quote(node.headerPath)},` +
    `"headerDepths":${quote(node.headerDepths)},"headerSlugs":${quote(node.headerSlugs)},` +
    `"headerBreadcrumb":${quote(node.headerBreadcrumb)},"sectionTitle":${quote(node.sectionTitle)},` +
    `"sectionSlug":${quote(node.sectionSlug)},"breadcrumb":${quote(node.breadcrumb)},` +
    `"startLine":${node.startLine},"endLine":${node.endLine},"tokenEstimate":${node.tokenEstimate}}`
  );
}
