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

export type * from './links.ts';

/**
 * An error that crossed a process boundary as data (Electron drops custom fields of thrown errors).
 */
export interface ApiError {
  /** Machine-readable reason. */
  code: ApiErrorCode;
  /** One clear sentence for a person, naming the argument or file at fault. */
  message: string;
}

/** Why an API call failed. */
export type ApiErrorCode =
  'invalid-argument' | 'not-found' | 'conflict' | 'io' | 'unavailable' | 'forbidden' | 'internal';

/** Every API call resolves to this: errors are values, never rejections. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

// ---------------------------------------------------------------------------------------------
// Search

/** A search: one or more topics (docs/design.md#multi-topic-search). */
export interface SearchRequest {
  /**
   * The topics; each is a query in the language of docs/design.md#the-query-language. Empty topics
   * are ignored.
   */
  queries: string[];
  /** How many merged results to return (default: the `resultLimit` setting). */
  limit?: number;
  /**
   * Turn off partial matches (docs/design.md#whole-and-partial-matches): only results matching
   * every required term.
   */
  strict?: boolean;
  /**
   * The queries are being typed (as-you-type search): a query's last word, when nothing follows
   * it, also matches as a prefix, and full words rank above completions
   * (docs/design.md#the-word-being-typed). The app sets it; the CLI and MCP do not.
   */
  typing?: boolean;
  /**
   * The order of the results (docs/design.md#date-filters): `relevance` (default), or newest
   * first by `modified` (the file's time) or `created` (frontmatter `created`, else `date`;
   * results without one come last, by relevance).
   */
  sort?: SearchSort;
}

/** How results are ordered. */
export type SearchSort = 'relevance' | 'modified' | 'created';

/** A piece of a snippet: highlighted (`match`) or not. The renderer renders these as elements. */
export interface SnippetSegment {
  text: string;
  match: boolean;
}

/**
 * One merged result (docs/design.md#the-result-record). Byte offsets are UTF-8 offsets into the
 * file as indexed.
 */
export interface SearchResult {
  /** Node id: `vault:path` for a document, `vault:path#slug` for a section. */
  id: string;
  docId: string;
  vault: string;
  path: string;
  title: string;
  /** Display breadcrumb: `> File › Section › Sub`. */
  breadcrumb: string;
  /**
   * What the app shows (docs/design.md#display-titles): `title`, or for a note's own result its
   * first heading when its title is only its file name; `breadcrumb` naming the note so.
   */
  displayTitle: string;
  displayBreadcrumb: string;
  depth: number;
  /** Positive, higher is better. */
  score: number;
  /** ≈150 characters around the matches; matches wrapped in `<b>…</b>`, the rest HTML-escaped. */
  snippet: string;
  /** The same snippet as plain segments, for rendering without HTML. */
  snippetSegments: SnippetSegment[];
  /** Byte ranges of the matched terms in the source file. */
  matchRanges: Array<[number, number]>;
  byteStart: number;
  byteEnd: number;
  headingStart: number;
  startLine: number;
  endLine: number;
  /** Every node id this result absorbed, transitively. */
  mergedFrom: string[];
  /** True when the result matches only some of the query's required terms. */
  partial: boolean;
  /**
   * The required terms this result matched (all of them unless `partial`). A merged result
   * lists those of its best single node (itself or one it absorbed, the most terms, then the
   * best score): sections each holding some of the terms do not make their parent match all.
   */
  matchedTerms: string[];
  /**
   * The queries this result matched, as indexes into the request's `queries` (several with
   * multi-topic search), in ascending order.
   */
  topics: number[];
  /** The note's modification time (epoch ms). */
  modified: number;
  /** Its frontmatter `created` (else `date`), epoch ms; null when it gives neither. */
  created: number | null;
}

export interface SearchResponse {
  results: SearchResult[];
  /** The analysed terms used for highlighting (lower-case surface forms typed by the user). */
  terms: string[];
  /** Time spent in the engine, in milliseconds. */
  tookMs: number;
}

// ---------------------------------------------------------------------------------------------
// Documents

/** One node of a document's outline (every node of the chunk tree, chunk or not). */
export interface OutlineNode {
  id: string;
  parentId: string | null;
  depth: number;
  position: number;
  title: string;
  slug: string | null;
  startLine: number;
  endLine: number;
  isChunk: boolean;
}

export interface OutlineRequest {
  docId: string;
}

export interface OutlineResponse {
  docId: string;
  vault: string;
  path: string;
  fileTitle: string;
  /** The note's name for display: `fileTitle`, or its first heading when that is only the file name. */
  displayTitle: string;
  tags: string[];
  /** Every node in pre-order (position order); the first is the document node. */
  nodes: OutlineNode[];
}

export interface NodeContentRequest {
  /** A node id (document or section). */
  id: string;
}

/**
 * The content of a node's extent as indexed (docs/design.md#node-content), descendants included.
 */
export interface NodeContent {
  id: string;
  docId: string;
  vault: string;
  path: string;
  title: string;
  breadcrumb: string;
  /** `breadcrumb` naming the note by its display title (docs/design.md#display-titles). */
  displayBreadcrumb: string;
  /** Source text of the extent (heading line to end of section). */
  markdown: string;
  startLine: number;
  endLine: number;
  /** Byte offset of `markdown`'s first byte in the file, to map match ranges onto it. */
  headingStart: number;
}

// ---------------------------------------------------------------------------------------------
// Export (docs/design.md#export)

export type ExportFormat = 'md' | 'text' | 'json';
export type BreadcrumbMode = 'conditional' | 'always' | 'none';

export interface ExportRequest {
  /** Node ids of the results to export, in rank order. */
  ids: string[];
  /** Default: the `exportFormat` setting. */
  format?: ExportFormat;
  /** Token budget (`ceil(chars / 4)`); null or absent: no budget. Default: the setting. */
  maxTokens?: number | null;
  /**
   * The breadcrumb line of each JSON entry's text (default: the `breadcrumbMode` setting);
   * Markdown and plain text give each result one breadcrumb, in its header.
   */
  breadcrumbMode?: BreadcrumbMode;
  /**
   * True (default): each result's whole section, its subsections included; false: the node's
   * own text only (its heading and the text before its first subheading).
   */
  subsections?: boolean;
}

export interface ExportResponse {
  text: string;
  /** Estimated tokens of `text`. */
  tokens: number;
  /** True when the budget cut something. */
  truncated: boolean;
  /**
   * How many of the requested results the text holds, whole or cut (the first one always, its
   * source at least, however small the budget).
   */
  included: number;
}

// ---------------------------------------------------------------------------------------------
// Vaults and indexing

export type VaultStatus = 'idle' | 'indexing' | 'watching' | 'paused' | 'offline' | 'error';

export interface VaultInfo {
  /** Unique, `[a-z0-9_-]+`. */
  name: string;
  /** Absolute folder path. */
  root: string;
  /** Ranking multiplier: 1.0, or 1.5 when pinned. */
  boost: number;
  pinned: boolean;
  /** Extra ignore globs, relative to the root. */
  ignore: string[];
  status: VaultStatus;
  /** Indexed documents. */
  documents: number;
  /** Files that could not be indexed (see `listFileErrors`). */
  errors: number;
  /** True for the bundled sample vault. */
  sample: boolean;
}

export interface AddVaultRequest {
  /** Absolute folder path. */
  root: string;
  /** Default: derived from the folder name. */
  name?: string;
}

export interface VaultRequest {
  name: string;
}

export interface UpdateVaultRequest {
  name: string;
  pinned?: boolean;
  ignore?: string[];
}

/** A file that could not be indexed, and why. */
export interface FileError {
  vault: string;
  path: string;
  message: string;
  /** Unix epoch milliseconds. */
  at: number;
}

export interface FileErrorsRequest {
  /** Only this vault's errors; absent: every vault. */
  vault?: string;
}

/** Indexing progress of one vault. */
export interface IndexProgress {
  vault: string;
  phase: 'scanning' | 'indexing' | 'done';
  done: number;
  total: number;
  currentPath: string | null;
  errors: number;
}

/** Files whose new state was committed to the index. */
export interface IndexChanged {
  vault: string;
  /** Paths indexed or re-indexed. */
  indexed: string[];
  /** Paths removed from the index. */
  removed: string[];
  /** Files that could not be indexed in this batch, and why (also listed by `listFileErrors`). */
  failed?: Array<{ path: string; message: string }>;
}

// ---------------------------------------------------------------------------------------------
// Settings

/** BM25 column weights (docs/design.md#columns-and-weights). */
export interface ColumnWeights {
  title: number;
  tags: number;
  path: number;
  pathComponents: number;
  body: number;
}

/** User settings, persisted; applied live. Defaults in docs/design.md#defaults. */
export interface Settings {
  columnWeights: ColumnWeights;
  /** Fraction of a parent's children that must match for sibling aggregation. */
  aggregationThreshold: number;
  /** Minimum matching children for sibling aggregation. */
  minAggregationMatches: number;
  /** A merged score is capped at this multiple of its best child. */
  scoreCapMultiplier: number;
  /** Levenshtein distance for fuzzy matching of terms of 4+ characters; 0 disables. */
  fuzzyDistance: 0 | 1;
  resultLimit: number;
  /** Snowball stemmer language, e.g. `english`; `none` disables stemming. */
  stemmer: string;
  exportFormat: ExportFormat;
  breadcrumbMode: BreadcrumbMode;
  /** Token budget for exports; null: none. */
  exportMaxTokens: number | null;
  /** Electron accelerator of the quick-search shortcut. */
  quickSearchHotkey: string;
  /** 'system' follows the OS. */
  theme: 'system' | 'light' | 'dark';
  /** Show each result's raw score (hidden by default: scores compare only within one search). */
  showScores: boolean;
}

/** A settings update: any subset of the fields. */
export type SettingsPatch = Partial<Omit<Settings, 'columnWeights'>> & {
  columnWeights?: Partial<ColumnWeights>;
};

/** What the app reports about the settings it could not apply (e.g. a taken shortcut). */
export interface SettingsState {
  settings: Settings;
  /** Per-setting problems, e.g. `{ quickSearchHotkey: 'already taken by another app' }`. */
  problems: Partial<Record<keyof Settings, string>>;
  /** Snowball languages the stemmer setting accepts. */
  stemmerLanguages: string[];
}

// ---------------------------------------------------------------------------------------------
// OS integration (the app implements these; the web bridge answers what a browser can do)

export interface OpenRequest {
  /** A node id; the file opens at the node's first line where the platform allows. */
  id: string;
}

/** What "open" did, so the window can say so. */
export interface OpenOutcome {
  /**
   * `obsidian`: the note of an Obsidian vault was handed to Obsidian (`obsidian://open`), at
   * `heading` when there is one; `default-app`: the OS default app opened the file at its top (no
   * platform's default-app call takes a line).
   */
  app: 'obsidian' | 'default-app';
  /** The file opened (absolute path). */
  file: string;
  /** The heading Obsidian was asked to show; null for a whole note or the default app. */
  heading: string | null;
}

export interface ExternalUrlRequest {
  /** Only http(s) and mailto URLs are opened. */
  url: string;
}

export interface TextRequest {
  text: string;
}

/** Where the UI runs, so it can offer what the environment allows. */
export interface Environment {
  kind: 'electron' | 'web';
  platform: string;
  /** A native folder picker is available (`pickFolder`). */
  canPickFolder: boolean;
  /** Files can be opened in the OS default app / revealed in the file manager. */
  canOpenFiles: boolean;
  version: string;
}

// ---------------------------------------------------------------------------------------------
// AI assistants (MCP; docs/mcp.md)

/** How an MCP client starts Folio's MCP server on this machine. */
export interface AssistantLaunch {
  /** The program: the app's own binary, or npm for the source tree (`npm run web`). */
  command: string;
  args: string[];
  /** Environment the program needs (`ELECTRON_RUN_AS_NODE` for the app's binary); may be empty. */
  env: Record<string, string>;
}

/** Which assistant a configuration is for. */
export type AssistantClient = 'claude-desktop' | 'claude-code' | 'cursor';

/** One assistant's configuration for this machine, ready to copy. */
export interface AssistantConfig {
  client: AssistantClient;
  /** The assistant's name, e.g. `Claude Desktop`. */
  name: string;
  /** Where the text goes: a file to add it to, or a terminal to run it in. */
  where: string;
  /** The configuration block or command. */
  text: string;
}

/** How to connect AI assistants to this Folio (Settings → Connect an AI assistant). */
export interface AssistantSetup {
  launch: AssistantLaunch;
  /** The index database the server reads (the one this UI shows). */
  database: string;
  configs: AssistantConfig[];
  /** Said above the blocks when they would not keep working as shown (an AppImage's files move). */
  warning?: string;
}

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

/** Runtime list of the request/response methods, in one place for preload, IPC and bridge. */
/** The longest text `copyText` takes, and so the longest export (characters). */
export const MAX_COPY_CHARS = 50_000_000;

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
