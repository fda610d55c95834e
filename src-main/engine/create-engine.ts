// The one composition root (STYLE.md §5): wires storage, indexing, search and export into the
// `EngineService` the app, the web bridge, the CLI and the tests all use. A watcher (live-vault
// work) plugs in through `reconcile` and `vaultStatus`; until then `setWatching` only records
// the paused state.
import { existsSync } from 'node:fs';
import type {
  EngineEvent,
  EngineOptions,
  EngineService,
  NodeLocation,
} from '../contract/engine.ts';
import { FolioError } from '../contract/engine.ts';
import type {
  ExportRequest,
  ExportResponse,
  SearchRequest,
  SearchResponse,
  Settings,
  SettingsPatch,
  SettingsState,
  VaultInfo,
  VaultStatus,
} from '../contract/api.ts';
import { createAnalyzer, type Analyzer } from './analysis/analyzer.ts';
import { stemmerLanguages } from './analysis/stemmer.ts';
import { chunkDocument } from './chunk/chunk-document.ts';
import { chunkNodeOf, extentText, findNode, nodeContentOf, outlineOf } from './documents.ts';
import { exportItem } from './export/export-items.ts';
import { buildExport } from './export/export-text.ts';
import { indexerDeps } from './indexer-deps.ts';
import { Searcher } from './search/searcher.ts';
import { applySettingsPatch, indexingHash, settingsFromStored } from './settings.ts';
import { databaseError, openDatabase, type Db } from './store/database.ts';
import { IndexReader } from './store/index-reader.ts';
import { Indexer, type IndexSummary } from './store/indexer.ts';
import { SCHEMA_VERSION } from './store/migrations.ts';
import { Registry, type VaultRecord } from './store/registry.ts';
import { VaultJobs } from './vault-jobs.ts';
import { addVaultChecked, vaultAt } from './vault-registration.ts';

const HASH_KEY = 'indexing_hash';

class Engine implements EngineService {
  private readonly options: EngineOptions;
  private readonly connections: Db[] = [];
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  private registry!: Registry;
  private reader!: IndexReader;
  private indexer!: Indexer;
  private searcher!: Searcher;
  private jobs!: VaultJobs;
  private settings!: Settings;
  private analyzer!: Analyzer;
  /** Watching paused from the tray (`setWatching(false)`). */
  private paused = false;
  private readonly failures = new Map<string, string>();
  private closed = false;
  private readonly lastSummary = new Map<string, IndexSummary>();

  constructor(options: EngineOptions) {
    this.options = options;
  }

  async start(): Promise<void> {
    const open = () => {
      const db = openDatabase(this.options.dbPath);
      this.connections.push(db);
      return db;
    };
    this.registry = new Registry(open());
    this.settings = settingsFromStored(this.registry.storedSettings());
    this.analyzer = createAnalyzer(this.settings.stemmer);
    this.indexer = new Indexer(
      open(),
      indexerDeps(async (input) => chunkDocument(input)),
      this.settings.stemmer,
    );
    this.reader = new IndexReader(open());
    this.searcher = new Searcher(this.reader);
    this.jobs = new VaultJobs(
      (vault, signal) => this.runJob(vault, signal),
      () => this.emitVaults(),
    );
    const rebuild = this.checkIndexStamp();
    const added = new Set<string>();
    for (const wanted of this.options.vaults ?? []) {
      if (vaultAt(this.registry, wanted.root)) continue; // registered on an earlier start
      added.add(
        addVaultChecked(this.registry, wanted.root, wanted.name, wanted.sample === true).name,
      );
    }
    for (const vault of this.registry.vaults()) {
      if (rebuild || added.has(vault.name) || this.options.watch !== false)
        void this.jobs.schedule(vault.name).catch(() => {});
    }
  }

  /** True when the index was built with other analysis settings or schema: it is cleared. */
  private checkIndexStamp(): boolean {
    const current = indexingHash(this.settings, SCHEMA_VERSION);
    const stored = this.registry.meta(HASH_KEY);
    if (stored === current) return false;
    for (const vault of this.registry.vaults()) this.indexer.clearVault(vault.id);
    this.registry.setMeta(HASH_KEY, current);
    return stored !== undefined;
  }

  private async runJob(name: string, signal: AbortSignal): Promise<void> {
    const vault = this.registry.vault(name);
    if (!vault || this.closed) return;
    try {
      const summary = await this.indexer.reconcile(
        vault,
        {
          progress: (progress) => this.emit({ type: 'indexProgress', progress }),
          changed: (change) => this.emit({ type: 'indexChanged', change }),
        },
        signal,
      );
      this.failures.delete(name);
      this.lastSummary.set(name, summary);
    } catch (error) {
      const message = `vault "${name}": ${error instanceof Error ? error.message : String(error)}`;
      this.failures.set(name, message);
      throw new FolioError('io', message);
    }
  }

  private emit(event: EngineEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a failing listener must not break indexing or the other listeners
      }
    }
  }

  private emitVaults(): void {
    if (!this.closed) this.emit({ type: 'vaultsChanged', vaults: this.vaultInfos() });
  }

  private status(vault: VaultRecord): VaultStatus {
    if (this.jobs.busy(vault.name)) return 'indexing';
    if (!existsSync(vault.root)) return 'offline';
    if (this.failures.has(vault.name)) return 'error';
    if (this.paused) return 'paused';
    return this.options.watch === false ? 'idle' : 'watching';
  }

  private vaultInfos(): VaultInfo[] {
    return this.registry.vaults().map((v) => this.info(v));
  }

  private info(v: VaultRecord): VaultInfo {
    return {
      name: v.name,
      root: v.root,
      boost: v.pinned ? 1.5 : 1,
      pinned: v.pinned,
      ignore: v.ignore,
      status: this.status(v),
      documents: v.documents,
      errors: v.errors,
      sample: v.sample,
    };
  }

  private vaultNamed(name: string): VaultRecord {
    const vault = this.registry.vault(name);
    if (!vault) throw new FolioError('not-found', `no vault named "${name}"`);
    return vault;
  }

  /** Runs a read, turning SQLite failures into one-line errors naming the database. */
  private guard<T>(read: () => T): T {
    if (this.closed) throw new FolioError('unavailable', 'the engine is closed');
    try {
      return read();
    } catch (error) {
      if (error instanceof FolioError) throw error;
      throw databaseError(this.options.dbPath, error);
    }
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    return this.guard(() => this.searcher.search(request, this.settings, this.analyzer));
  }

  async outline(request: { docId: string }) {
    return this.guard(() => outlineOf(this.reader, request.docId));
  }

  async nodeContent(request: { id: string }) {
    return this.guard(() => nodeContentOf(this.reader, request.id));
  }

  async exportResults(request: ExportRequest): Promise<ExportResponse> {
    return this.guard(() => {
      const mode = request.breadcrumbMode ?? this.settings.breadcrumbMode;
      const items = request.ids.map((id) => {
        const found = findNode(this.reader, id);
        return exportItem(
          chunkNodeOf(this.reader, found),
          found.file.vault,
          extentText(this.reader, found),
          mode,
        );
      });
      const maxTokens =
        request.maxTokens === undefined ? this.settings.exportMaxTokens : request.maxTokens;
      return buildExport(items, request.format ?? this.settings.exportFormat, maxTokens);
    });
  }

  async listVaults(): Promise<VaultInfo[]> {
    return this.guard(() => this.vaultInfos());
  }

  async addVault(request: { root: string; name?: string }): Promise<VaultInfo> {
    const vault = this.guard(() =>
      addVaultChecked(this.registry, request.root, request.name, false),
    );
    this.emitVaults();
    void this.jobs.schedule(vault.name).catch(() => {});
    return this.info(vault);
  }

  async removeVault(request: { name: string }): Promise<void> {
    const vault = this.guard(() => this.vaultNamed(request.name));
    await this.jobs.cancel(vault.name);
    this.guard(() => {
      this.indexer.clearVault(vault.id);
      this.registry.removeVault(vault.id);
    });
    this.failures.delete(vault.name);
    this.emitVaults();
  }

  async reindexVault(request: { name: string }): Promise<void> {
    this.guard(() => this.vaultNamed(request.name));
    await this.jobs.schedule(request.name);
  }

  async updateVault(request: {
    name: string;
    pinned?: boolean;
    ignore?: string[];
  }): Promise<VaultInfo> {
    const vault = this.guard(() => this.vaultNamed(request.name));
    const ignore = request.ignore ?? vault.ignore;
    this.guard(() => this.registry.updateVault(vault.id, request.pinned ?? vault.pinned, ignore));
    if (JSON.stringify(ignore) !== JSON.stringify(vault.ignore))
      void this.jobs.schedule(vault.name).catch(() => {});
    this.emitVaults();
    return this.info(this.registry.vault(vault.name)!);
  }

  async listFileErrors(request: { vault?: string }) {
    return this.guard(() => this.registry.fileErrors(request.vault ?? null));
  }

  private settingsState(): SettingsState {
    return {
      settings: structuredClone(this.settings),
      problems: {},
      stemmerLanguages: stemmerLanguages(),
    };
  }

  async getSettings(): Promise<SettingsState> {
    return this.settingsState();
  }

  async updateSettings(request: SettingsPatch): Promise<SettingsState> {
    const next = applySettingsPatch(this.settings, request);
    const restem = next.stemmer !== this.settings.stemmer;
    this.guard(() => this.registry.saveSettings({ ...next }));
    this.settings = next;
    if (restem) {
      // A new stemmer changes every indexed term: rebuild from disk (STYLE.md §7).
      await this.jobs.cancel();
      this.analyzer = createAnalyzer(next.stemmer);
      this.indexer.setStemmer(next.stemmer);
      this.guard(() => this.checkIndexStamp());
      for (const vault of this.registry.vaults())
        void this.jobs.schedule(vault.name).catch(() => {});
    }
    const state = this.settingsState();
    this.emit({ type: 'settingsChanged', state });
    return state;
  }

  async locateNode(request: { id: string }): Promise<NodeLocation> {
    return this.guard(() => {
      const { file, row } = findNode(this.reader, request.id);
      const vault = this.registry.vault(file.vault)!;
      return {
        file: `${vault.root.replace(/[\\/]+$/, '')}/${file.path}`,
        line: row.start_line,
        vault: vault.name,
        vaultRoot: vault.root,
      };
    });
  }

  async setWatching(enabled: boolean): Promise<void> {
    this.paused = !enabled;
    this.emitVaults();
  }

  subscribe(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  internals(): EngineInternals {
    return {
      reader: this.reader,
      searchRaw: (request) =>
        this.guard(() => this.searcher.search(request, this.settings, this.analyzer, false)),
      summary: (vault) => this.lastSummary.get(vault),
      indexed: (vault) => this.jobs.pending(vault),
      ready: () => this.jobs.pending(null),
      settings: () => this.settings,
      analyzer: () => this.analyzer,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.jobs?.cancel();
    this.closed = true;
    this.listeners.clear();
    for (const db of this.connections) db.close();
  }
}

/** Creates the engine: opens (or creates) the database and registers `options.vaults`. */
export async function createEngine(options: EngineOptions): Promise<EngineService> {
  const engine = new Engine(options);
  try {
    await engine.start();
  } catch (error) {
    await engine.close().catch(() => {});
    throw error;
  }
  return engine;
}

/** What the CLI and the benchmarks reach beyond the service interface. */
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
  settings(): Settings;
  analyzer(): Analyzer;
}

/** The internals of an engine made by `createEngine`. */
export function engineInternals(service: EngineService): EngineInternals {
  if (!(service instanceof Engine))
    throw new Error('engineInternals: not an engine made by createEngine');
  return service.internals();
}
