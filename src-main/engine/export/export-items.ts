// One export item per node id: where it came from (vault, path#slug, lines) and its content as
// indexed (docs/design.md#node-content: the whole section, descendants included) with the
// breadcrumb line of `breadcrumbMode`, decided by the chunker's embedText
// (docs/design.md#embed-text) on that whole section.
import type { BreadcrumbMode } from '#shared/contract/api.ts';
import { decodeUtf8 } from '../analysis/utf8.ts';
import { embedText } from '../chunk/embed-text.ts';
import type { ByteRange, ChunkNode } from '../chunk/types.ts';
import { chunkNodeOf, findNode } from '../documents/documents.ts';
import type { IndexReader } from '../store/index-reader.ts';
import type { ExportItem } from './export-text.ts';

/**
 * The export item of `node`. Its text is embedText's over the node's whole section: the node
 * record with `body` widened to the span (descendants included; the document node from the end
 * of its frontmatter), so a merged parent exports everything it stands for.
 */
export function exportItem(
  node: ChunkNode,
  vault: string,
  content: Uint8Array,
  frontmatter: ByteRange | null,
  mode: BreadcrumbMode,
): ExportItem {
  const from = node.depth === 0 ? (frontmatter?.[1] ?? 0) : node.byteStart;
  const body = decodeUtf8(content, from, node.byteEnd).text;
  const section: ChunkNode = { ...node, body, tokenEstimate: Math.ceil(body.length / 4) };
  return {
    id: node.id,
    vault,
    path: node.docId.slice(vault.length + 1),
    slug: node.slug,
    breadcrumb: node.breadcrumb,
    startLine: node.startLine,
    endLine: node.endLine,
    text: embedText(section, mode, content),
  };
}

/**
 * The export items of node ids in the order given, each id once; an unknown id throws
 * `not-found`, naming it, before anything is read. Each item is read only when it is taken, so
 * an export that its budget ends early never decodes the sections it leaves out.
 */
export function exportItems(
  reader: IndexReader,
  ids: readonly string[],
  mode: BreadcrumbMode,
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
        mode,
      );
    }
  })();
}
