// One export item per node: where it came from, and its content as indexed (SPEC §5) with the
// breadcrumb line of `breadcrumbMode` (SPEC §2.8, via the chunker's embedText).
import type { BreadcrumbMode } from '../../contract/api.ts';
import type { ChunkNode } from '../chunk/types.ts';
import type { ExportItem } from './export-text.ts';

/** The export item of `node`, whose extent (heading line to end of section) is `extent`. */
export function exportItem(
  node: ChunkNode,
  vault: string,
  extent: string,
  _mode: BreadcrumbMode,
): ExportItem {
  return {
    id: node.id,
    vault,
    path: node.docId.slice(vault.length + 1),
    slug: node.slug,
    breadcrumb: node.breadcrumb,
    startLine: node.startLine,
    endLine: node.endLine,
    text: extent,
  };
}
