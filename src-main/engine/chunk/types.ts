// The chunk tree (docs/design.md#the-chunk-tree): the canonical model every other part of the
// engine reads.
import type { DocumentKind } from '../files/document-kind.ts';

export type { DocumentKind };

/** A half-open UTF-8 byte range `[start, end)` into the file as stored on disk. */
export type ByteRange = [start: number, end: number];

/**
 * One node of a document's chunk tree, with exactly the fields of docs/design.md#the-node-record.
 */
export interface ChunkNode {
  /** `docId` for the document node, `docId#slug` for a heading node. */
  id: string;
  /** `vault:path`. */
  docId: string;
  /** Null for the document node. */
  parentId: string | null;
  /** 0 for the document node, else the heading level 1–6. */
  depth: number;
  /** Pre-order index over the kept tree; the document node is 0. */
  position: number;
  /**
   * Heading text as plain text (docs/design.md#headings), or the document title for the document
   * node.
   */
  title: string;
  /** GitHub anchor of the heading; null for the document node. */
  slug: string | null;
  /** Start of the heading line; 0 for the document node. */
  headingStart: number;
  /** Span start: the byte after the heading line (0 for the document node). */
  byteStart: number;
  /** Span end: the start of the next heading line of equal or lower depth, or the file length. */
  byteEnd: number;
  /** The node's own body as sorted, disjoint byte ranges. */
  bodyRanges: ByteRange[];
  /** The decoded text of `bodyRanges`, concatenated. */
  body: string;
  /** True when `body` contains non-whitespace. */
  isChunk: boolean;
  fileTitle: string;
  /** Titles of the heading ancestors, first level down to the node itself. */
  headerPath: string[];
  headerDepths: number[];
  headerSlugs: string[];
  /** `headerPath.join(" > ")`. */
  headerBreadcrumb: string;
  sectionTitle: string;
  sectionSlug: string | null;
  /** Display breadcrumb: `> File › Ancestor › Own`. */
  breadcrumb: string;
  /** 1-based first line of the extent. */
  startLine: number;
  /** 1-based last line holding a byte of the span (the heading line if the span is empty). */
  endLine: number;
  /** `ceil(body.length / 4)`. */
  tokenEstimate: number;
}

/** A file turned into its chunk tree, with the document-level facts indexing needs. */
export interface ChunkedDocument {
  /** `vault:path`. */
  docId: string;
  vault: string;
  /** Relative to the vault root, `/`-separated, as on disk. */
  path: string;
  kind: DocumentKind;
  fileTitle: string;
  /** Frontmatter tags and inline `#tags`, without `#`, deduplicated, in order of appearance. */
  tags: string[];
  aliases: string[];
  /** Frontmatter keys other than title/tags/aliases. */
  metadata: Record<string, unknown>;
  /** The frontmatter block (delimiters included), or null. */
  frontmatter: ByteRange | null;
  /** Problems that did not stop the file (e.g. malformed YAML). */
  warnings: string[];
  /** Every node, in position order; `nodes[0]` is the document node. */
  nodes: ChunkNode[];
  /** File length in bytes. */
  size: number;
  /** Links to other notes (and to places in this one), in document order (docs/links.md). */
  links: DocumentLink[];
  /** Obsidian block ids (`^id` at the end of a paragraph or list item), in document order. */
  blocks: BlockAnchor[];
  /** Dates the frontmatter gives (`date`, `created`, `updated`), as epoch milliseconds. */
  dates: DocumentDates;
}

/** A link as found in a document (a wikilink, an embed or a Markdown link to a local file). */
export interface DocumentLink {
  /** Position of the node whose body or heading line holds the link. */
  node: number;
  /** UTF-8 byte range of the link's markup (`[[…]]`, `![[…]]`, `[…](…)`). */
  start: number;
  end: number;
  /** As written: a wikilink's inner text (`note#heading|shown`), a Markdown link's destination. */
  target: string;
  /** A Markdown link (`[text](dest)`) rather than a wikilink. */
  markdown: boolean;
  /** `![[…]]` or `![…](…)`. */
  embed: boolean;
}

/** A block id and the node holding the block. */
export interface BlockAnchor {
  /** The id as written after `^`. */
  id: string;
  node: number;
}

/** Frontmatter dates (epoch ms; null when absent or unreadable). */
export interface DocumentDates {
  date: number | null;
  created: number | null;
  updated: number | null;
}

/** What the chunker needs to know about a file. */
export interface ChunkInput {
  vault: string;
  /** Relative path, `/`-separated. */
  path: string;
  bytes: Uint8Array;
  /** Default: from the extension. */
  kind?: DocumentKind;
}
