// The engine's side of the API: what the Electron main process and the web bridge delegate to.
// The engine implements it without Electron (`src-main/engine/create-engine.ts`); the two choke
// points (IPC handlers, bridge routes) validate requests, call it, and turn a thrown `FolioError`
// into `{ ok: false, error }`. Environment-neutral like `api.ts`.
import type {
  AddVaultRequest,
  ApiErrorCode,
  ExportRequest,
  ExportResponse,
  FileError,
  FileErrorsRequest,
  IndexChanged,
  IndexProgress,
  LinksRequest,
  LinksResponse,
  NodeContent,
  NodeContentRequest,
  OpenRequest,
  OutlineRequest,
  OutlineResponse,
  SearchRequest,
  SearchResponse,
  SettingsPatch,
  SettingsState,
  UnresolvedLink,
  UnresolvedLinksRequest,
  UpdateVaultRequest,
  VaultInfo,
  VaultRequest,
} from './api.ts';

/** An error meant for the user: its code and message cross the process boundary unchanged. */
export class FolioError extends Error {
  override name = 'FolioError';
  readonly code: ApiErrorCode;

  constructor(code: ApiErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** Where a node lives on disk, for "open in editor" and "reveal in folder". */
export interface NodeLocation {
  /** Absolute path of the file (inside its vault's root). */
  file: string;
  /** 1-based line of the node's first line. */
  line: number;
  vault: string;
  vaultRoot: string;
}

/** Something the engine tells its listeners about. */
export type EngineEvent =
  | { type: 'indexProgress'; progress: IndexProgress }
  | { type: 'indexChanged'; change: IndexChanged }
  | { type: 'vaultsChanged'; vaults: VaultInfo[] }
  | { type: 'settingsChanged'; state: SettingsState };

/** The engine as the app and the bridge see it. Methods throw `FolioError` for user errors. */
export interface EngineService {
  search(request: SearchRequest): Promise<SearchResponse>;
  outline(request: OutlineRequest): Promise<OutlineResponse>;
  nodeContent(request: NodeContentRequest): Promise<NodeContent>;
  exportResults(request: ExportRequest): Promise<ExportResponse>;
  /** A document's outgoing links and backlinks; throws `not-found` for an unknown document. */
  links(request: LinksRequest): Promise<LinksResponse>;
  /** Links naming notes that are not indexed, per vault (`not-found` for an unknown vault). */
  unresolvedLinks(request: UnresolvedLinksRequest): Promise<UnresolvedLink[]>;

  listVaults(): Promise<VaultInfo[]>;
  addVault(request: AddVaultRequest): Promise<VaultInfo>;
  removeVault(request: VaultRequest): Promise<void>;
  reindexVault(request: VaultRequest): Promise<void>;
  updateVault(request: UpdateVaultRequest): Promise<VaultInfo>;
  listFileErrors(request: FileErrorsRequest): Promise<FileError[]>;

  getSettings(): Promise<SettingsState>;
  updateSettings(request: SettingsPatch): Promise<SettingsState>;

  /** The file and line of a node; throws `not-found` for an unknown id. */
  locateNode(request: OpenRequest): Promise<NodeLocation>;
  /** Pause or resume watching every vault (tray menu). */
  setWatching(enabled: boolean): Promise<void>;

  /** Returns the unsubscribe function. */
  subscribe(listener: (event: EngineEvent) => void): () => void;
  /** Stops watchers and workers and closes the database. */
  close(): Promise<void>;
}

/** How the app, the bridge, the CLI and the tests create the engine (one composition root). */
export interface EngineOptions {
  /** The SQLite database file (created if missing). */
  dbPath: string;
  /**
   * Vaults to make sure are registered at start (`npm run web DIR…`, or the sample vault on
   * first run). Existing registrations are kept.
   */
  vaults?: Array<{ root: string; name?: string; sample?: boolean }>;
  /**
   * The registered vaults become exactly `vaults`: any other is removed, with its index, at
   * start (`npm run web`, whose database serves the folders of one session). Default false.
   */
  exclusiveVaults?: boolean;
  /** Watch the vault folders for changes (default true). */
  watch?: boolean;
  /**
   * Serve the index without ever writing to it (`mcp` without folders, beside a running app that
   * writes it): the database must exist; no index worker, watcher or migration runs; changes to
   * vaults and settings are refused; what another process commits is seen at the next read.
   * `vaults` must be empty. Default false.
   */
  readOnly?: boolean;
  /**
   * Absolute paths of the worker-thread entry files, for builds that bundle them (Electron).
   * Default: the `.ts` worker modules beside the engine code, run by Node's type stripping.
   */
  workerFiles?: Partial<Record<'chunk' | 'index' | 'watch', string>>;
  /**
   * Warm what typing needs in the background while no search runs (docs/design.md#warming-before-typing):
   * for an engine serving a search window (the app, `npm run web`) or an assistant (`cli mcp`).
   * Costs memory (~1 kB per node warmed, at most 100k nodes; up to 24 MB of file contents; the
   * top rows of at most 1,000 common words) and CPU once per index state (msdocs-cpp: ~5 s, of it
   * ~1 s the common words' top rows). Default false.
   */
  warm?: boolean;
  /**
   * With `warm`: warm file contents too (default true). The MCP server leaves them out: its
   * searches gain nothing from them (docs/benchmarks.md#mcp).
   */
  warmContents?: boolean;
}
