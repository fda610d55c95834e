// The record `cli chunk` prints for a document (docs/design.md#command-line):
// `{"docId","fileTitle","nodes":[…]}`, nodes in position order with exactly the fields of
// docs/design.md#the-node-record.
//
// Written field by field rather than by `JSON.stringify(record)`, which took a third of
// `cli chunk`'s time: every string is quoted once (a title appears in `title`, `headerPath` and
// `sectionTitle`; the document's id and title in every node), and a node's header arrays extend
// its parent's, already quoted. The result is byte for byte `JSON.stringify`'s (tested).
import type { ChunkedDocument, ChunkNode } from './types.ts';

const quote = JSON.stringify;

/** A node's quoted pieces that its children reuse. */
interface Quoted {
  id: string;
  /** `headerPath`, `headerDepths`, `headerSlugs` as JSON arrays. */
  path: string;
  depths: string;
  slugs: string;
}

/** One JSON line (without the newline) for a chunked document. */
export function documentJsonLine(document: ChunkedDocument): string {
  const docId = quote(document.docId);
  const fileTitle = quote(document.fileTitle);
  const quoted = new Map<string, Quoted>();
  let line = `{"docId":${docId},"fileTitle":${fileTitle},"nodes":[`;
  document.nodes.forEach((node, index) => {
    if (index > 0) line += ',';
    const parent = node.parentId === null ? null : quoted.get(node.parentId)!;
    const title = node.depth === 0 ? fileTitle : quote(node.title);
    const slug = node.slug === null ? 'null' : quote(node.slug);
    const own = quoteNode(node, parent, title, slug);
    quoted.set(node.id, own);
    line +=
      `{"id":${own.id},"docId":${docId},"parentId":${parent ? parent.id : 'null'},` +
      `"depth":${node.depth},"position":${node.position},"title":${title},` +
      `"slug":${slug},` +
      `"headingStart":${node.headingStart},"byteStart":${node.byteStart},` +
      `"byteEnd":${node.byteEnd},"bodyRanges":${ranges(node)},"body":${quote(node.body)},` +
      `"isChunk":${node.isChunk},"fileTitle":${fileTitle},"headerPath":${own.path},` +
      `"headerDepths":${own.depths},"headerSlugs":${own.slugs},` +
      `"headerBreadcrumb":${quote(node.headerBreadcrumb)},` +
      `"sectionTitle":${node.depth === 0 ? fileTitle : title},` +
      `"sectionSlug":${node.depth === 0 ? 'null' : slug},` +
      `"breadcrumb":${quote(node.breadcrumb)},"startLine":${node.startLine},` +
      `"endLine":${node.endLine},"tokenEstimate":${node.tokenEstimate}}`;
  });
  return line + ']}';
}

/** The node's header arrays: its parent's with the node's own entry appended. */
function quoteNode(node: ChunkNode, parent: Quoted | null, title: string, slug: string): Quoted {
  const id = quote(node.id);
  if (!parent || node.depth === 0) {
    return {
      id,
      path: quote(node.headerPath),
      depths: quote(node.headerDepths),
      slugs: quote(node.headerSlugs),
    };
  }
  const extend = (array: string, item: string) =>
    array === '[]' ? `[${item}]` : `${array.slice(0, -1)},${item}]`;
  return {
    id,
    path: extend(parent.path, title),
    depths: extend(parent.depths, String(node.depth)),
    slugs: extend(parent.slugs, slug),
  };
}

/** `bodyRanges` as JSON. */
function ranges(node: ChunkNode): string {
  let json = '[';
  node.bodyRanges.forEach(([start, end], index) => {
    json += `${index > 0 ? ',' : ''}[${start},${end}]`;
  });
  return json + ']';
}
