// How the window words a vault being indexed (docs/ui.md#vaults): the status line, the Vaults
// panel and an empty result list while notes are still coming in — or while the whole index is
// rebuilt (a new stemming language, another version of Folio), the queued vaults counted, in the
// words the CLI and the MCP server use too (`#shared/rebuild-wording.ts`).
import type { IndexProgress } from '#shared/contract/api.ts';
import { rebuildFor, rebuildMeanwhile, vaultsDone } from '#shared/rebuild-wording.ts';
import { formatCount } from './format.ts';

/**
 * "scanning notes" while the folder is read (its size is not known yet: it said "0/0"), then
 * "indexing notes", with the count as `progressCount` writes it; during a rebuild of the index,
 * "rebuilding notes for the stemming language “none” (1 of 5 vaults done)".
 */
export function progressLabel(progress: IndexProgress): string {
  const { rebuild } = progress;
  if (rebuild) {
    const done = vaultsDone(rebuild);
    return `rebuilding ${progress.vault} for ${rebuildFor(rebuild)}${done && ` (${done})`}`;
  }
  return `${progress.phase === 'scanning' ? 'scanning' : 'indexing'} ${progress.vault}`;
}

/** "45,120/97,460", grouped as every count; empty while scanning. */
export function progressCount(progress: IndexProgress): string {
  return progress.phase === 'scanning'
    ? ''
    : `${formatCount(progress.done)}/${formatCount(progress.total)}`;
}

/** "rust-book (45/112)", or "rust-book" while its folder is scanned. */
function vaultCount(progress: IndexProgress): string {
  const count = progressCount(progress);
  return count === '' ? progress.vault : `${progress.vault} (${count})`;
}

/**
 * Why a search found nothing yet, while vaults are indexed: a vault just added ("Indexing
 * rust-book (45/112): its notes are searched as they come in."), or the whole index rebuilt
 * ("Rebuilding the index for the stemming language “none” (1 of 5 vaults done; rust-book
 * 45/112): notes not read again yet are found by the words that stem the same either way."). Null
 * when nothing is being indexed.
 */
export function stillIndexing(progress: readonly IndexProgress[]): string | null {
  const rebuilding = progress.filter((one) => one.rebuild);
  const others = progress.filter((one) => !one.rebuild);
  const lines: string[] = [];
  const first = rebuilding[0];
  if (first?.rebuild) {
    const { rebuild } = first;
    const done = vaultsDone(rebuild);
    const current = rebuilding
      .map((one) => `${one.vault} ${progressCount(one)}`.trimEnd())
      .join(', ');
    lines.push(
      `Rebuilding the index for ${rebuildFor(rebuild)} (${done && `${done}; `}${current}): ${rebuildMeanwhile(rebuild)}.`,
    );
  }
  if (others.length > 0) {
    const each = others.map(vaultCount);
    const names =
      each.length === 1 ? each[0] : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
    const whose = others.length === 1 ? 'its' : 'their';
    lines.push(`Indexing ${names}: ${whose} notes are searched as they come in.`);
  }
  return lines.length === 0 ? null : lines.join(' ');
}
