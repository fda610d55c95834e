// "Linked from": the sections of other notes (or this one) that link to the document shown in the
// outline, loaded whenever that document changes and again when the index changes under it.
// Answers to an older document are dropped (docs/links.md#backlinks).
import type { Backlink, FolioApi } from '#shared/contract/api.ts';

/** The backlinks the engine sends by default; "Show all" asks for every one (docs/links.md#backlinks). */
const FIRST_PAGE = 200;
/** The most `links` returns in one answer (its schema's bound). */
const MOST = 100_000;

/** How far the list has come for the current document. */
export type BacklinksStatus = 'none' | 'loading' | 'ready' | 'error';

/** The backlinks of one document at a time. */
export class BacklinksState {
  /** The document whose backlinks are (being) shown. */
  docId = $state<string | null>(null);
  backlinks = $state.raw<Backlink[]>([]);
  /** Every backlink, also those beyond the page shown. */
  total = $state(0);
  status = $state<BacklinksStatus>('none');
  error = $state<string | null>(null);
  /** Whether the user asked for all of this document's backlinks, not only the first page. */
  #all = false;

  readonly #api: FolioApi;
  #request = 0;

  constructor(api: FolioApi) {
    this.#api = api;
  }

  /** Reloads the shown document's backlinks whenever the index changes. */
  connect(): () => void {
    return this.#api.onIndexChanged(() => {
      if (this.docId !== null) void this.#load(this.docId, false);
    });
  }

  /** Shows the backlinks of `docId` (null: none). Showing the same document again does nothing. */
  show(docId: string | null): Promise<void> {
    if (docId === this.docId) return Promise.resolve();
    this.docId = docId;
    this.backlinks = [];
    this.total = 0;
    this.error = null;
    this.#all = false;
    if (docId === null) {
      this.#request++;
      this.status = 'none';
      return Promise.resolve();
    }
    return this.#load(docId, true);
  }

  /**
   * Loads every backlink of the shown document, not only the first page (obsidian-hub's plugin
   * list has 2,207); the list shown stays until they come. Later reloads keep asking for all.
   */
  showAll(): Promise<void> {
    if (this.docId === null || this.total <= this.backlinks.length) return Promise.resolve();
    this.#all = true;
    return this.#load(this.docId, false);
  }

  async #load(docId: string, fresh: boolean): Promise<void> {
    const request = ++this.#request;
    if (fresh) this.status = 'loading';
    // The window shows no outgoing links: ask for as few as the API allows.
    const answer = await this.#api.links({
      docId,
      limit: this.#all ? MOST : FIRST_PAGE,
      outgoingLimit: 1,
    });
    if (request !== this.#request) return; // another document (or a newer load) took over
    if (answer.ok) {
      this.backlinks = answer.value.backlinks;
      this.total = answer.value.backlinkCount;
      this.status = 'ready';
      this.error = null;
    } else if (answer.error.code === 'not-found') {
      // The document left the index (removed or renamed): nothing links to it here any more.
      this.backlinks = [];
      this.total = 0;
      this.status = 'ready';
    } else {
      this.error = answer.error.message;
      this.status = 'error';
    }
  }
}
