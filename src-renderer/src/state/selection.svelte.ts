// What the user is looking at: the result under the cursor, the results ticked for export, the
// node shown in the preview, and its document's outline. Outline and content requests each drop
// their stale responses, so fast arrowing through results never shows an older selection. While
// results change under the typing, the cursor follows them at once but the preview, the outline
// and their marks wait until the results have stood `restMs` with no search on its way: their
// requests and rendering would otherwise hold up the next keystroke's results.
import type { FolioApi, NodeContent, OutlineResponse, SearchResult } from '#shared/contract/api.ts';
import { SvelteSet } from 'svelte/reactivity';
import {
  idsToReveal,
  indexOutline,
  matchedIds,
  namedNodes,
  visibleRows,
  type OutlineIndex,
} from '../lib/outline-tree.ts';
import { previewHighlights } from '../lib/highlight.ts';

/** How a panel's data stands. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Which results an export covers. */
export type ExportScope = 'current' | 'checked' | 'all';

/** Cursor, ticked results, shown node, its outline and content. */
export class SelectionState {
  /** The results the selection is over, replaced by `resultsChanged`. */
  results = $state.raw<SearchResult[]>([]);
  /** Id of the result under the cursor. */
  currentId = $state<string | null>(null);
  /** Ids of the results ticked for export. */
  readonly checked = new SvelteSet<string>();
  /** Id of the node the preview shows (the current result, or an outline node). */
  nodeId = $state<string | null>(null);
  /** The outline of the shown node's document. */
  outline = $state.raw<OutlineResponse | null>(null);
  /** The shown node's content. */
  content = $state.raw<NodeContent | null>(null);
  /** Outline nodes whose children are hidden. */
  readonly collapsed = new SvelteSet<string>();
  /** How the outline and the content stand. */
  outlineStatus = $state<LoadStatus>('idle');
  contentStatus = $state<LoadStatus>('idle');
  /** Why the outline or the content could not be loaded. */
  error = $state<string | null>(null);
  /**
   * The cursor is on a result that the preview and outline do not show yet (they follow it once
   * the results stand): what they show is the result before, and is dimmed as such.
   */
  following = $state(false);

  /** The result under the cursor. */
  current = $derived(this.results.find((result) => result.id === this.currentId) ?? null);
  /** The results the outline marks and the preview highlights follow (once they stood). */
  shownResults = $state.raw<SearchResult[]>([]);
  /** Parent/child links of the outline. */
  outlineIndex: OutlineIndex = $derived(indexOutline(namedNodes(this.outline)));
  /** Outline nodes that are results or were absorbed by one. */
  matched = $derived(matchedIds(this.shownResults, this.outline?.docId ?? null));
  /** The outline rows to show. */
  rows = $derived(visibleRows(this.outlineIndex, this.collapsed, this.matched));
  /** Matched terms in the previewed markdown, as string ranges. */
  highlights = $derived(this.content ? previewHighlights(this.content, this.shownResults) : []);

  readonly #api: FolioApi;
  readonly #restMs: number;
  readonly #busy: () => boolean;
  #outlineRequest = 0;
  #contentRequest = 0;
  #showing: Promise<void> = Promise.resolve();
  #restTimer: ReturnType<typeof setTimeout> | null = null;
  /** The cursor moved to a new first result: the preview follows it at rest. */
  #showAtRest = false;
  /**
   * The user put the cursor on its result (an arrow, a click, Enter): it stays on that result
   * while the list changes. A cursor each answer put on its first result goes to the next
   * answer's first — unless the answer is the same search again (docs/ui.md#results).
   */
  #chosen = false;

  /**
   * `restMs`: how long new results stand before the preview and outline follow them (default 0:
   * at once); `busy`: true while a newer search is on its way (the rest starts again after it).
   */
  constructor(api: FolioApi, options: { restMs?: number; busy?: () => boolean } = {}) {
    this.#api = api;
    this.#restMs = options.restMs ?? 0;
    this.#busy = options.busy ?? (() => false);
  }

  /**
   * A new result list: keep the cursor on its result if it is still there and the user chose it
   * or the list answers the same search `again` (a note changed: the one being read stays), else
   * put it on the first; the preview and outline follow once the list has stood.
   */
  resultsChanged(results: readonly SearchResult[], again = false): void {
    this.results = [...results];
    const ids = results.map((result) => result.id);
    for (const id of [...this.checked]) if (!ids.includes(id)) this.checked.delete(id);
    if (results.length === 0) return this.reset();
    const stays =
      this.currentId !== null &&
      ids.includes(this.currentId) &&
      (this.#chosen || again || this.currentId === ids[0]);
    if (!stays) {
      this.#chosen = false;
      this.currentId = ids[0]!;
    }
    this.#showAtRest ||= !stays;
    this.following = this.#showAtRest;
    this.#cancelRest();
    if (this.#restMs === 0) return this.#atRest();
    this.#restTimer = setTimeout(() => this.#atRest(), this.#restMs);
  }

  /** The results stood: the preview and outline follow them (later, if a search is on its way). */
  #atRest(): void {
    this.#restTimer = null;
    if (this.#busy()) return; // that search's results start the rest again
    if (this.#showAtRest && this.currentId !== null) void this.showNode(this.currentId);
    else this.shownResults = this.results;
  }

  #cancelRest(): void {
    if (this.#restTimer !== null) clearTimeout(this.#restTimer);
    this.#restTimer = null;
  }

  /** Puts the cursor on result `id` and shows it. */
  async select(id: string): Promise<void> {
    if (!this.results.some((result) => result.id === id)) return;
    this.currentId = id;
    this.#chosen = true;
    await this.showNode(id);
  }

  /** Moves the cursor by `delta` results (clamped); returns the new current id. */
  move(delta: number): string | null {
    if (this.results.length === 0) return null;
    const at = this.results.findIndex((result) => result.id === this.currentId);
    const next = at === -1 ? 0 : Math.min(this.results.length - 1, Math.max(0, at + delta));
    const target = this.results[next]!;
    void this.select(target.id);
    return target.id;
  }

  /** Resolves when the latest `showNode` has loaded (for moving the focus into the outline). */
  settled(): Promise<void> {
    return this.#showing;
  }

  /** Shows node `id` in the preview and its document in the outline (at once). */
  showNode(id: string): Promise<void> {
    this.#cancelRest();
    this.#showAtRest = false;
    this.#showing = this.#show(id, this.results);
    return this.#showing;
  }

  async #show(id: string, results: SearchResult[]): Promise<void> {
    this.nodeId = id;
    const request = ++this.#contentRequest;
    this.contentStatus = 'loading';
    const answer = await this.#api.nodeContent({ id });
    if (request !== this.#contentRequest) return;
    // The marks change with the section they mark: the section being replaced is not marked (and
    // rendered) once more for results that are not its own (docs/ui.md#the-preview).
    this.shownResults = results;
    if (!answer.ok) {
      // Never leave the previous node on show under the failed one: its preview, or its
      // document's outline when the failed node is not in it, would pass for this node's.
      this.content = null;
      if (!this.outline?.nodes.some((node) => node.id === id)) this.outline = null;
      this.contentStatus = 'error';
      this.error = answer.error.message;
      this.following = false;
      return;
    }
    this.content = answer.value;
    this.contentStatus = 'ready';
    this.error = null;
    if (this.outline?.docId !== answer.value.docId) await this.#loadOutline(answer.value.docId);
    for (const shown of idsToReveal(this.outlineIndex, id)) this.collapsed.delete(shown);
    if (request === this.#contentRequest && !this.#showAtRest) this.following = false;
  }

  /** Reloads the outline and the preview (the index changed under them). */
  async refresh(): Promise<void> {
    if (this.nodeId === null) return;
    const docId = this.outline?.docId;
    this.outline = null;
    if (docId) await this.#loadOutline(docId);
    await this.showNode(this.nodeId);
  }

  /** Forgets everything shown (no results). */
  reset(): void {
    this.#cancelRest();
    this.#showAtRest = false;
    this.#chosen = false;
    this.shownResults = [];
    this.#outlineRequest += 1;
    this.#contentRequest += 1;
    this.currentId = null;
    this.following = false;
    this.nodeId = null;
    this.outline = null;
    this.content = null;
    this.outlineStatus = 'idle';
    this.contentStatus = 'idle';
  }

  toggleChecked(id: string): void {
    if (!this.checked.delete(id)) this.checked.add(id);
  }

  /** Ticks every result, or unticks them all when all are ticked. */
  toggleAll(): void {
    const all = this.results.length > 0 && this.checked.size === this.results.length;
    this.checked.clear();
    if (!all) for (const result of this.results) this.checked.add(result.id);
  }

  toggleCollapsed(id: string): void {
    if (!this.collapsed.delete(id)) this.collapsed.add(id);
  }

  /** The ids an export of `scope` covers, in rank order. */
  exportIds(scope: ExportScope): string[] {
    if (scope === 'all') return this.results.map((result) => result.id);
    if (scope === 'checked') {
      return this.results
        .filter((result) => this.checked.has(result.id))
        .map((result) => result.id);
    }
    return this.currentId === null ? [] : [this.currentId];
  }

  async #loadOutline(docId: string): Promise<void> {
    const request = ++this.#outlineRequest;
    this.outlineStatus = 'loading';
    const answer = await this.#api.outline({ docId });
    if (request !== this.#outlineRequest) return;
    if (answer.ok) {
      this.outline = answer.value;
      this.outlineStatus = 'ready';
    } else {
      this.outlineStatus = 'error';
      this.error = answer.error.message;
    }
  }
}
