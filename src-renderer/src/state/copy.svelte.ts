// Copying from the main window (docs/ui.md#copying): the text is exported whole first, so its size
// is known before anything reaches the clipboard; a copy larger than the token budget (or, with
// none set, than LARGE_COPY_TOKENS) waits for the user: all of it, cut to the limit, or nothing.
import type { ExportFormat, ExportResponse, FolioApi, Settings } from '#shared/contract/api.ts';
import { copyExported, type CopyOptions } from '../lib/export-text.ts';
import type { NoticeState } from './notice.svelte.ts';

/** Without a token budget, copies larger than this many tokens are confirmed first. */
export const LARGE_COPY_TOKENS = 8_000;

/** A copy waiting for the user's choice. */
export interface PendingCopy {
  ids: string[];
  options: CopyOptions;
  format: ExportFormat;
  /** The whole export, already made. */
  exported: ExportResponse;
  /** The limit it passed: the token budget, or LARGE_COPY_TOKENS. */
  limit: number;
  /** The limit is the token budget setting (else the large-copy threshold). */
  isBudget: boolean;
}

/** What the user chose for a pending copy. */
export type CopyChoice = 'all' | 'cut' | 'cancel';

/** Exports, confirms when large, copies, and says what it did in the notice. */
export class CopyState {
  /** The copy waiting for a choice (the confirmation shows while it is set). */
  pending = $state.raw<PendingCopy | null>(null);

  readonly #api: FolioApi;
  readonly #notice: NoticeState;
  readonly #settings: () => Settings | null;
  readonly #copied: () => void;

  /** `copied` runs after each copy that reached the clipboard. */
  constructor(
    api: FolioApi,
    notice: NoticeState,
    settings: () => Settings | null,
    copied: () => void = () => {},
  ) {
    this.#api = api;
    this.#notice = notice;
    this.#settings = settings;
    this.#copied = copied;
  }

  /** Copies `ids` (in rank order); asks first when the export is larger than the limit. */
  async copy(ids: readonly string[], options: CopyOptions = {}): Promise<void> {
    if (ids.length === 0) return this.#notice.show('Nothing to copy: no result is selected.', true);
    const settings = this.#settings();
    const format = settings?.exportFormat ?? 'md';
    const budget = settings?.exportMaxTokens ?? null;
    const answer = await this.#api.exportResults({
      ids: [...ids],
      format,
      maxTokens: null,
      ...(options.subsections === false && { subsections: false }),
    });
    if (!answer.ok) return this.#notice.show(`Export failed: ${answer.error.message}`, true);
    const limit = budget ?? LARGE_COPY_TOKENS;
    const pending = { ids: [...ids], options, format, exported: answer.value, limit };
    if (answer.value.tokens > limit) this.pending = { ...pending, isBudget: budget !== null };
    else await this.#finish(pending.ids.length, format, answer.value, options);
  }

  /** A code block's Copy button: its text as it is, no export header (docs/ui.md#copying-a-command). */
  async copyCode(text: string): Promise<void> {
    const copied = await this.#api.copyText({ text });
    if (!copied.ok) return this.#notice.show(`Copy failed: ${copied.error.message}`, true);
    this.#notice.show(codeCopyMessage(text));
    this.#copied();
  }

  /** The user's answer to the pending copy. */
  async choose(choice: CopyChoice): Promise<void> {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    if (choice === 'cancel') return this.#notice.show('Nothing copied.');
    const { ids, options, format } = pending;
    if (choice === 'all') return this.#finish(ids.length, format, pending.exported, options);
    const cut = await this.#api.exportResults({
      ids,
      format,
      maxTokens: pending.limit,
      ...(options.subsections === false && { subsections: false }),
    });
    if (!cut.ok) return this.#notice.show(`Export failed: ${cut.error.message}`, true);
    await this.#finish(ids.length, format, cut.value, options);
  }

  async #finish(
    requested: number,
    format: ExportFormat,
    exported: ExportResponse,
    options: CopyOptions,
  ): Promise<void> {
    const outcome = await copyExported(this.#api, requested, format, exported, options);
    this.#notice.show(outcome.message, !outcome.ok);
    if (outcome.ok) this.#copied();
  }
}

/** Longest start of a copied command the message quotes. */
const QUOTED_CHARS = 60;

/** "Copied “tar cf {{target.tar}} {{file}}”." — the first line, cut to QUOTED_CHARS. */
export function codeCopyMessage(text: string): string {
  const lines = text.split('\n');
  const first = lines[0]!.trim();
  const cut = first.length > QUOTED_CHARS || lines.length > 1;
  const more = lines.length > 1 ? ` (${lines.length} lines)` : '';
  return `Copied “${first.slice(0, QUOTED_CHARS)}${cut ? '…' : ''}”${more}.`;
}
