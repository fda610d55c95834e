// How the window words a vault being indexed (docs/ui.md#vaults): the status line, the Vaults
// panel and an empty result list while notes are still coming in.
import type { IndexProgress } from '#shared/contract/api.ts';
import { formatCount } from './format.ts';

/**
 * "scanning notes" while the folder is read (its size is not known yet: it said "0/0"), then
 * "indexing notes", with the count as `progressCount` writes it.
 */
export function progressLabel(progress: IndexProgress): string {
  return `${progress.phase === 'scanning' ? 'scanning' : 'indexing'} ${progress.vault}`;
}

/** "45,120/97,460", grouped as every count; empty while scanning. */
export function progressCount(progress: IndexProgress): string {
  return progress.phase === 'scanning'
    ? ''
    : `${formatCount(progress.done)}/${formatCount(progress.total)}`;
}

/**
 * Why a search found nothing yet, while vaults are indexed (a vault just added, or every vault
 * after a stemming change): "Indexing rust-book (45/112): its notes are searched as they come in."
 * Null when nothing is being indexed.
 */
export function stillIndexing(progress: readonly IndexProgress[]): string | null {
  if (progress.length === 0) return null;
  const each = progress.map((one) => {
    const count = progressCount(one);
    return count === '' ? one.vault : `${one.vault} (${count})`;
  });
  const names = each.length === 1 ? each[0] : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
  return `Indexing ${names}: ${progress.length === 1 ? 'its' : 'their'} notes are searched as they come in.`;
}
