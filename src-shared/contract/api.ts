// The one contract shared by the three processes (docs/architecture.md#one-contract): what the
// renderer may ask, what it gets back, and the events it may subscribe to. Environment-neutral: no
// electron, no node:*, no DOM. Main, preload, renderer and the web bridge all import it with
// `import type`.

import type {
  LinksRequest,
  LinksResponse,
  UnresolvedLink,
  UnresolvedLinksRequest,
} from './links.ts';
import type { AssistantSetup } from './assistants.ts';
import type {
  NodeContent,
  NodeContentRequest,
  OutlineRequest,
  OutlineResponse,
} from './documents.ts';
import type { ExportRequest, ExportResponse } from './export.ts';
import type {
  Environment,
  ExternalUrlRequest,
  OpenOutcome,
  OpenRequest,
  TextRequest,
} from './os.ts';
import type { SearchRequest, SearchResponse } from './search.ts';
import type { SettingsPatch, SettingsState } from './settings.ts';
import type {
  AddVaultRequest,
  FileError,
  FileErrorsRequest,
  IndexChanged,
  IndexProgress,
  UpdateVaultRequest,
  VaultInfo,
  VaultRequest,
} from './vaults.ts';

export type * from './links.ts';
export type * from './search.ts';
export type * from './documents.ts';
export type * from './export.ts';
export type * from './vaults.ts';
export type * from './settings.ts';
export type * from './os.ts';
export type * from './assistants.ts';

/**
 * An error that crossed a process boundary as data (Electron drops custom fields of thrown errors).
 */
export interface ApiError {
  /** Machine-readable reason. */
  code: ApiErrorCode;
  /** One clear sentence for a person, naming the argument or file at fault. */
  message: string;
}

/**
 * Why an API call failed. `superseded`: a newer search from the same window replaced this one
 * (`SearchRequest.supersede`); the window drops the answer.
 */
export type ApiErrorCode =
  | 'invalid-argument'
  | 'not-found'
  | 'conflict'
  | 'io'
  | 'unavailable'
  | 'forbidden'
  | 'internal'
  | 'superseded';

/** Every API call resolves to this: errors are values, never rejections. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

// ---------------------------------------------------------------------------------------------
// The API object

/**
 * What the renderer may call. Every method takes at most one argument and resolves to an
 * `ApiResult`; the preload exposes exactly this object (as `window.folio`), the web bridge serves
 * it over HTTP.
 */
export interface FolioApi {
  environment(): Promise<ApiResult<Environment>>;

  search(request: SearchRequest): Promise<ApiResult<SearchResponse>>;
  outline(request: OutlineRequest): Promise<ApiResult<OutlineResponse>>;
  nodeContent(request: NodeContentRequest): Promise<ApiResult<NodeContent>>;
  exportResults(request: ExportRequest): Promise<ApiResult<ExportResponse>>;
  links(request: LinksRequest): Promise<ApiResult<LinksResponse>>;
  unresolvedLinks(request: UnresolvedLinksRequest): Promise<ApiResult<UnresolvedLink[]>>;

  listVaults(): Promise<ApiResult<VaultInfo[]>>;
  addVault(request: AddVaultRequest): Promise<ApiResult<VaultInfo>>;
  removeVault(request: VaultRequest): Promise<ApiResult<null>>;
  reindexVault(request: VaultRequest): Promise<ApiResult<null>>;
  updateVault(request: UpdateVaultRequest): Promise<ApiResult<VaultInfo>>;
  listFileErrors(request: FileErrorsRequest): Promise<ApiResult<FileError[]>>;

  getSettings(): Promise<ApiResult<SettingsState>>;
  updateSettings(request: SettingsPatch): Promise<ApiResult<SettingsState>>;

  /** Native folder picker; resolves to null when cancelled. */
  pickFolder(): Promise<ApiResult<string | null>>;
  /** Opens the node's file: in Obsidian at its heading (Obsidian vaults), else the default app. */
  openInEditor(request: OpenRequest): Promise<ApiResult<OpenOutcome>>;
  revealInFolder(request: OpenRequest): Promise<ApiResult<null>>;
  openExternal(request: ExternalUrlRequest): Promise<ApiResult<null>>;
  copyText(request: TextRequest): Promise<ApiResult<null>>;

  /** The MCP configuration of this machine for AI assistants, ready to copy. */
  assistantSetup(): Promise<ApiResult<AssistantSetup>>;

  /** Quick search window: hide it. */
  hideQuickSearch(): Promise<ApiResult<null>>;
  /** Quick search window: show this result in the main window. */
  showInMainWindow(request: OpenRequest): Promise<ApiResult<null>>;

  /** Subscriptions return their unsubscribe function. */
  onIndexProgress(listener: (progress: IndexProgress) => void): () => void;
  onIndexChanged(listener: (change: IndexChanged) => void): () => void;
  onVaultsChanged(listener: (vaults: VaultInfo[]) => void): () => void;
  onSettingsChanged(listener: (state: SettingsState) => void): () => void;
  /** The main window is asked to show a node (from quick search or the tray). */
  onShowNode(listener: (request: OpenRequest) => void): () => void;
  /** The quick-search window was shown again: focus the search box. */
  onQuickSearchShown(listener: () => void): () => void;
}

/** Names of the request/response methods (everything but the `on…` subscriptions). */
export type ApiMethod = {
  [K in keyof FolioApi]: K extends `on${string}` ? never : K;
}[keyof FolioApi];

/** Names of the event subscriptions. */
export type ApiEvent = {
  [K in keyof FolioApi]: K extends `on${string}` ? K : never;
}[keyof FolioApi];

/** The longest text `copyText` takes, and so the longest export (characters). */
export const MAX_COPY_CHARS = 50_000_000;

/** Runtime list of the request/response methods, in one place for preload, IPC and bridge. */
export const API_METHODS = [
  'environment',
  'search',
  'outline',
  'nodeContent',
  'exportResults',
  'links',
  'unresolvedLinks',
  'listVaults',
  'addVault',
  'removeVault',
  'reindexVault',
  'updateVault',
  'listFileErrors',
  'getSettings',
  'updateSettings',
  'pickFolder',
  'openInEditor',
  'revealInFolder',
  'openExternal',
  'copyText',
  'assistantSetup',
  'hideQuickSearch',
  'showInMainWindow',
] as const satisfies readonly ApiMethod[];

/**
 * The methods the web bridge carries over its WebSocket as well as HTTP: the per-keystroke call
 * (docs/ui.md#how-a-search-reaches-the-engine).
 */
export const SOCKET_METHODS: ReadonlySet<ApiMethod> = new Set<ApiMethod>(['search']);

/** Runtime list of the events. */
export const API_EVENTS = [
  'onIndexProgress',
  'onIndexChanged',
  'onVaultsChanged',
  'onSettingsChanged',
  'onShowNode',
  'onQuickSearchShown',
] as const satisfies readonly ApiEvent[];

/** IPC channel of a method or event: `folio:<area>:<verb>` (docs/architecture.md#names). */
export function channelOf(name: ApiMethod | ApiEvent): string {
  return `folio:${name.startsWith('on') ? 'event' : 'call'}:${name}`;
}
