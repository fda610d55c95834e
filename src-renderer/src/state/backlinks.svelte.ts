// "Linked from": the sections of other notes (or this one) that link to the document shown in the
// outline, loaded whenever that document changes and again when the index changes under it.
// Answers to an older document are dropped (docs/links.md#backlinks).
import type { Backlink, FolioApi } from '#shared/contract/api.ts';

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
    if (docId === null) {
      this.#request++;
      this.status = 'none';
      return Promise.resolve();
    }
    return this.#load(docId, true);
  }

  async #load(docId: string, fresh: boolean): Promise<void> {
    const request = ++this.#request;
    if (fresh) this.status = 'loading';
    const answer = await this.#api.links({ docId });
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
