// The quick-search window: one search box; its results (or, empty, recent searches and the
// sections opened most); a preview of the row under the cursor; actions on it from keys or the
// action menu. The last query is kept until it is acted on, also across reloads.
import type { Environment, FolioApi, SearchResult } from '#shared/contract/api.ts';
import { copyResults } from '../lib/export-text.ts';
import type { SectionInfo } from '../lib/history.ts';
import { openNode } from '../lib/open-node.ts';
import { quickActions, type QuickAction, type QuickActionId } from '../lib/quick-actions.ts';
import { quickRows, rowNode, type QuickRow } from '../lib/quick-rows.ts';
import type { HistoryState } from './history.svelte.ts';
import { NoticeState } from './notice.svelte.ts';
import { SearchState } from './search.svelte.ts';
import { SelectionState } from './selection.svelte.ts';
import { WikiLinksState } from './wikilinks.svelte.ts';

const LAST_QUERY_KEY = 'folio-quick-query';

/** Where the last query is remembered (localStorage in the page; anything alike in tests). */
export type QueryMemory = Pick<Storage, 'getItem' | 'setItem'>;

/** Options of a `QuickState`. */
export interface QuickOptions {
  /** Typing pause before a search is sent (default 0: every keystroke, one search at a time). */
  debounceMs?: number;
  /**
   * While results change under the typing, the preview waits until the results have stood this
   * long with no key typed and no search on its way (default 150 ms), so its requests and its
   * rendering do not hold up the next keystroke's search (a typist's keys come 100–200 ms
   * apart). Moving with the keys shows the row at once.
   */
  previewRestMs?: number;
}

/** The quick-search window's state. */
export class QuickState {
  readonly search: SearchState;
  /** What the preview shows (the row under the cursor) and the highlights in it. */
  readonly selection: SelectionState;
  readonly notice = new NoticeState();
  /** Index of the row under the cursor. */
  cursor = $state(0);
  /** The action menu (Ctrl/⌘+K) is open; `menuCursor` is its highlighted action. */
  menuOpen = $state(false);
  menuCursor = $state(0);
  /** What the environment allows (null until known). */
  environment = $state.raw<Environment | null>(null);
  /** Where the previewed note's wikilinks lead. */
  readonly wikilinks: WikiLinksState;

  /** The list: results, or history when the box is empty. */
  readonly rows: QuickRow[];
  /** The row under the cursor. */
  readonly current: QuickRow | null;
  /** The actions on the current row, as the menu lists them. */
  readonly actions: QuickAction[];

  readonly #api: FolioApi;
  readonly #memory: QueryMemory | null;
  readonly #history: HistoryState | null;
  readonly #previewRestMs: number;
  #previewTimer: ReturnType<typeof setTimeout> | null = null;
  /** The key of the row under the cursor (the list it was in may be gone). */
  #cursorKey: string | null = null;
  /**
   * The user put the cursor on its row (an arrow, a click): it stays on that row while the
   * results change. A cursor each answer put on its first row goes to the next answer's first.
   */
  #chosen = false;

  constructor(
    api: FolioApi,
    memory: QueryMemory | null,
    history: HistoryState | null,
    options: QuickOptions = {},
  ) {
    this.#api = api;
    this.#memory = memory;
    this.#history = history;
    this.#previewRestMs = options.previewRestMs ?? 150;
    this.selection = new SelectionState(api);
    this.wikilinks = new WikiLinksState(api);
    this.search = new SearchState(api, {
      debounceMs: options.debounceMs ?? 0,
      topics: [memory?.getItem(LAST_QUERY_KEY) ?? ''],
      onResults: (results, again) => this.#resultsChanged(results, again),
    });
    // Derived in the constructor: they read the search and history set just above.
    this.rows = $derived(
      quickRows(
        this.search.topics[0] ?? '',
        this.search.results,
        history?.searches ?? [],
        history?.sections ?? [],
      ),
    );
    this.current = $derived(this.rows[this.cursor] ?? null);
    this.actions = $derived(quickActions({ mac: this.environment?.platform === 'darwin' }));
  }

  /** Loads what the environment allows; call once when the page starts. */
  async start(): Promise<void> {
    const answer = await this.#api.environment();
    if (answer.ok) this.environment = answer.value;
    if (this.search.queries.length > 0) await this.search.run();
    else this.#preview(0);
  }

  /** The box's text changed: remember it and search. */
  type(text: string): void {
    this.#cancelPreview();
    this.search.setTopic(0, text);
    this.#memory?.setItem(LAST_QUERY_KEY, text);
    if (text.trim() === '') this.#cursorTo(null, 0);
  }

  /** ↑/↓: moves the cursor and shows the row. ↑ on the first row of an empty box recalls. */
  move(delta: number): string | null {
    if (delta < 0 && this.cursor === 0 && (this.search.topics[0] ?? '').trim() === '') {
      return this.recall();
    }
    if (this.rows.length === 0) return null;
    this.#cursorTo(null, Math.min(this.rows.length - 1, Math.max(0, this.cursor + delta)), 0);
    this.#chosen = true;
    return null;
  }

  /** A click on row `index`: the cursor goes there and the row is shown. */
  select(index: number): void {
    if (index < 0 || index >= this.rows.length) return;
    this.#cursorTo(null, index, 0);
    this.#chosen = true;
  }

  /** Puts the last search (one topic) back in the box; returns it, or null when there is none. */
  recall(): string | null {
    const last = this.#history?.searches.find((search) => search.topics.length === 1);
    if (!last) return null;
    this.type(last.topics[0]!);
    return last.topics[0]!;
  }

  /** Enter: a recent search goes back into the box; a result or section is copied. */
  activate(): Promise<void> {
    const row = this.current;
    if (row?.kind === 'search') {
      this.type(row.query);
      return Promise.resolve();
    }
    return this.run('copy');
  }

  /** Runs an action on the current row; the window hides once it is done. */
  async run(action: QuickActionId): Promise<void> {
    this.menuOpen = false;
    const row = this.current;
    const node = rowNode(row);
    if (node === null) return this.notice.show('Nothing to act on: no result is selected.', true);
    const outcome = await this.#perform(action, node);
    this.notice.show(outcome.message, !outcome.ok);
    if (!outcome.ok) return;
    this.#remember(row!);
    if (action === 'show') return;
    // Done: the next time quick search opens, it opens empty (↑ brings the query back).
    this.type('');
    await this.#api.hideQuickSearch();
  }

  /** A wikilink in the preview: its target is previewed (the list keeps its cursor). */
  async followWikiLink(raw: string): Promise<void> {
    const from = this.selection.content;
    const id = from ? await this.wikilinks.resolve(from, raw) : null;
    if (id) await this.selection.showNode(id);
    else this.notice.show(`No note or heading matches [[${raw}]] in the indexed vaults.`, true);
  }

  /** The index changed: links may lead elsewhere, results may differ. */
  indexChanged(): Promise<void> {
    this.wikilinks.clear();
    return this.search.rerun();
  }

  /** Ctrl/⌘+K: opens or closes the action menu. */
  toggleMenu(): void {
    this.menuOpen = !this.menuOpen && rowNode(this.current) !== null;
    this.menuCursor = 0;
  }

  moveMenu(delta: number): void {
    this.menuCursor = Math.min(this.actions.length - 1, Math.max(0, this.menuCursor + delta));
  }

  /**
   * Esc: closes the menu, or hides the window. A browser tab has no window to hide and stays as
   * it is, query kept: the status line says so rather than nothing happening
   * (docs/ui.md#quick-search).
   */
  escape(): Promise<unknown> {
    if (this.menuOpen) {
      this.menuOpen = false;
      return Promise.resolve();
    }
    if (this.environment?.kind === 'web')
      this.notice.show('Esc hides quick search in the app; a browser tab stays open.');
    return this.#api.hideQuickSearch();
  }

  async #perform(action: QuickActionId, id: string): Promise<{ ok: boolean; message: string }> {
    switch (action) {
      case 'copy':
        return copyResults(this.#api, [id], 'md');
      case 'open':
        return openNode(this.#api, id);
      case 'reveal': {
        const answer = await this.#api.revealInFolder({ id });
        return answer.ok
          ? { ok: true, message: 'Shown in the file manager.' }
          : { ok: false, message: answer.error.message };
      }
      case 'show': {
        const answer = await this.#api.showInMainWindow({ id });
        return answer.ok
          ? { ok: true, message: 'Shown in the main window.' }
          : { ok: false, message: answer.error.message };
      }
    }
  }

  /** An acted-on row goes into the history: its search, and the section. */
  #remember(row: QuickRow): void {
    if (!this.#history) return;
    const query = (this.search.topics[0] ?? '').trim();
    if (row.kind === 'result') {
      if (query !== '') this.#history.recordSearch([query]);
      this.#history.recordOpened(sectionInfo(row.result));
    } else if (row.kind === 'section') this.#history.recordOpened(row.section);
  }

  /** New results: the cursor stays on its row if the user put it there or they answer the same search again. */
  #resultsChanged(results: readonly SearchResult[], again: boolean): void {
    this.selection.results = [...results];
    this.#cursorTo(this.#chosen || again ? this.#cursorKey : null, 0);
  }

  /** Puts the cursor on the row `key` (if listed) or at `fallback`, and schedules its preview. */
  #cursorTo(key: string | null, fallback: number, delayMs = this.#previewRestMs): void {
    const at = key === null ? -1 : this.rows.findIndex((row) => row.key === key);
    this.cursor = at === -1 ? fallback : at;
    this.#chosen &&= at !== -1;
    this.#cursorKey = this.rows[this.cursor]?.key ?? null;
    this.menuOpen = false;
    this.#cancelPreview();
    if (delayMs === 0) this.#preview(this.cursor);
    else this.#previewTimer = setTimeout(() => this.#previewAtRest(), delayMs);
  }

  #cancelPreview(): void {
    if (this.#previewTimer !== null) clearTimeout(this.#previewTimer);
    this.#previewTimer = null;
  }

  /** The cursor rested: preview its row, unless a newer search is on its way (it reschedules). */
  #previewAtRest(): void {
    this.#previewTimer = null;
    if (this.search.status !== 'loading') this.#preview(this.cursor);
  }

  #preview(at: number): void {
    const node = rowNode(this.rows[at]);
    if (node === null) this.selection.reset();
    else if (node !== this.selection.nodeId) void this.selection.showNode(node);
  }
}

/** What the history keeps of a result. */
function sectionInfo(result: SearchResult): SectionInfo {
  const { id, title, breadcrumb, vault, path } = result;
  return { id, title, breadcrumb, vault, path };
}
