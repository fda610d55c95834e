// How a rebuild of the index is worded — one text for the app's status line and its empty result
// list, the MCP server's notes and the CLI's line and progress on stderr
// (docs/architecture.md#the-index-is-a-rebuildable-cache).
import type { IndexRebuild } from './contract/vaults.ts';

/** What a rebuild is for: all a reader beside the writer knows of it. */
export type RebuildPurpose = Pick<IndexRebuild, 'reason' | 'stemmer'>;

/** `typographic` for the app (“none”); `plain` for a terminal or an assistant ("none"). */
export type Quotes = 'typographic' | 'plain';

/** "the stemming language “none”", or "this version of Folio". */
export function rebuildFor(rebuild: RebuildPurpose, quotes: Quotes = 'typographic'): string {
  if (rebuild.reason === 'version') return 'this version of Folio';
  const language = quotes === 'plain' ? JSON.stringify(rebuild.stemmer) : `“${rebuild.stemmer}”`;
  return `the stemming language ${language}`;
}

/** "1 of 5 vaults done", or '' when the rebuild is of one vault. */
export function vaultsDone(rebuild: IndexRebuild): string {
  return rebuild.vaults > 1 ? `${rebuild.vaultsDone} of ${rebuild.vaults} vaults done` : '';
}

/**
 * What a search finds while the rebuild runs: a new stemming language clears nothing, so a note
 * not read again yet answers with its old stems; anything else cleared the vaults first.
 */
export function rebuildMeanwhile(rebuild: RebuildPurpose): string {
  return rebuild.reason === 'stemmer'
    ? 'notes not read again yet are found by the words that stem the same either way'
    : 'notes are searched as they come in';
}
