// The engine's searches, one at a time, where a newer search from the same window supersedes an
// older one (docs/design.md#a-newer-search-supersedes-an-older-one). A search marked with its
// window (`client`) and that window's sequence number (`seq`) is answered `superseded` when a
// newer one from the same window arrives while it waits, or at its next pause while it runs; an
// unmarked search (CLI, MCP) is never superseded. A running search pauses between its stages
// (`Pause`): after `sliceMs` of work it yields to the event loop, so requests that arrived meanwhile
// are read and can supersede it; between two searches the queue yields too.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { FolioError } from '#shared/contract/engine.ts';
import type { SearchTicket } from '#shared/contract/api.ts';

/** Work of a search between two pauses, at most (when nothing else waits it is not noticed). */
export const SLICE_MS = 8;

/** The most windows whose latest sequence number is remembered (one per window open). */
const REMEMBERED_CLIENTS = 64;

/** Called by a running search between its stages: may yield; throws when it was superseded. */
export type Pause = () => Promise<void> | void;

interface Job {
  ticket: SearchTicket | undefined;
  work: (pause: Pause) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  superseded: boolean;
}

/** The error a superseded search is answered with (the window ignores it). */
export function supersededError(ticket: SearchTicket): FolioError {
  return new FolioError(
    'superseded',
    `search ${ticket.seq} of ${ticket.client} was superseded by a newer search from that window`,
  );
}

/** Runs searches one at a time; newer ones from a window supersede that window's older ones. */
export class SearchQueue {
  readonly #sliceMs: number;
  readonly #waiting: Job[] = [];
  #running: Job | null = null;
  #draining = false;
  /** When the last search ended (`performance.now()`; -Infinity: none yet). */
  #lastEnded = -Infinity;
  /** The newest sequence number seen per window (oldest window first, bounded). */
  readonly #latest = new Map<string, number>();

  constructor(options: { sliceMs?: number } = {}) {
    this.#sliceMs = options.sliceMs ?? SLICE_MS;
  }

  /** Searches waiting (not running), for tests and diagnostics. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Milliseconds since the last search ended (Infinity: none yet); 0 while one runs or waits. */
  sinceSearch(): number {
    return this.#draining ? 0 : performance.now() - this.#lastEnded;
  }

  /**
   * Runs `work` when its turn comes; `work` calls the pause it is given between stages. Rejects
   * with `supersededError` when a newer search of the same window came first.
   */
  run<T>(ticket: SearchTicket | undefined, work: (pause: Pause) => Promise<T>): Promise<T> {
    if (ticket && this.#isStale(ticket)) return Promise.reject(supersededError(ticket));
    if (ticket) this.#supersedeOlder(ticket);
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        ticket,
        work,
        resolve: resolve as (value: unknown) => void,
        reject,
        superseded: false,
      };
      this.#waiting.push(job);
      if (!this.#draining) void this.#drain();
    });
  }

  /** True when a newer search of this window was already seen (requests may cross on the way). */
  #isStale(ticket: SearchTicket): boolean {
    const latest = this.#latest.get(ticket.client);
    return latest !== undefined && latest > ticket.seq;
  }

  /** Drops this window's older waiting searches and marks its running one superseded. */
  #supersedeOlder(ticket: SearchTicket): void {
    this.#latest.delete(ticket.client);
    this.#latest.set(ticket.client, ticket.seq);
    if (this.#latest.size > REMEMBERED_CLIENTS) {
      this.#latest.delete(this.#latest.keys().next().value!);
    }
    const older = (job: Job) => job.ticket?.client === ticket.client && job.ticket.seq < ticket.seq;
    for (let at = this.#waiting.length - 1; at >= 0; at -= 1) {
      const job = this.#waiting[at]!;
      if (!older(job)) continue;
      this.#waiting.splice(at, 1);
      job.reject(supersededError(job.ticket!));
    }
    if (this.#running && older(this.#running)) this.#running.superseded = true;
  }

  /** Runs the waiting searches in order; the first at once, each next one after a turn. */
  async #drain(): Promise<void> {
    this.#draining = true;
    let first = true;
    for (;;) {
      if (!first) await nextTurn();
      first = false;
      const job = this.#waiting.shift();
      if (!job) break;
      this.#running = job;
      try {
        job.resolve(await job.work(this.#pauseFor(job)));
      } catch (error) {
        job.reject(error);
      } finally {
        this.#running = null;
      }
    }
    this.#draining = false;
    this.#lastEnded = performance.now();
  }

  /** The pause a running search calls: a turn of the event loop once its slice is used up. */
  #pauseFor(job: Job): Pause {
    let sliceStart = performance.now();
    const check = () => {
      if (job.superseded) throw supersededError(job.ticket!);
    };
    return () => {
      check();
      if (performance.now() - sliceStart < this.#sliceMs) return;
      return nextTurn().then(() => {
        sliceStart = performance.now();
        check();
      });
    };
  }
}
