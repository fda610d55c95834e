// The status line: one short message at a time (a copy done, an action failed), cleared after a
// few seconds. Read by screen readers through an aria-live region.

/** How long a message stays, in milliseconds. */
const NOTICE_MS = 5000;

/** The status line's current message. */
export class NoticeState {
  /** The message, or null when there is none. */
  text = $state<string | null>(null);
  /** Errors are shown in the error colour and stay until replaced. */
  isError = $state(false);
  #timer: ReturnType<typeof setTimeout> | null = null;

  show(text: string, isError = false): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.text = text;
    this.isError = isError;
    this.#timer = isError ? null : setTimeout(() => this.clear(), NOTICE_MS);
  }

  clear(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.text = null;
  }
}
