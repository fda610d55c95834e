// The quick-search window (issue 6): one search box, merged results, and keyboard actions on the
// result under the cursor. The last query is kept, also across reloads.
import type { FolioApi, SearchResult } from '#shared/contract/api.ts';
import { copyResults } from '../lib/export-text.ts';
import { openNode } from '../lib/open-node.ts';
import { NoticeState } from './notice.svelte.ts';
import { SearchState } from './search.svelte.ts';

const LAST_QUERY_KEY = 'folio-quick-query';

/** Where the last query is remembered (localStorage in the page; anything alike in tests). */
export type QueryMemory = Pick<Storage, 'getItem' | 'setItem'>;

/** The quick-search window's state: its search, cursor and status line. */
export class QuickState {
  readonly search: SearchState;
  readonly notice = new NoticeState();
  /** Index of the result under the cursor. */
  cursor = $state(0);

  readonly #api: FolioApi;
  readonly #memory: QueryMemory | null;

  constructor(api: FolioApi, memory: QueryMemory | null, options: { debounceMs?: number } = {}) {
    this.#api = api;
    this.#memory = memory;
    this.search = new SearchState(api, {
      debounceMs: options.debounceMs ?? 0,
      topics: [memory?.getItem(LAST_QUERY_KEY) ?? ''],
      onResults: (results) => {
        const id = this.current?.id;
        const at = results.findIndex((result) => result.id === id);
        this.cursor = at === -1 ? 0 : at;
      },
    });
  }

  /** The result under the cursor. */
  get current(): SearchResult | null {
    return this.search.results[this.cursor] ?? null;
  }

  /** The box's text changed: remember it and search. */
  type(text: string): void {
    this.search.setTopic(0, text);
    this.#memory?.setItem(LAST_QUERY_KEY, text);
  }

  move(delta: number): void {
    const last = this.search.results.length - 1;
    if (last < 0) return;
    this.cursor = Math.min(last, Math.max(0, this.cursor + delta));
  }

  /** Enter: copy the current result as Markdown, then hide the window. */
  async copyAndHide(): Promise<void> {
    const result = this.current;
    if (!result) return;
    const outcome = await copyResults(this.#api, [result.id], 'md');
    this.notice.show(outcome.message, !outcome.ok);
    if (outcome.ok) await this.#api.hideQuickSearch();
  }

  /** Shift+Enter / Alt+O: open the current result (in Obsidian at its heading, or the default app). */
  async open(): Promise<void> {
    if (!this.current) return;
    const outcome = await openNode(this.#api, this.current.id);
    this.notice.show(outcome.message, !outcome.ok);
    if (outcome.ok) await this.#api.hideQuickSearch();
  }

  /** Ctrl/Cmd+Enter: show the current result in the main window. */
  async showInMainWindow(): Promise<void> {
    if (!this.current) return;
    const answer = await this.#api.showInMainWindow({ id: this.current.id });
    if (!answer.ok) this.notice.show(answer.error.message, true);
    else this.notice.show('Shown in the main window.');
  }

  hide(): Promise<unknown> {
    return this.#api.hideQuickSearch();
  }
}
