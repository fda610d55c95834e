// Reading documents back from the index: outlines, node content as indexed
// (docs/design.md#node-content), node lookup by id (paths may contain `#`), and the full node
// records exports need.
import type { NodeContent, OutlineResponse } from '#shared/contract/api.ts';
import { FolioError } from '#shared/contract/engine.ts';
import { decodeUtf8 } from '../analysis/utf8.ts';
import type { ChunkNode } from '../chunk/types.ts';
import type { FileBrief, IndexReader } from '../store/index-reader.ts';
import { chunkNodesFromRows, type NodeRow } from '../store/node-rows.ts';
import { displayBreadcrumb, displayTitle } from './display-title.ts';

/** A node found by id, with its file. */
export interface FoundNode {
  file: FileBrief;
  row: NodeRow;
}

function splitDocId(id: string, what: string): { vault: string; rest: string } {
  const colon = id.indexOf(':');
  if (colon <= 0)
    throw new FolioError('invalid-argument', `${what} "${id}" is not of the form vault:path`);
  return { vault: id.slice(0, colon), rest: id.slice(colon + 1) };
}

/** Finds a node by `vault:path` or `vault:path#slug`; throws `not-found` naming the id. */
export function findNode(reader: IndexReader, id: string): FoundNode {
  reader.refresh();
  const { vault, rest } = splitDocId(id, 'id');
  const whole = reader.fileByPath(vault, rest);
  if (whole) return { file: whole, row: reader.documentNodes(whole)[0]! };
  // A path may itself contain `#`: try every split, the last `#` first.
  for (let at = rest.lastIndexOf('#'); at > 0; at = rest.lastIndexOf('#', at - 1)) {
    const file = reader.fileByPath(vault, rest.slice(0, at));
    const row = file && reader.nodeBySlug(file, rest.slice(at + 1));
    if (file && row) return { file, row };
  }
  throw new FolioError('not-found', `no indexed node "${id}"`);
}

/** Finds a document by `vault:path`. */
export function findDocument(reader: IndexReader, docId: string): FileBrief {
  reader.refresh();
  const { vault, rest } = splitDocId(docId, 'docId');
  const file = reader.fileByPath(vault, rest);
  if (!file) throw new FolioError('not-found', `no indexed document "${docId}"`);
  return file;
}

/** Every node of a document as an outline. */
export function outlineOf(reader: IndexReader, docId: string): OutlineResponse {
  const file = findDocument(reader, docId);
  const rows = reader.documentNodes(file);
  const idOf = (row: NodeRow) => (row.slug === null ? docId : `${docId}#${row.slug}`);
  const byRowid = new Map(rows.map((row) => [row.id, row]));
  return {
    docId,
    vault: file.vault,
    path: file.path,
    fileTitle: file.file_title,
    displayTitle: displayTitle(file),
    tags: JSON.parse(file.tags) as string[],
    nodes: rows.map((row) => ({
      id: idOf(row),
      parentId: row.parent === null ? null : idOf(byRowid.get(row.parent)!),
      depth: row.depth,
      position: row.position,
      title: row.title,
      slug: row.slug,
      startLine: row.start_line,
      endLine: row.end_line,
      isChunk: row.is_chunk === 1,
    })),
  };
}

/** The source text of a node's extent, as indexed. */
export function extentText(reader: IndexReader, found: FoundNode): string {
  const content = reader.content(found.file.id);
  return decodeUtf8(content, found.row.heading_start, found.row.byte_end).text;
}

/**
 * A node's content (docs/design.md#node-content: the bytes of its extent as indexed, descendants
 * included).
 */
export function nodeContentOf(reader: IndexReader, id: string): NodeContent {
  const found = findNode(reader, id);
  const { file, row } = found;
  const docId = `${file.vault}:${file.path}`;
  return {
    id: row.slug === null ? docId : `${docId}#${row.slug}`,
    docId,
    vault: file.vault,
    path: file.path,
    title: row.title,
    breadcrumb: row.breadcrumb,
    displayBreadcrumb: displayBreadcrumb(file, row.breadcrumb),
    markdown: extentText(reader, found),
    startLine: row.start_line,
    endLine: row.end_line,
    headingStart: row.heading_start,
  };
}

/**
 * The full node record of a found node (docs/design.md#the-node-record), rebuilt from the index.
 */
export function chunkNodeOf(reader: IndexReader, found: FoundNode): ChunkNode {
  const rows = reader.documentNodes(found.file);
  const nodes = chunkNodesFromRows(rows, {
    docId: `${found.file.vault}:${found.file.path}`,
    fileTitle: found.file.file_title,
    content: reader.content(found.file.id),
  });
  return nodes[found.row.position]!;
}
