// The one composition root (docs/architecture.md#composition): wires storage, indexing, search and
// export into the `EngineService` the app, the web bridge, the CLI and the tests all use. Searches
// and reads run on this thread; every index write runs in the index worker thread
// (`indexing/index-client.ts`), fed by the scheduler (`indexing/index-scheduler.ts`) and the vault
// watchers (`live/live-vaults.ts`).
// size: the composition root implements every EngineService operation, each a few lines that
// delegate to its concern's folder (documents/, export/, links/, search/, vaults/, indexing/);
// splitting it would scatter the one place that shows how the engine is wired.
import type {
  EngineEvent,
  EngineOptions,
  EngineService,
  NodeLocation,
} from '#shared/contract/engine.ts';
import { FolioError } from '#shared/contract/engine.ts';
import type {
  ExportRequest,
  ExportResponse,
  LinksRequest,
  LinksResponse,
  UnresolvedLink,
  UnresolvedLinksRequest,
  SearchRequest,
  SearchResponse,
  Settings,
  SettingsPatch,
  SettingsState,
  UpdateVaultRequest,
  VaultInfo,
} from '#shared/contract/api.ts';
import { createAnalyzer, type Analyzer } from './analysis/analyzer.ts';
import { stemmerLanguages } from './analysis/stemmer.ts';
import { findNode, nodeContentOf, outlineOf } from './documents/documents.ts';
import { exportNodes } from './export/export-items.ts';
import { DEFAULT_BACKLINKS, DEFAULT_OUTGOING, LinkReader } from './links/link-reader.ts';
import { Searcher } from './search/searcher.ts';
import { applySettingsPatch, indexingHash, settingsFromStored } from './settings/settings.ts';
import { databaseError, isSqliteError, openDatabase, type Db } from './store/database.ts';
import { IndexReader } from './store/index-reader.ts';
import { INDEX_FORMAT } from './store/migrations.ts';
import { Registry, type RebuildStart } from './store/registry.ts';
import type { IndexWorkerClient } from './indexing/index-client.ts';
import { NamedIndexClient } from './indexing/named-index-client.ts';
import { IndexScheduler } from './indexing/index-scheduler.ts';
import { LiveVaults } from './live/live-vaults.ts';
import {
  checkReadOnlyStamp,
  readOnlyRefusal,
  readOnlyVaultInfos,
  rebuildOwedRefusal,
  StoredStateFollower,
} from './service/read-only.ts';
import { Vaults } from './vaults/vaults.ts';
import { SearchQueue } from './service/search-queue.ts';
import { workerFilesOf } from './service/worker-files.ts';
import { expandHome } from './vaults/home-path.ts';
import { registerInternals, type EngineInternals } from './service/engine-internals.ts';
import { IndexWarmer, inTurn } from './service/warm-up.ts';
import { NodeWarming } from './search/warm-nodes.ts';
import { VocabularyWarming } from './search/warm-vocabulary.ts';
import { ContentWarming } from './search/warm-contents.ts';
import { TopRowsWarming } from './search/warm-top-rows.ts';
import { weightParams } from './search/fts-statements.ts';
import { RANKING_DEFAULTS } from './search/ranking.ts';

class Engine implements EngineService {
  private readonly options: EngineOptions;
  private readonly connections: Db[] = [];
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  private registry!: Registry;
  private reader!: IndexReader;
  private client!: IndexWorkerClient;
  private scheduler!: IndexScheduler;
  private live!: LiveVaults;
  private searcher!: Searcher;
  private linkReader!: LinkReader;
  private vaults!: Vaults;
  private settings!: Settings;
  private analyzer!: Analyzer;
  /** Set when the engine is read-only: follows the settings and rebuilds another process saves. */
  private follower: StoredStateFollower | null = null;
  /** What opening found the index owed (`EngineInternals.rebuild`). */
  private rebuild: 'new' | 'resumed' | null = null;
  /** Ids of the vaults owed a rebuild that this engine has not yet wholly reconciled. */
  private readonly owed = new Set<number>();
  /** The rebuild this engine carries out: why, and the ids of every vault it was owed for. */
  private rebuilding: { reason: RebuildStart['reason']; vaults: Set<number> } | null = null;
  private closed = false;
  private readonly searches = new SearchQueue();
  /** Set with `EngineOptions.warm`: warms the index for typing while no search runs. */
  private warmer: IndexWarmer | null = null;

  constructor(options: EngineOptions) {
    this.options = options;
  }

  async start(): Promise<void> {
    const readOnly = this.options.readOnly === true;
    const open = () => {
      const db = openDatabase(this.options.dbPath, { readOnly });
      this.connections.push(db);
      return db;
    };
    this.registry = new Registry(open());
    this.settings = settingsFromStored(this.registry.storedSettings());
    this.analyzer = createAnalyzer(this.settings.stemmer);
    this.reader = new IndexReader(open());
    this.searcher = new Searcher(this.reader);
    this.linkReader = new LinkReader(this.reader);
    if (readOnly) {
      checkReadOnlyStamp(this.registry, this.settings, this.options.dbPath);
      this.follower = new StoredStateFollower(this.registry);
      return;
    }
    this.startIndexing();
    const owed = await this.checkIndexStamp();
    // Others go first, so a wanted folder inside one of them is not refused as overlapping it.
    if (this.options.exclusiveVaults) await this.vaults.keepOnly(this.options.vaults ?? []);
    const added = this.vaults.register(this.options.vaults ?? []);
    this.vaults.startAll((name) => owed.has(name) || added.has(name));
  }

  /** Warms what typing needs in the background (docs/design.md#warming-before-typing). */
  warmUp(): void {
    const contents = this.options.warmContents === false ? [] : [new ContentWarming(this.reader)];
    const topRows = new TopRowsWarming(this.reader, () => ({
      weights: weightParams(this.settings.columnWeights, RANKING_DEFAULTS.contextColumnWeight),
      options: RANKING_DEFAULTS,
    }));
    const warming = inTurn(
      new NodeWarming(this.reader, () => this.analyzer),
      ...contents,
      new VocabularyWarming(this.reader, (vocabulary, version, terms) => {
        this.searcher.adoptVocabulary(vocabulary, version);
        topRows.adopt(terms);
      }),
      topRows,
    );
    this.warmer = new IndexWarmer({
      warming: {
        restart: () => this.guard(() => warming.restart()),
        step: () => this.guard(() => warming.step()),
      },
      sinceSearch: () => this.searches.sinceSearch(),
      indexState: () => {
        this.reader.refresh();
        return this.reader.generation;
      },
    });
    this.warmer.start();
  }

  /** The index worker, the queue that feeds it and the watchers that feed the queue. */
  private startIndexing(): void {
    this.client = new NamedIndexClient({
      dbPath: this.options.dbPath,
      stemmer: this.settings.stemmer,
      file: workerFilesOf(this.options)?.index,
      chunkWorkerFile: workerFilesOf(this.options)?.chunk,
    });
    this.scheduler = new IndexScheduler({
      client: this.client,
      target: (name) => this.vaults.target(name),
      emit: (event) => this.emit(this.withRebuild(event)),
      onChange: () => this.vaults.changed(),
      onFailure: (name) => this.live.checkRoot(name),
      onWhole: (vault) => this.rebuilt(vault.id),
    });
    this.live = new LiveVaults({
      scheduler: this.scheduler,
      vault: (name) => this.registry.vault(name),
      onChange: () => this.vaults.changed(),
      watchWorkerFile: workerFilesOf(this.options)?.watch,
    });
    this.vaults = new Vaults({
      registry: this.registry,
      live: this.live,
      scheduler: this.scheduler,
      client: this.client,
      watch: this.options.watch !== false,
      emit: (event) => this.emit(event),
      guard: (work) => this.guard(work),
      closed: () => this.closed,
    });
  }

  /**
   * The names of the vaults owed a rebuild from disk: every vault when the index was built with
   * other analysis settings or format, or carries no stamp (it is stamped now); else those a
   * rebuild left owing when it was interrupted (docs/design.md#command-line). Another stemmer
   * alone keeps every vault's rows, replaced file by file as the rebuild reads them again; any
   * other difference clears the vaults first (docs/architecture.md#the-index-is-a-rebuildable-cache).
   */
  private async checkIndexStamp(): Promise<Set<string>> {
    const current = indexingHash(this.settings, INDEX_FORMAT);
    const stamp = this.registry.stamp();
    const stale = stamp !== current;
    if (stale) {
      const vaults = this.registry.vaults();
      const reason = stamp !== undefined && this.stemmerAlone(stamp) ? 'stemmer' : 'version';
      if (reason === 'version') for (const vault of vaults) await this.client.clearVault(vault.id);
      // Every vault is rebuilt from disk — a missing stamp too, never an index left empty.
      this.registry.restamp(current, vaults, reason);
    }
    const owed = this.registry.rebuildOwed();
    this.rebuild = owed.length === 0 ? null : stale ? 'new' : 'resumed';
    for (const vault of owed) this.owed.add(vault.id);
    const { reason } = this.registry.rebuildStart();
    this.rebuilding = owed.length === 0 ? null : { reason, vaults: new Set(this.owed) };
    return new Set(owed.map((vault) => vault.name));
  }

  /** True when `stamp` is this build's but for the stemmer (its analysis and format are these). */
  private stemmerAlone(stamp: string): boolean {
    return stemmerLanguages().some(
      (stemmer) => stamp === indexingHash({ ...this.settings, stemmer }, INDEX_FORMAT),
    );
  }

  /**
   * A progress event of a vault owed a rebuild says how far the rebuild has got: the vaults done,
   * the queued ones counted (docs/ui.md#vaults).
   */
  private withRebuild(event: EngineEvent): EngineEvent {
    const rebuilding = this.rebuilding;
    if (event.type !== 'indexProgress' || rebuilding === null) return event;
    const id = this.registry.vaultId(event.progress.vault);
    if (id === undefined || !this.owed.has(id)) return event;
    const registered = this.registry.vaultIds();
    const vaults = [...rebuilding.vaults].filter((id) => registered.has(id));
    const rebuild = {
      reason: rebuilding.reason,
      stemmer: this.settings.stemmer,
      vaults: vaults.length,
      vaultsDone: vaults.filter((id) => !this.owed.has(id)).length,
    };
    return { type: 'indexProgress', progress: { ...event.progress, rebuild } };
  }

  /** A vault was wholly reconciled: a rebuild it was owed is done. */
  private rebuilt(vaultId: number): void {
    if (!this.owed.delete(vaultId)) return;
    try {
      this.registry.rebuilt(vaultId);
    } catch {
      // Still marked (the database busy past its timeout): the next opener reconciles the vault
      // again and finds it complete.
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

  /**
   * Runs a read, turning SQLite failures into one-line errors naming the database. Read-only, it
   * refuses while vaults are owed a rebuild, unless `partial` (the vault list, the file errors).
   */
  private guard<T>(read: () => T, partial = false): T {
    if (this.closed) throw new FolioError('unavailable', 'the engine is closed');
    try {
      if (this.follower) {
        this.followSettings(this.follower);
        const { owed, reason } = this.follower;
        if (owed.length > 0 && reason !== 'stemmer' && !partial)
          throw rebuildOwedRefusal(this.options.dbPath, owed);
      }
      return read();
    } catch (error) {
      if (error instanceof FolioError) throw error;
      throw databaseError(this.options.dbPath, error);
    }
  }

  /** Read-only: adopts the settings another process saved (a new stemmer: a new analyzer). */
  private followSettings(follower: StoredStateFollower): void {
    const next = follower.changed();
    if (!next) return;
    if (next.stemmer !== this.settings.stemmer) this.analyzer = createAnalyzer(next.stemmer);
    this.settings = next;
  }

  /** Throws `forbidden` when the engine is read-only. */
  private writable(what: string): void {
    if (this.follower) throw readOnlyRefusal(what);
  }

  /**
   * One search at a time, each in one snapshot of the index; a newer search from the same window
   * supersedes an older one (docs/design.md#a-newer-search-supersedes-an-older-one).
   */
  async search(request: SearchRequest): Promise<SearchResponse> {
    return this.searches.run(request.supersede, async (pause) => {
      this.guard(() => this.reader.db.exec('BEGIN'));
      const { settings, analyzer } = this;
      try {
        return await this.searcher.searchPaused(request, settings, analyzer, pause);
      } catch (error) {
        throw error instanceof FolioError ? error : databaseError(this.options.dbPath, error);
      } finally {
        if (this.reader.db.open && this.reader.db.inTransaction) this.reader.db.exec('COMMIT');
      }
    });
  }

  async outline(request: { docId: string }) {
    return this.guard(() => outlineOf(this.reader, request.docId));
  }

  async nodeContent(request: { id: string }) {
    return this.guard(() => nodeContentOf(this.reader, request.id));
  }

  async exportResults(request: ExportRequest): Promise<ExportResponse> {
    return this.guard(() => {
      return exportNodes(this.reader, request, this.settings);
    });
  }

  async links(request: LinksRequest): Promise<LinksResponse> {
    return this.guard(() =>
      this.linkReader.links(request.docId, {
        backlinks: request.limit ?? DEFAULT_BACKLINKS,
        outgoing: request.outgoingLimit ?? DEFAULT_OUTGOING,
      }),
    );
  }

  async unresolvedLinks(request: UnresolvedLinksRequest): Promise<UnresolvedLink[]> {
    return this.guard(() => {
      const vault = request.vault ?? null;
      if (vault !== null && !this.registry.vault(vault)) {
        throw new FolioError('not-found', `no vault named "${vault}"`);
      }
      return this.linkReader.unresolved(vault, request.limit ?? DEFAULT_BACKLINKS);
    });
  }

  async listVaults(): Promise<VaultInfo[]> {
    return this.guard(
      () =>
        this.follower
          ? readOnlyVaultInfos(this.registry, this.follower.restemming())
          : this.vaults.infos(),
      true,
    );
  }

  async addVault(request: { root: string; name?: string }): Promise<VaultInfo> {
    this.writable('adding a vault');
    return this.vaults.add(expandHome(request.root.trim()), request.name);
  }

  async removeVault(request: { name: string }): Promise<void> {
    this.writable('removing a vault');
    await this.vaults.remove(request.name);
  }

  async reindexVault(request: { name: string }): Promise<void> {
    this.writable('re-indexing a vault');
    await this.vaults.reindex(request.name);
  }

  async updateVault(request: UpdateVaultRequest): Promise<VaultInfo> {
    this.writable('changing a vault');
    return this.vaults.update(request);
  }

  async listFileErrors(request: { vault?: string }) {
    return this.guard(() => this.registry.fileErrors(request.vault ?? null), true);
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
    this.writable('changing settings');
    const next = applySettingsPatch(this.settings, request);
    const restem = next.stemmer !== this.settings.stemmer;
    this.guard(() => this.registry.saveSettings({ ...next }));
    this.settings = next;
    if (restem) {
      // A new stemmer changes every indexed term: every vault is owed a rebuild from disk, each
      // file's rows replaced as it is read again (docs/architecture.md#the-index-is-a-rebuildable-cache).
      // Searches are analysed the new way from the moment the index is stamped for it: they
      // find the files read again, and the others where the old stems agree — never nothing.
      await this.scheduler.cancel();
      await this.client.setStemmer(next.stemmer);
      await this.checkIndexStamp();
      this.analyzer = createAnalyzer(next.stemmer);
      for (const vault of this.registry.vaults())
        void this.scheduler.whole(vault.name).catch(() => {});
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
    this.writable('watching');
    await this.live.setPaused(!enabled);
    this.vaults.changed();
  }

  subscribe(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  internals(): EngineInternals {
    return {
      reader: this.reader,
      searchRaw: (request) =>
        this.guard(() => this.searcher.searchRaw(request, this.settings, this.analyzer)),
      summary: (vault) => this.scheduler?.summary(vault),
      indexed: async (vault) => this.scheduler?.pending(vault),
      ready: async () => this.scheduler?.pending(null),
      follow: async (names) => {
        this.writable('watching');
        await Promise.all(names.map((name) => this.live.follow(name)));
        this.vaults.changed();
      },
      busy: (vault) => this.live?.busy(vault) ?? false,
      problem: (vault) => this.scheduler?.failure(vault) ?? this.live?.problem(vault),
      rebuild: () => this.rebuild,
      rebuildReason: () => {
        if (this.follower) return this.follower.reason;
        return this.owed.size > 0 ? (this.rebuilding?.reason ?? null) : null;
      },
      owed: () => this.registry.rebuildOwed().map((vault) => vault.name),
      indexingVaults: () =>
        this.follower ? this.follower.restemming() : this.vaults.indexingNow(),
      settings: () => this.settings,
      analyzer: () => this.analyzer,
      warmed: async () => this.warmer?.finished(),
    };
  }

  private closing: Promise<void> | null = null;

  /**
   * Stops watching and indexing and closes the database: bounded (the index worker is given half
   * a second to finish its file, then terminated), so quitting and Ctrl-C never wait on a file.
   */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    this.warmer?.stop();
    await this.live?.close();
    const cancelled = this.scheduler?.cancel();
    this.closed = true;
    this.listeners.clear();
    await this.client?.close();
    await cancelled;
    for (const db of this.connections) db.close();
  }
}

/** Creates the engine: opens (or creates) the database and registers `options.vaults`. */
export async function createEngine(options: EngineOptions): Promise<EngineService> {
  const engine = new Engine(options);
  registerInternals(engine, () => engine.internals());
  try {
    await engine.start();
    if (options.warm) engine.warmUp();
  } catch (error) {
    await engine.close().catch(() => {});
    // Opening reads the registry and the index stamp: a damaged page there is named here.
    throw isSqliteError(error) ? databaseError(options.dbPath, error) : error;
  }
  return engine;
}

export { engineInternals, type EngineInternals } from './service/engine-internals.ts';
