// One export item per node id: where it came from (vault, path#slug, lines) and its content as
// indexed (docs/design.md#node-content: the whole section, descendants included) with the
// breadcrumb line of `breadcrumbMode`, decided by the chunker's embedText
// (docs/design.md#embed-text) on that whole section.
import type {
  BreadcrumbMode,
  ExportRequest,
  ExportResponse,
  Settings,
} from '#shared/contract/api.ts';
import { decodeUtf8 } from '../analysis/utf8.ts';
import { embedText } from '../chunk/embed-text.ts';
import type { ByteRange, ChunkNode } from '../chunk/types.ts';
import { chunkNodeOf, findNode } from '../documents/documents.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { buildExport, type ExportItem } from './export-text.ts';

/** What each export item holds. */
export interface ItemOptions {
  /** The breadcrumb line of the item's text (Markdown and plain text headers carry their own). */
  mode: BreadcrumbMode;
  /** The whole section with its subsections (true), or the node's own text only. */
  subsections: boolean;
}

/**
 * The export item of `node`. Its text is embedText's over the node's whole section: the node
 * record with `body` widened to the span (descendants included; the document node from the end
 * of its frontmatter), so a merged parent exports everything it stands for. Without subsections
 * the span ends where the node's own body does (its first subheading), and so do its lines.
 */
export function exportItem(
  node: ChunkNode,
  vault: string,
  content: Uint8Array,
  frontmatter: ByteRange | null,
  options: ItemOptions,
): ExportItem {
  const from = node.depth === 0 ? (frontmatter?.[1] ?? 0) : node.byteStart;
  const end = options.subsections ? node.byteEnd : ownEnd(node, from);
  const body = decodeUtf8(content, from, end).text;
  const section: ChunkNode = { ...node, body, tokenEstimate: Math.ceil(body.length / 4) };
  return {
    id: node.id,
    vault,
    path: node.docId.slice(vault.length + 1),
    slug: node.slug,
    breadcrumb: node.breadcrumb,
    startLine: node.startLine,
    endLine: options.subsections ? node.endLine : lastLine(node, content, end),
    text: embedText(section, options.mode, content),
  };
}

/** Where the node's own text ends: its last body range's end (its heading's end for none). */
function ownEnd(node: ChunkNode, from: number): number {
  return Math.max(from, node.bodyRanges.at(-1)?.[1] ?? from);
}

/** The last line with text of the node's span cut at `end` (its heading line at least). */
function lastLine(node: ChunkNode, content: Uint8Array, end: number): number {
  const text = decodeUtf8(content, node.headingStart, end).text.trimEnd();
  return node.startLine + (text.match(/\r\n|\r|\n/g)?.length ?? 0);
}

/**
 * The export items of node ids in the order given, each id once; an unknown id throws
 * `not-found`, naming it, before anything is read. Each item is read only when it is taken, so
 * an export that its budget ends early never decodes the sections it leaves out.
 */
export function exportItems(
  reader: IndexReader,
  ids: readonly string[],
  options: ItemOptions,
): Iterable<ExportItem> {
  const found = [...new Set(ids)].map((id) => findNode(reader, id));
  return (function* () {
    for (const node of found) {
      const frontmatter = node.file.frontmatter
        ? (JSON.parse(node.file.frontmatter) as ByteRange)
        : null;
      yield exportItem(
        chunkNodeOf(reader, node),
        node.file.vault,
        reader.content(node.file.id),
        frontmatter,
        options,
      );
    }
  })();
}

/** The export `request` asks for, the settings filling in what it leaves out. */
export function exportNodes(
  reader: IndexReader,
  request: ExportRequest,
  settings: Settings,
): ExportResponse {
  const format = request.format ?? settings.exportFormat;
  // Markdown and plain text say each result's breadcrumb once, in its header.
  const mode = format === 'json' ? (request.breadcrumbMode ?? settings.breadcrumbMode) : 'none';
  const items = exportItems(reader, request.ids, {
    mode,
    subsections: request.subsections ?? true,
  });
  const maxTokens = request.maxTokens === undefined ? settings.exportMaxTokens : request.maxTokens;
  return buildExport(items, format, maxTokens);
}
