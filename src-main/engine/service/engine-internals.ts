// What the CLI, the benchmarks and the tests reach beyond the `EngineService` interface. The
// composition root registers each engine it makes; `engineInternals` finds them again.
import type { SearchRequest, SearchResponse, Settings } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import type { Analyzer } from '../analysis/analyzer.ts';
import type { IndexReader } from '../store/index-reader.ts';
import type { IndexSummary } from '../indexing/types.ts';

/** The parts of an engine beyond the service interface. */
export interface EngineInternals {
  /** The search connection's queries (for `ls` and the raw FTS5 baseline of `bench`). */
  reader: IndexReader;
  /** The search without hierarchical merging (`search --raw`). */
  searchRaw(request: SearchRequest): SearchResponse;
  /** Counts of the last completed reconcile of a vault. */
  summary(vault: string): IndexSummary | undefined;
  /** Resolves when the vault's queued and running jobs are done (rejects if one failed). */
  indexed(vault: string): Promise<void>;
  /**
   * Resolves when no job is queued or running — e.g. the rebuild a changed analysis version
   * started (read-only CLI commands wait for it instead of answering from an empty index).
   */
  ready(): Promise<void>;
  /**
   * What opening found the index owed (docs/design.md#command-line): `new`, a rebuild from disk
   * (another version of Folio wrote it, or another stemmer: it was just stamped); `resumed`, the
   * rest of a rebuild that was interrupted; null, nothing.
   */
  rebuild(): 'new' | 'resumed' | null;
  /**
   * Why the rebuild under way is owed: `stemmer`, a new stemming language (nothing cleared, each
   * file re-read); `version`, another version of Folio (the vaults cleared first); null, none
   * (docs/architecture.md#the-index-is-a-rebuildable-cache).
   */
  rebuildReason(): 'stemmer' | 'version' | null;
  /**
   * The vaults whose status is `indexing` (read whole now), found without counting their files:
   * cheap enough for every MCP search (docs/mcp.md#running-it). A read-only engine: those another
   * process is rebuilding for a new stemming language.
   */
  indexingVaults(): string[];
  /** The vaults still owed a rebuild: one whose folder was offline stays owed until it is back. */
  owed(): string[];
  settings(): Settings;
  analyzer(): Analyzer;
  /**
   * Watches these vaults (also with `watch: false`, e.g. `cli watch` follows only the folders it
   * was given); resolves once each was reconciled after its watcher started.
   */
  follow(vaults: string[]): Promise<void>;
  /**
   * True while a followed vault is not caught up with what its watcher saw (a change waits, a job
   * runs, the watcher restarts); `cli watch --json` prints `idle` when none of its vaults is.
   */
  busy(vault: string): boolean;
  /** Why a vault has status `error` (or is in trouble watching), if it does. */
  problem(vault: string): string | undefined;
  /**
   * Resolves once the background warming of `EngineOptions.warm` has warmed the index (at once
   * without it), for the typed bench's "warmed first" figure and the tests.
   */
  warmed(): Promise<void>;
}

const registered = new WeakMap<EngineService, () => EngineInternals>();

/** Called by the composition root for every engine it makes. */
export function registerInternals(service: EngineService, internals: () => EngineInternals): void {
  registered.set(service, internals);
}

/** The internals of an engine made by `createEngine`. */
export function engineInternals(service: EngineService): EngineInternals {
  const internals = registered.get(service);
  if (!internals) throw new Error('engineInternals: not an engine made by createEngine');
  return internals();
}
