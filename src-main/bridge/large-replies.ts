// Calls whose answers can be as large as a note (a section's content, an export): at most a few
// are computed and sent at a time, the next starting once an earlier reply has left the process.
// 50 parallel `nodeContent` requests for a 30 MB note each held the note's text, its JSON and the
// socket's copy at once: the bridge reached 5.1 GB. Searches and the other calls never wait here.
import type { ApiMethod } from '#shared/contract/api.ts';

/** The methods whose replies grow with a note's size. */
const LARGE_REPLY_METHODS: ReadonlySet<ApiMethod> = new Set(['nodeContent', 'exportResults']);

/** True when `method`'s reply may be as large as a note. */
export function hasLargeReply(method: ApiMethod): boolean {
  return LARGE_REPLY_METHODS.has(method);
}

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
