// What each node contributes to the FTS5 table (docs/design.md#columns-and-weights): its title (the
// document node also its aliases), the document's tags, the path, the path's components and its own
// body — analysed — plus its context: the titles around it that say what a generically titled
// section is about. Titles come with the parts of their camel-case names
// (`CTaskDialog::IsSupported` is about a task dialog).
import type { Analyzer } from '../analysis/analyzer.ts';
import type { ChunkedDocument, ChunkNode } from '../chunk/types.ts';
import { withParts } from '../query/identifier-parts.ts';
import type { FtsColumns } from './index-writer.ts';

/**
 * The context of a heading node: the file title and its ancestor headings' titles (not its own,
 * which is `title`), each distinct title once. "Remarks" under "clamp" in "algorithm functions"
 * is about clamp; the column lets such a section match "clamp" while its body earns the score.
 * The document node has none: its own title is the file title.
 */
export function contextTitles(node: ChunkNode): string[] {
  if (node.depth === 0) return [];
  const titles = new Set([node.fileTitle, ...node.headerPath.slice(0, -1)]);
  titles.delete(node.title);
  return [...titles];
}

/**
 * How many times one term of a node's body is indexed at most. BM25's term frequency saturates
 * long before (k1 = 1.2: 1,000 occurrences score as 2 million do), but FTS5's `bm25()` walks every
 * occurrence of a query term in a row: a 30 MB note repeating two words held 2 million of each and
 * made every search matching it take seconds (docs/design.md#columns-and-weights). Every word
 * stays findable; only repeats past this are left out of the FTS5 body (the stored content, the
 * preview and export keep them).
 */
export const MAX_TERM_OCCURRENCES = 1000;

/**
 * `terms` (space-separated, as `Analyzer.ftsText` writes them) keeping each term's first
 * `MAX_TERM_OCCURRENCES` occurrences. The text is returned as is when no term can exceed it.
 */
export function capOccurrences(terms: string, cap = MAX_TERM_OCCURRENCES): string {
  // Under `cap` words no term can exceed it; counting is skipped for all but huge bodies.
  if (terms.length < cap * 2) return terms;
  const words = terms.split(' ');
  if (words.length <= cap) return terms;
  const seen = new Map<string, number>();
  const kept: string[] = [];
  let dropped = false;
  for (const word of words) {
    const count = (seen.get(word) ?? 0) + 1;
    seen.set(word, count);
    if (count <= cap) kept.push(word);
    else dropped = true;
  }
  return dropped ? kept.join(' ') : terms;
}

/** The analysed FTS5 columns of every node of a document, in node order. */
export function ftsColumns(doc: ChunkedDocument, analyzer: Analyzer): FtsColumns[] {
  const tags = analyzer.ftsText(doc.tags.join(' '));
  const path = analyzer.ftsText(doc.path);
  // `docs/api/handlers.md` → `docs api handlers md` (docs/design.md#columns-and-weights), analysed
  // like everything else.
  const components = analyzer.ftsText(doc.path.split('/').join(' '));
  return doc.nodes.map((node) => {
    const title = withParts(node.depth === 0 ? [node.title, ...doc.aliases] : [node.title]);
    const context = withParts(contextTitles(node));
    return [
      analyzer.ftsText(title),
      tags,
      path,
      components,
      capOccurrences(analyzer.ftsText(node.body)),
      analyzer.ftsText(context),
    ];
  });
}
