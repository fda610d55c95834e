// Search history of both windows (recent searches, frecent sections), kept in the page's storage
// under one key: each window writes its change and hears the other's through the `storage`
// event, so quick search and the main window show one history
// (docs/decisions.md#search-history).
import {
  HISTORY_KEY,
  emptyHistory,
  forget,
  frecentSections,
  lastSearch,
  parseHistory,
  recordOpened,
  recordSearch,
  type HistoryData,
  type OpenedSection,
  type RecentSearch,
  type SectionInfo,
} from '../lib/history.ts';

/** Where history is kept: `localStorage` in the page, a plain object in tests. */
export type HistoryStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Options of a `HistoryState`. */
export interface HistoryOptions {
  /** The clock (tests move it). */
  now?: () => number;
  /** Subscribes to changes made by another window; returns the unsubscribe function. */
  watch?: (onChange: () => void) => () => void;
}

/** The `storage` event of `window`, for `HistoryOptions.watch`. */
export function watchOtherWindows(target: Window): HistoryOptions['watch'] {
  return (onChange) => {
    const listener = (event: StorageEvent) => {
      if (event.key === HISTORY_KEY || event.key === null) onChange();
    };
    target.addEventListener('storage', listener);
    return () => target.removeEventListener('storage', listener);
  };
}

/** Recent searches and opened sections, persisted on every change. */
export class HistoryState {
  readonly #storage: HistoryStorage | null;
  readonly #now: () => number;
  readonly #stop: () => void;
  /** Everything kept, replaced wholesale on each change. */
  data = $state.raw<HistoryData>(emptyHistory());
  /** Newest first. */
  searches: RecentSearch[] = $derived(this.data.searches.slice(0, 8));

  constructor(storage: HistoryStorage | null, options: HistoryOptions = {}) {
    this.#storage = storage;
    this.#now = options.now ?? Date.now;
    this.data = this.#read();
    this.#stop = options.watch?.(() => (this.data = this.#read())) ?? (() => {});
  }

  /** The most frecent sections, most frecent first. */
  get sections(): OpenedSection[] {
    return frecentSections(this.data, this.#now());
  }

  /** The latest search's topics, for ↑ in an empty box. */
  get last(): string[] | null {
    return lastSearch(this.data);
  }

  /** The user acted on the results of `topics` (opened, copied, pressed Enter). */
  recordSearch(topics: readonly string[]): void {
    this.#write(recordSearch(this.#read(), topics, this.#now()));
  }

  /** The user opened a section on purpose (not the cursor resting on the first result). */
  recordOpened(section: SectionInfo): void {
    this.#write(recordOpened(this.#read(), section, this.#now()));
  }

  forget(item: { topics: string[] } | { id: string }): void {
    this.#write(forget(this.#read(), item));
  }

  clear(): void {
    this.#write(emptyHistory());
  }

  /** Stops following the other windows. */
  close(): void {
    this.#stop();
  }

  #read(): HistoryData {
    try {
      return parseHistory(this.#storage?.getItem(HISTORY_KEY) ?? null);
    } catch {
      // Storage can be refused (a locked-down profile): history then lives for the page only.
      return this.data;
    }
  }

  #write(data: HistoryData): void {
    this.data = data;
    try {
      this.#storage?.setItem(HISTORY_KEY, JSON.stringify(data));
    } catch {
      // Full or refused storage: keep it for this page's life rather than fail the action.
    }
  }
}
