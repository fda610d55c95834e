// The rows of quick search's list: the results of the query, or — with an empty box — recent
// searches and the sections opened most (frecency), as Raycast and Alfred show on open.
import type { SearchResult } from '#shared/contract/api.ts';
import type { OpenedSection, RecentSearch } from './history.ts';

/** One row of quick search's list. `key` is unique within the list. */
export type QuickRow =
  | { kind: 'result'; key: string; node: string; result: SearchResult }
  | { kind: 'search'; key: string; query: string }
  | { kind: 'section'; key: string; node: string; section: OpenedSection };

/** Recent searches shown in an empty box, at most. */
export const MAX_RECENT_SEARCHES = 5;
/** Sections shown in an empty box, at most. */
export const MAX_RECENT_SECTIONS = 8;

/**
 * The list for the box's text: its results, or history when it is empty. Quick search has one
 * topic, so searches of several topics (the main window's) are not offered here.
 */
export function quickRows(
  query: string,
  results: readonly SearchResult[],
  searches: readonly RecentSearch[],
  sections: readonly OpenedSection[],
): QuickRow[] {
  if (query.trim() !== '') {
    return results.map((result) => ({
      kind: 'result',
      key: `result:${result.id}`,
      node: result.id,
      result,
    }));
  }
  const recent: QuickRow[] = searches
    .filter((search) => search.topics.length === 1)
    .slice(0, MAX_RECENT_SEARCHES)
    .map((search) => ({
      kind: 'search',
      key: `search:${search.topics[0]}`,
      query: search.topics[0]!,
    }));
  const opened: QuickRow[] = sections.slice(0, MAX_RECENT_SECTIONS).map((section) => ({
    kind: 'section',
    key: `section:${section.id}`,
    node: section.id,
    section,
  }));
  return [...recent, ...opened];
}

/** The node a row stands for (null for a recent search). */
export function rowNode(row: QuickRow | null | undefined): string | null {
  return row && row.kind !== 'search' ? row.node : null;
}
