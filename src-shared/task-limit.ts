// At most a few tasks at a time, the others in the order they came: the bridge's note-sized
// replies (src-main/bridge/large-replies.ts) and the preview's wikilink look-ups
// (docs/ui.md#the-preview) each keep a burst of calls from holding up the searches behind them.

/** Runs at most `limit` tasks at once, the others in the order they came. */
export class TaskLimit {
  readonly #limit: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** How many tasks run now (for tests and logs). */
  get running(): number {
    return this.#running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else this.#running++;
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next task; only when none waits is it freed.
      if (next) next();
      else this.#running--;
    }
  }
}
