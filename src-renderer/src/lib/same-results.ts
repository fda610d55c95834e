// Keeping the shown result objects that a new answer repeats, so the list re-renders only the rows
// that changed (the next keystroke's answer mostly repeats the last one's rows).
import type { SearchResult } from '#shared/contract/api.ts';

/** `results`, each one equal to a shown result (same id, same fields) replaced by the shown one. */
export function sameAsBefore(
  results: SearchResult[],
  shown: readonly SearchResult[],
): SearchResult[] {
  if (shown.length === 0) return results;
  const before = new Map(shown.map((result) => [result.id, result]));
  return results.map((result) => {
    const old = before.get(result.id);
    return old && JSON.stringify(old) === JSON.stringify(result) ? old : result;
  });
}
