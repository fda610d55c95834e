// Nodes as stored and as read back. A node row keeps what cannot be derived; the derived fields
// of the node record (docs/design.md#the-node-record: headerPath, headerDepths, headerSlugs,
// headerBreadcrumb, sectionTitle, sectionSlug, fileTitle, body) are rebuilt from the ancestors and
// the stored file content, so the database holds every byte of text once.
import type { ByteRange, ChunkNode } from '../chunk/types.ts';
import { decodeUtf8 } from '../analysis/utf8.ts';

/** Node rowids of a vault live in `[vaultId × 2^36, (vaultId + 1) × 2^36)`: filters use ranges. */
export const VAULT_ROWID_SPAN = 2 ** 36;

/** First rowid of a vault's range. */
export function vaultRowidBase(vaultId: number): number {
  return vaultId * VAULT_ROWID_SPAN;
}

/** A `nodes` row. */
export interface NodeRow {
  id: number;
  file_id: number;
  parent: number | null;
  position: number;
  depth: number;
  child_count: number;
  title: string;
  slug: string | null;
  heading_start: number;
  byte_start: number;
  byte_end: number;
  body_ranges: string;
  is_chunk: number;
  breadcrumb: string;
  start_line: number;
  end_line: number;
  token_estimate: number;
  /** Positions of the ancestors, document node first (`0,3`); empty for the document node. */
  ancestors: string;
}

const BODY_RANGES = new WeakMap<NodeRow, readonly ByteRange[]>();

/** A row's body ranges (`body_ranges` parsed), parsed once per row object: readers cache rows. */
export function bodyRangesOf(row: NodeRow): readonly ByteRange[] {
  let ranges = BODY_RANGES.get(row);
  if (!ranges) BODY_RANGES.set(row, (ranges = JSON.parse(row.body_ranges) as ByteRange[]));
  return ranges;
}

/** The columns of `nodes`, in insert order. */
export const NODE_COLUMNS = [
  'id',
  'file_id',
  'parent',
  'position',
  'depth',
  'child_count',
  'title',
  'slug',
  'heading_start',
  'byte_start',
  'byte_end',
  'body_ranges',
  'is_chunk',
  'breadcrumb',
  'start_line',
  'end_line',
  'token_estimate',
  'ancestors',
] as const;

/** The row of each node of a document whose first node gets rowid `firstRowid`. */
export function nodeRows(nodes: ChunkNode[], fileId: number, firstRowid: number): NodeRow[] {
  const positionOf = new Map(nodes.map((node) => [node.id, node.position]));
  const children = new Array<number>(nodes.length).fill(0);
  for (const node of nodes) {
    if (node.parentId !== null) children[positionOf.get(node.parentId)!]! += 1;
  }
  const ancestors: string[] = new Array<string>(nodes.length);
  for (const node of nodes) {
    const parent = node.parentId === null ? null : positionOf.get(node.parentId)!;
    ancestors[node.position] =
      parent === null ? '' : ancestors[parent] ? `${ancestors[parent]},${parent}` : `${parent}`;
  }
  return nodes.map((node) => ({
    id: firstRowid + node.position,
    file_id: fileId,
    parent: node.parentId === null ? null : firstRowid + positionOf.get(node.parentId)!,
    position: node.position,
    depth: node.depth,
    child_count: children[node.position]!,
    title: node.title,
    slug: node.slug,
    heading_start: node.headingStart,
    byte_start: node.byteStart,
    byte_end: node.byteEnd,
    body_ranges: JSON.stringify(node.bodyRanges),
    is_chunk: node.isChunk ? 1 : 0,
    breadcrumb: node.breadcrumb,
    start_line: node.startLine,
    end_line: node.endLine,
    token_estimate: node.tokenEstimate,
    ancestors: ancestors[node.position]!,
  }));
}

/** Decodes byte ranges of `content` and concatenates them. */
export function decodeRanges(content: Uint8Array, ranges: ByteRange[]): string {
  let text = '';
  for (const [start, end] of ranges) text += decodeUtf8(content, start, end).text;
  return text;
}

/** What a document's rows are read back with. */
export interface DocumentFacts {
  docId: string;
  fileTitle: string;
  content: Uint8Array;
}

/**
 * Rebuilds the full node records (docs/design.md#the-node-record) of a document's nodes (rows in
 * position order).
 */
export function chunkNodesFromRows(rows: NodeRow[], facts: DocumentFacts): ChunkNode[] {
  const byRowid = new Map<number, ChunkNode>();
  const out: ChunkNode[] = [];
  for (const row of rows) {
    const parent = row.parent === null ? null : (byRowid.get(row.parent) ?? null);
    const isHeading = row.depth > 0;
    const headerPath = isHeading ? [...(parent?.headerPath ?? []), row.title] : [];
    const headerDepths = isHeading ? [...(parent?.headerDepths ?? []), row.depth] : [];
    const headerSlugs = isHeading ? [...(parent?.headerSlugs ?? []), row.slug ?? ''] : [];
    const bodyRanges = JSON.parse(row.body_ranges) as ByteRange[];
    const node: ChunkNode = {
      id: row.slug === null ? facts.docId : `${facts.docId}#${row.slug}`,
      docId: facts.docId,
      parentId: parent?.id ?? null,
      depth: row.depth,
      position: row.position,
      title: row.title,
      slug: row.slug,
      headingStart: row.heading_start,
      byteStart: row.byte_start,
      byteEnd: row.byte_end,
      bodyRanges,
      body: decodeRanges(facts.content, bodyRanges),
      isChunk: row.is_chunk === 1,
      fileTitle: facts.fileTitle,
      headerPath,
      headerDepths,
      headerSlugs,
      headerBreadcrumb: headerPath.join(' > '),
      sectionTitle: headerPath[headerPath.length - 1] ?? facts.fileTitle,
      sectionSlug: headerSlugs[headerSlugs.length - 1] ?? null,
      breadcrumb: row.breadcrumb,
      startLine: row.start_line,
      endLine: row.end_line,
      tokenEstimate: row.token_estimate,
    };
    byRowid.set(row.id, node);
    out.push(node);
  }
  return out;
}
