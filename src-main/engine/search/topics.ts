// Topics of a search (SPEC §4 multi-topic): each query's parse, compiled forms, vault scope and
// path filter; labels tagged with their topic.
import type { ParsedQuery } from '../query/ast.ts';
import type { CompiledQuery } from '../query/compile.ts';
import type { VaultRow } from '../store/index-reader.ts';
import { vaultRowidBase, VAULT_ROWID_SPAN } from '../store/node-rows.ts';
import { ENGINE_DEFAULTS } from '../settings/settings.ts';
import type { Scope, VaultRange } from './raw-matches.ts';

/** One query of a search, ready to run. */
export interface Topic {
  index: number;
  parsed: ParsedQuery;
  exact: CompiledQuery;
  /** Compiled with fuzzy variants; null until needed, or when no term has any. */
  fuzzy: CompiledQuery | null;
  scope: Scope;
  pathOk(path: string): boolean;
}

/** Separates a topic's index from a label in tagged labels. */
export const SEP = '\u0000';

/** Labels tagged with their topic (`index SEP label`). */
export const tag = (topic: Topic, labels: string[]) =>
  labels.map((label) => `${topic.index}${SEP}${label}`);

/** Where a query may match: its vault filters as rowid ranges, and the boosted vaults. */
export function scopeOf(parsed: ParsedQuery, vaults: VaultRow[]): Scope {
  const range = (v: VaultRow): VaultRange => ({
    lo: vaultRowidBase(v.id),
    hi: vaultRowidBase(v.id) + VAULT_ROWID_SPAN,
    boost: v.pinned ? ENGINE_DEFAULTS.pinnedBoost : 1,
  });
  const { vaults: only, excludeVaults } = parsed.filters;
  return {
    include: only.length ? vaults.filter((v) => only.includes(v.name)).map(range) : null,
    exclude: vaults.filter((v) => excludeVaults.includes(v.name)).map(range),
    boosted: vaults.map(range).filter((r) => r.boost !== 1),
  };
}

/** The exact `path:` prefix test of a query (FTS5 only pre-filters). */
export function pathTest(parsed: ParsedQuery): (path: string) => boolean {
  const fold = (s: string) => s.normalize('NFC').toLowerCase();
  const include = parsed.filters.pathPrefixes.map(fold);
  const exclude = parsed.filters.excludePathPrefixes.map(fold);
  if (include.length === 0 && exclude.length === 0) return () => true;
  return (path) => {
    const p = fold(path);
    return (
      (include.length === 0 || include.some((x) => p.startsWith(x))) &&
      !exclude.some((x) => p.startsWith(x))
    );
  };
}
