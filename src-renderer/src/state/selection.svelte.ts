// What the user is looking at: the result under the cursor, the results ticked for export, the
// node shown in the preview, and its document's outline. Outline and content requests each drop
// their stale responses, so fast arrowing through results never shows an older selection.
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

  /** The result under the cursor. */
  current = $derived(this.results.find((result) => result.id === this.currentId) ?? null);
  /** Parent/child links of the outline. */
  outlineIndex: OutlineIndex = $derived(indexOutline(namedNodes(this.outline)));
  /** Outline nodes that are results or were absorbed by one. */
  matched = $derived(matchedIds(this.results, this.outline?.docId ?? null));
  /** The outline rows to show. */
  rows = $derived(visibleRows(this.outlineIndex, this.collapsed, this.matched));
  /** Matched terms in the previewed markdown, as string ranges. */
  highlights = $derived(this.content ? previewHighlights(this.content, this.results) : []);

  readonly #api: FolioApi;
  #outlineRequest = 0;
  #contentRequest = 0;
  #showing: Promise<void> = Promise.resolve();

  constructor(api: FolioApi) {
    this.#api = api;
  }

  /** A new result list: keep the cursor where it was if that result is still there. */
  resultsChanged(results: readonly SearchResult[]): void {
    this.results = [...results];
    const ids = results.map((result) => result.id);
    for (const id of [...this.checked]) if (!ids.includes(id)) this.checked.delete(id);
    if (this.currentId !== null && ids.includes(this.currentId)) return;
    const first = results[0];
    if (first) void this.select(first.id);
    else this.reset();
  }

  /** Puts the cursor on result `id` and shows it. */
  async select(id: string): Promise<void> {
    if (!this.results.some((result) => result.id === id)) return;
    this.currentId = id;
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

  /** Shows node `id` in the preview and its document in the outline. */
  showNode(id: string): Promise<void> {
    this.#showing = this.#show(id);
    return this.#showing;
  }

  async #show(id: string): Promise<void> {
    this.nodeId = id;
    const request = ++this.#contentRequest;
    this.contentStatus = 'loading';
    const answer = await this.#api.nodeContent({ id });
    if (request !== this.#contentRequest) return;
    if (!answer.ok) {
      // Never leave the previous node on show under the failed one: its preview, or its
      // document's outline when the failed node is not in it, would pass for this node's.
      this.content = null;
      if (!this.outline?.nodes.some((node) => node.id === id)) this.outline = null;
      this.contentStatus = 'error';
      this.error = answer.error.message;
      return;
    }
    this.content = answer.value;
    this.contentStatus = 'ready';
    this.error = null;
    if (this.outline?.docId !== answer.value.docId) await this.#loadOutline(answer.value.docId);
    for (const shown of idsToReveal(this.outlineIndex, id)) this.collapsed.delete(shown);
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
    this.#outlineRequest += 1;
    this.#contentRequest += 1;
    this.currentId = null;
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
