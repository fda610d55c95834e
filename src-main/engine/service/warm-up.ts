// Warming an open index while nobody searches (docs/design.md#warming-before-typing): the first
// keystrokes of a word pay for loading what earlier searches did not (nodes, heading terms, file
// contents, the vocabulary), so an engine that serves a window warms them in the background once
// it opens. It yields to every
// search: it works only while no search runs or waits and none ended within `afterSearchMs` (a
// typist's keys come closer than that), in slices of at most `sliceMs`. When the index changes,
// what it warmed is dropped with the index state: it stops, and starts again once the index has
// stayed unchanged for `quietMs` (a vault being edited, an editor saving every few seconds, costs
// it nothing until the edits rest).
import type { WarmStep } from '../search/warm-walk.ts';

/** Work between two yields to the event loop, at most (a search arriving waits this long). */
export const WARM_SLICE_MS = 4;
/** Quiet after the last search before warming goes on: longer than the gap between two keys. */
export const AFTER_SEARCH_MS = 200;
/** How long after it saw the index change (or a step fail) warming starts again. */
export const QUIET_MS = 30_000;

/** The work: one step at a time, from the start again after a change. */
export interface Warming {
  restart(): void;
  step(): WarmStep;
}

/** The warmings one after the other: each next one starts when the one before is done. */
export function inTurn(...warmings: Warming[]): Warming {
  let at = 0;
  return {
    restart() {
      at = 0;
      warmings[0]?.restart();
    },
    step() {
      const step = warmings[at]?.step() ?? 'done';
      if (step !== 'done' || at + 1 >= warmings.length) return step;
      warmings[++at]!.restart();
      return 'more';
    },
  };
}

export interface WarmerOptions {
  warming: Warming;
  /** Milliseconds since the last search ended; 0 while one runs or waits. */
  sinceSearch: () => number;
  /** The index's state (it moves whenever the index changes); unchanged when not given. */
  indexState?: () => number;
  sliceMs?: number;
  afterSearchMs?: number;
  quietMs?: number;
}

/** Runs a `Warming` in the background, in slices, out of the searches' way. */
export class IndexWarmer {
  readonly #warming: Warming;
  readonly #sinceSearch: () => number;
  readonly #indexState: () => number;
  readonly #sliceMs: number;
  readonly #afterSearchMs: number;
  readonly #quietMs: number;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;
  #finished: Promise<void>;
  #finish: () => void = () => {};

  constructor(options: WarmerOptions) {
    this.#warming = options.warming;
    this.#sinceSearch = options.sinceSearch;
    this.#indexState = options.indexState ?? (() => 0);
    this.#sliceMs = options.sliceMs ?? WARM_SLICE_MS;
    this.#afterSearchMs = options.afterSearchMs ?? AFTER_SEARCH_MS;
    this.#quietMs = options.quietMs ?? QUIET_MS;
    this.#finished = new Promise((resolve) => (this.#finish = resolve));
  }

  /** Starts warming from the beginning. */
  start(): void {
    try {
      this.#warming.restart();
    } catch {
      return this.#afterQuiet();
    }
    this.#later(0);
  }

  /** Stops for good (the engine closes); `finished` resolves. */
  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#finish();
  }

  /** Resolves once everything is warmed (or the warmer stopped). */
  finished(): Promise<void> {
    return this.#finished;
  }

  /** The next slice in `ms` (it keeps the process alive: the engine's `close` stops it). */
  #later(ms: number, then: () => void = () => this.#slice()): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(then, ms);
  }

  #slice(): void {
    const since = this.#sinceSearch();
    if (since < this.#afterSearchMs) return this.#later(this.#afterSearchMs - since);
    const started = performance.now();
    let step: WarmStep;
    try {
      do step = this.#warming.step();
      while (step === 'more' && performance.now() - started < this.#sliceMs);
    } catch {
      step = 'changed'; // e.g. the database unreadable for a moment: a search will say why
    }
    if (step === 'more') return this.#later(0);
    if (step === 'done') return this.#finish();
    this.#afterQuiet();
  }

  /** Starts again once the index has stayed unchanged for `quietMs`, waiting on while it moves. */
  #afterQuiet(): void {
    const state = this.#state();
    this.#later(this.#quietMs, () => (this.#state() === state ? this.start() : this.#afterQuiet()));
  }

  /** The index's state, or NaN (never equal, so it waits on) while it cannot be read. */
  #state(): number {
    try {
      return this.#indexState();
    } catch {
      return NaN;
    }
  }
}
