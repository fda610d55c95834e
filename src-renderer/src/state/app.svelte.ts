// The main window's composition: one state object per concern, wired to the API's events, and
// the actions that span several of them (copy, open, reveal, show a node from quick search).
import type {
  ApiResult,
  Environment,
  FolioApi,
  IndexChanged,
  NodeContent,
} from '#shared/contract/api.ts';
import { ownTextNode } from '../lib/outline-tree.ts';
import { openNode } from '../lib/open-node.ts';
import { parseWikiTarget } from '../lib/wikilink-syntax.ts';
import { HistoryState, type HistoryStorage } from './history.svelte.ts';
import { NoticeState } from './notice.svelte.ts';
import { SearchState } from './search.svelte.ts';
import { SelectionState, type ExportScope } from './selection.svelte.ts';
import { CopyState } from './copy.svelte.ts';
import { AppSettingsState } from './settings.svelte.ts';
import { VaultsState } from './vaults.svelte.ts';
import { WikiLinksState } from './wikilinks.svelte.ts';

/** Which modal panel is open. */
export type Panel = 'none' | 'vaults' | 'settings';

/** How long new results stand before the preview and outline follow them. */
const PREVIEW_REST_MS = 150;

/** The most sections Alt+← goes back through. */
const MAX_TRAIL = 50;

/** Index changes arriving closer together than this are handled once (bulk indexing). */
const INDEX_CHANGE_COALESCE_MS = 250;

/** The main window's state objects and the actions that span them. */
export class AppState {
  readonly selection: SelectionState;
  readonly search: SearchState;
  readonly vaults: VaultsState;
  readonly settings: AppSettingsState;
  readonly notice = new NoticeState();
  readonly wikilinks: WikiLinksState;
  /** Recent searches and opened sections, shared with quick search. */
  readonly history: HistoryState;
  /** Copies, and the confirmation of a large one. */
  readonly copying: CopyState;
  /** What the environment allows (null until known). */
  environment = $state.raw<Environment | null>(null);
  /** The open modal panel. */
  panel = $state<Panel>('none');
  /** Sections shown before each one opened from them, latest last: Alt+← goes back. */
  trail = $state.raw<readonly string[]>([]);

  readonly #api: FolioApi;
  #pendingChange: ReturnType<typeof setTimeout> | null = null;
  /** Documents changed since the last handled burst, as `vault:path` (= docId). */
  #changedDocs: string[] = [];

  constructor(
    api: FolioApi,
    options: {
      debounceMs?: number;
      /** How long new results stand before preview and outline follow them (default 150 ms). */
      previewRestMs?: number;
      storage?: HistoryStorage | null;
      watchHistory?: (onChange: () => void) => () => void;
    } = {},
  ) {
    this.#api = api;
    this.wikilinks = new WikiLinksState(api);
    this.history = new HistoryState(options.storage ?? null, { watch: options.watchHistory });
    // A typist's keys come 100–200 ms apart: the preview's requests and rendering wait for a
    // pause, so they never hold up the next keystroke's results (docs/benchmarks.md#ui).
    this.selection = new SelectionState(api, {
      restMs: options.previewRestMs ?? PREVIEW_REST_MS,
      busy: () => this.search.status === 'loading',
    });
    this.search = new SearchState(api, {
      debounceMs: options.debounceMs,
      onResults: (results, again) => {
        // Another search: what was read before belongs to the search before.
        if (!again) this.trail = [];
        this.selection.resultsChanged(results, again);
      },
      sort: () => this.settings.settings?.resultSort ?? 'relevance',
    });
    this.vaults = new VaultsState(api);
    this.settings = new AppSettingsState(api, () => void this.search.rerun());
    this.copying = new CopyState(
      api,
      this.notice,
      () => this.settings.settings,
      () => this.rememberSearch(),
    );
  }

  /** Loads what the window shows and subscribes to events; returns the function that stops. */
  async start(): Promise<() => void> {
    const stops = [
      this.vaults.connect(),
      this.settings.connect(),
      this.#api.onIndexChanged((change) => this.#indexChanged(change)),
      // A vault added or removed changes what matches.
      this.#api.onVaultsChanged(() => {
        this.wikilinks.clear();
        void this.search.rerun();
      }),
      this.#api.onShowNode(({ id }) => void this.showNode(id)),
    ];
    const environment = await this.#api.environment();
    if (environment.ok) this.environment = environment.value;
    await Promise.all([this.settings.load(), this.vaults.load()]);
    return () => {
      stops.forEach((stop) => stop());
      this.history.close();
      if (this.#pendingChange !== null) clearTimeout(this.#pendingChange);
    };
  }

  /** Shows node `id`: as the current result when it is one, else in outline and preview only. */
  async showNode(id: string): Promise<void> {
    if (this.search.results.some((result) => result.id === id)) await this.selection.select(id);
    else await this.selection.showNode(id);
  }

  /**
   * The user opened node `id` on purpose (Enter or a click on a result, an outline row, a
   * wikilink, a recent section): show it, and remember the search and the section.
   */
  async open(id: string): Promise<void> {
    const before = this.selection.nodeId;
    await this.showNode(id);
    if (before !== null && before !== id && this.selection.nodeId === id)
      this.trail = [...this.trail.slice(1 - MAX_TRAIL), before];
    this.rememberSearch();
    const shown = this.selection.content;
    if (shown?.id === id)
      this.history.recordOpened({
        id,
        title: shown.title,
        breadcrumb: shown.displayBreadcrumb,
        vault: shown.vault,
        path: shown.path,
      });
  }

  /**
   * Alt+← or *Back*: shows the section shown before the last one opened (a wikilink, a backlink,
   * an outline row, a result), as a browser goes back (docs/ui.md#going-back).
   */
  async back(): Promise<void> {
    const previous = this.trail.at(-1);
    if (previous === undefined)
      return this.notice.show('Nothing to go back to: Alt+← returns to the section shown before.');
    this.trail = this.trail.slice(0, -1);
    await this.showNode(previous);
  }

  /**
   * Remembers the current search (its results were acted on); one that found nothing had none to
   * act on (docs/ui.md#history).
   */
  rememberSearch(): void {
    if (this.search.queries.length > 0 && this.search.results.length > 0)
      this.history.recordSearch(this.search.queries);
  }

  /** Follows wikilink `raw` of the shown note, or says that it leads nowhere. */
  async followWikiLink(raw: string): Promise<void> {
    const from = this.selection.content;
    if (!from) return;
    const id = await this.wikilinks.resolve(from, raw);
    if (id) return this.open(id);
    const target = parseWikiTarget(raw);
    const what = target.note || from.path;
    this.notice.show(
      target.heading && target.note === ''
        ? `No heading “${target.heading}” in ${what}.`
        : `No note or heading matches [[${raw}]] in the indexed vaults.`,
      true,
    );
  }

  /** A node's content (for embeds in the preview). */
  loadContent(id: string): Promise<ApiResult<NodeContent>> {
    return this.#api.nodeContent({ id });
  }

  /** Copies the results of `scope` ('checked' falls back to the current result when none is). */
  copy(scope: ExportScope): Promise<void> {
    let ids = this.selection.exportIds(scope);
    if (scope === 'checked' && ids.length === 0) ids = this.selection.exportIds('current');
    if (scope === 'current' && ids.length === 0 && this.selection.nodeId)
      ids = [this.selection.nodeId];
    return this.copying.copy(ids);
  }

  /**
   * Copies the node shown in the preview, with its subsections or its own text only — once what
   * is being shown has loaded: its own text is known from its outline, which arrives after the
   * preview (pressed in between, a note starting with its heading copied its frontmatter).
   */
  async copyShown(subsections = true): Promise<void> {
    await this.selection.settled();
    let id = this.selection.nodeId;
    // Its own text: a note that starts with its heading has none above it (docs/ui.md#copying).
    if (id && !subsections) id = ownTextNode(this.selection.outline, id)?.id ?? id;
    return this.copying.copy(id ? [id] : [], { subsections });
  }

  /** Alt+O: opens the shown node (in the browser: says that only the app can). */
  async openInEditor(): Promise<void> {
    const outcome = await openNode(this.#api, this.selection.nodeId);
    this.notice.show(outcome.message, !outcome.ok);
  }

  /** Alt+R: reveals the shown node's file (in the browser: says that only the app can). */
  async revealInFolder(): Promise<void> {
    const id = this.selection.nodeId;
    if (!id) return this.notice.show('Nothing to reveal: no result is selected.', true);
    const answer = await this.#api.revealInFolder({ id });
    if (answer.ok) this.notice.show('Shown in the file manager.');
    else this.notice.show(answer.error.message, true);
  }

  async openExternal(url: string): Promise<void> {
    const answer = await this.#api.openExternal({ url });
    if (!answer.ok) this.notice.show(answer.error.message, true);
  }

  /** Reruns the search once per burst of changes, and reloads the shown document if it changed. */
  #indexChanged(change: IndexChanged): void {
    for (const path of [...change.indexed, ...change.removed]) {
      this.#changedDocs.push(`${change.vault}:${path}`);
    }
    if (this.#pendingChange !== null) return;
    this.#pendingChange = setTimeout(async () => {
      this.#pendingChange = null;
      const changed = this.#changedDocs;
      this.#changedDocs = [];
      this.wikilinks.clear();
      await this.search.rerun();
      const docId = this.selection.outline?.docId ?? this.selection.content?.docId;
      if (docId && changed.includes(docId)) await this.selection.refresh();
    }, INDEX_CHANGE_COALESCE_MS);
  }
}
