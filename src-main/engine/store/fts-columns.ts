// What each node contributes to the FTS5 table (SPEC §3): its title (the document node also its
// aliases), the document's tags, the path, the path's components and its own body — analysed.
import type { Analyzer } from '../analysis/analyzer.ts';
import type { ChunkedDocument } from '../chunk/types.ts';
import type { FtsColumns } from './index-writer.ts';

/** The analysed FTS5 columns of every node of a document, in node order. */
export function ftsColumns(doc: ChunkedDocument, analyzer: Analyzer): FtsColumns[] {
  const tags = analyzer.ftsText(doc.tags.join(' '));
  const path = analyzer.ftsText(doc.path);
  // `docs/api/handlers.md` → `docs api handlers md` (SPEC §3), analysed like everything else.
  const components = analyzer.ftsText(doc.path.split('/').join(' '));
  return doc.nodes.map((node) => {
    const title = node.depth === 0 ? [node.title, ...doc.aliases].join(' ') : node.title;
    return [analyzer.ftsText(title), tags, path, components, analyzer.ftsText(node.body)];
  });
}
