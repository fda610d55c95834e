// Coalescing of watcher events. Only *which paths* changed matters: the indexer looks at the disk
// when it runs, so an editor's burst (write temp, rename, chmod; or unlink then add) for one path
// is one entry, whatever the events were. A batch is handed over once the vault has been quiet
// for `quietMs`, or `maxWaitMs` after its first event so a long storm still makes progress.

/** Timing of a change batcher. */
export interface BatchTiming {
  /** Hand over after this long without a new event (default 40 ms). */
  quietMs?: number;
  /** …but at the latest this long after the first event of the batch (default 400 ms). */
  maxWaitMs?: number;
}

/** Default timings: short enough for a save to be searchable in well under 250 ms. */
export const DEFAULT_TIMING: Required<BatchTiming> = { quietMs: 40, maxWaitMs: 400 };

/** Collects changed vault-relative paths and hands them over in batches. */
export class ChangeBatcher {
  private readonly paths = new Set<string>();
  private readonly timing: Required<BatchTiming>;
  private readonly deliver: (paths: string[]) => void;
  private quietTimer: NodeJS.Timeout | null = null;
  private firstAt = 0;

  constructor(deliver: (paths: string[]) => void, timing: BatchTiming = {}) {
    this.deliver = deliver;
    this.timing = { ...DEFAULT_TIMING, ...timing };
  }

  /** Notes a changed path ('' is the vault root). */
  add(path: string): void {
    const now = performance.now();
    if (this.paths.size === 0) this.firstAt = now;
    this.paths.add(path);
    if (this.quietTimer) clearTimeout(this.quietTimer);
    const wait = Math.min(this.timing.quietMs, this.firstAt + this.timing.maxWaitMs - now);
    this.quietTimer = setTimeout(() => this.flush(), Math.max(0, wait));
  }

  /** True while paths wait to be handed over. */
  get pending(): boolean {
    return this.paths.size > 0;
  }

  /** Hands over what was collected, now. */
  flush(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    if (this.paths.size === 0) return;
    const paths = [...this.paths];
    this.paths.clear();
    this.deliver(paths);
  }

  /** Drops what was collected (the vault went offline or is no longer watched). */
  dispose(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    this.paths.clear();
  }
}
