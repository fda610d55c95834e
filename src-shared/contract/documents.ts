// The contract's documents: outlines and node content:
// part of the one contract (docs/architecture.md#one-contract), re-exported by api.ts.

/** One node of a document's outline (every node of the chunk tree, chunk or not). */
export interface OutlineNode {
  id: string;
  parentId: string | null;
  depth: number;
  position: number;
  title: string;
  slug: string | null;
  startLine: number;
  endLine: number;
  isChunk: boolean;
}

export interface OutlineRequest {
  docId: string;
}

export interface OutlineResponse {
  docId: string;
  vault: string;
  path: string;
  fileTitle: string;
  /** The note's name for display: `fileTitle`, or its first heading when that is only the file name. */
  displayTitle: string;
  tags: string[];
  /** Every node in pre-order (position order); the first is the document node. */
  nodes: OutlineNode[];
}

export interface NodeContentRequest {
  /** A node id (document or section). */
  id: string;
}

/**
 * The content of a node's extent as indexed (docs/design.md#node-content), descendants included.
 */
export interface NodeContent {
  id: string;
  docId: string;
  vault: string;
  path: string;
  title: string;
  breadcrumb: string;
  /** `breadcrumb` naming the note by its display title (docs/design.md#display-titles). */
  displayBreadcrumb: string;
  /** Source text of the extent (heading line to end of section). */
  markdown: string;
  startLine: number;
  endLine: number;
  /** Byte offset of `markdown`'s first byte in the file, to map match ranges onto it. */
  headingStart: number;
}
