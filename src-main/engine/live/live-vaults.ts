// Live vaults: a watcher per followed vault feeding the index scheduler, pause/resume, and vault
// folders that come and go. A folder that vanishes (a moved folder) or is left empty by an
// unmounted disk (`vault-root.ts`) makes its vault `offline`: the watcher stops, the index is kept
// and stays searchable, and a cheap check of the roots brings the vault back — reconciled — when
// its folder is there again.
import { type BatchTiming, ChangeBatcher } from './change-batcher.ts';
import type { IndexScheduler } from '../indexing/index-scheduler.ts';
import { type DeviceOf, vaultRootState } from '../files/vault-root.ts';
import { watchVault, type VaultWatcher } from './vault-watcher.ts';

/** Timings of live vaults (the defaults suit the app, the CLI and the tests). */
export interface LiveOptions extends BatchTiming {
  /** How often the followed vault folders are checked for presence (default 1000 ms). */
  rootCheckMs?: number;
  /** The device a path is on (default `stat().dev`); tests fake an unmounted disk with it. */
  deviceOf?: DeviceOf;
}

/** What live vaults need from the engine. */
export interface LiveDeps {
  /** Where reported paths and whole reconciles go. */
  scheduler: IndexScheduler;
  /**
   * The root, ignore globs and last device (null: unknown) of a registered vault, or undefined
   * once it was removed.
   */
  vault(name: string): { root: string; ignore: string[]; device: number | null } | undefined;
  /** Something a vault's status depends on changed. */
  onChange(): void;
  /** The watch thread's entry (bundled builds; `VaultWatchOptions.workerFile`). */
  watchWorkerFile?: string;
}

/**
 * A vault whose watch thread ended this many times within `THREAD_LOSS_WINDOW_MS` is no longer
 * watched again on its own: a thread that cannot keep running would be restarted forever.
 */
const MAX_THREAD_LOSSES = 3;
const THREAD_LOSS_WINDOW_MS = 60_000;

/** The live state of a vault. */
export type LiveState = 'watching' | 'paused' | 'offline';

interface Followed {
  name: string;
  watcher: VaultWatcher | null;
  batcher: ChangeBatcher;
  offline: boolean;
  /** Bumped on every start and stop: a watcher that finishes starting late knows it is stale. */
  generation: number;
  /** The last watching problem (e.g. the watch limit), shown as status `error`. */
  problem: string | undefined;
  polling: boolean;
  /** The latest start of the watcher. */
  starting: Promise<void>;
  /** True until the latest start has settled. */
  startingNow: boolean;
  /** Stops the latest start's initial scan (a stop never waits for it). */
  startStop: AbortController;
  /** The whole reconcile queued when watching started. */
  reconciled: Promise<void>;
  /** When its watch thread ended lately (`MAX_THREAD_LOSSES`). */
  threadLosses: number[];
}

/** The followed vaults. */
export class LiveVaults {
  private readonly deps: LiveDeps;
  private readonly options: LiveOptions;
  private readonly followed = new Map<string, Followed>();
  private pausedNow = false;
  private readonly timer: NodeJS.Timeout;

  constructor(deps: LiveDeps, options: LiveOptions = {}) {
    this.deps = deps;
    this.options = options;
    this.timer = setInterval(() => this.checkRoots(), options.rootCheckMs ?? 1000);
    this.timer.unref();
  }

  /**
   * Starts following a vault: watching it, then reconciling it whole (so nothing that changes
   * meanwhile is missed). Resolves once that reconcile is committed (also for a vault followed
   * already, whose latest start is awaited).
   */
  async follow(name: string): Promise<void> {
    const known = this.followed.get(name);
    if (known) {
      await known.starting;
      return known.reconciled;
    }
    const entry: Followed = {
      name,
      watcher: null,
      batcher: new ChangeBatcher((paths) => this.deliver(name, paths), this.options),
      offline: false,
      generation: 0,
      problem: undefined,
      polling: false,
      starting: Promise.resolve(),
      startingNow: false,
      startStop: new AbortController(),
      reconciled: Promise.resolve(),
      threadLosses: [],
    };
    this.followed.set(name, entry);
    await this.begin(entry);
    await entry.reconciled;
  }

  /** Stops following a vault (removed). */
  async unfollow(name: string): Promise<void> {
    const entry = this.followed.get(name);
    if (!entry) return;
    this.followed.delete(name);
    await this.stop(entry);
  }

  /** Restarts a vault's watcher with its current ignore globs, then reconciles it whole. */
  async restart(name: string): Promise<void> {
    const entry = this.followed.get(name);
    if (!entry) return;
    await this.stop(entry);
    await this.begin(entry);
  }

  /** Pauses (every watcher stops) or resumes (watchers restart, each vault is reconciled). */
  async setPaused(paused: boolean): Promise<void> {
    if (paused === this.pausedNow) return;
    this.pausedNow = paused;
    const entries = [...this.followed.values()];
    if (paused) await Promise.all(entries.map((entry) => this.stop(entry)));
    else await Promise.all(entries.map((entry) => this.begin(entry)));
    this.deps.onChange();
  }

  /** True while watching is paused (`setWatching(false)`). */
  get paused(): boolean {
    return this.pausedNow;
  }

  /** The live state of a followed vault; undefined when it is not followed. */
  state(name: string): LiveState | undefined {
    const entry = this.followed.get(name);
    if (!entry) return undefined;
    if (entry.offline) return 'offline';
    return this.pausedNow ? 'paused' : 'watching';
  }

  /**
   * True while a followed vault's watcher starts or restarts: a whole reconcile of it follows
   * (its status is `indexing` from now, not once that reconcile is queued).
   */
  starting(name: string): boolean {
    return this.followed.get(name)?.startingNow === true;
  }

  /**
   * True while a followed vault is not caught up with what its watcher saw: its watcher is
   * starting or restarting, a folder's name waits to be looked at, reported paths wait to be
   * handed over, or an indexing job of the vault waits, runs or is to be retried (a paused or
   * offline vault is idle once its job ends). `cli watch --json` prints `idle` when none is
   * (docs/design.md#command-line).
   */
  busy(name: string): boolean {
    const entry = this.followed.get(name);
    if (!entry) return false;
    const watching = entry.startingNow || entry.batcher.pending || entry.watcher?.busy() === true;
    return watching || this.deps.scheduler.busy(name);
  }

  /** Why watching a vault is in trouble, if it is. */
  problem(name: string): string | undefined {
    return this.followed.get(name)?.problem;
  }

  /** A job failed: if the vault's folder is gone, that is the reason. */
  checkRoot(name: string): void {
    const entry = this.followed.get(name);
    if (entry && !this.pausedNow) this.checkEntry(entry);
  }

  /** Stops every watcher and the root checks. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const entries = [...this.followed.values()];
    this.followed.clear();
    await Promise.all(entries.map((entry) => this.stop(entry)));
  }

  private begin(entry: Followed): Promise<void> {
    const starting = this.start(entry);
    entry.starting = starting;
    entry.startingNow = true;
    const settled = () => {
      if (entry.starting === starting) entry.startingNow = false;
    };
    starting.then(settled, settled);
    return starting;
  }

  /** Starts the watcher and queues a whole reconcile (`entry.reconciled`) once it is ready. */
  private async start(entry: Followed): Promise<void> {
    if (this.pausedNow) return;
    const generation = ++entry.generation;
    const vault = this.deps.vault(entry.name);
    if (!vault) return;
    if (this.isOffline(vault)) return this.goOffline(entry);
    entry.offline = false;
    const stop = new AbortController();
    entry.startStop = stop;
    let watcher: VaultWatcher;
    try {
      watcher = await watchVault(
        vault.root,
        {
          ignore: vault.ignore,
          polling: entry.polling,
          signal: stop.signal,
          workerFile: this.deps.watchWorkerFile,
        },
        {
          changed: (path) => entry.batcher.add(path),
          rootGone: () => this.checkEntry(entry, true),
          error: (message) => this.watchError(entry, message),
          lost: (message) => this.watchLost(entry, message),
        },
      );
    } catch (error) {
      if (stop.signal.aborted) return; // stopped (or restarted) while it was scanning
      // e.g. an ignore glob stored before globs were checked: shown as status `error`
      entry.problem = `watching ${vault.root} failed: ${(error as Error).message}`;
      this.deps.onChange();
      return;
    }
    if (generation !== entry.generation || this.followed.get(entry.name) !== entry) {
      await watcher.close(); // stopped (or restarted) while it was starting
      return;
    }
    entry.watcher = watcher;
    entry.problem = undefined;
    entry.reconciled = this.deps.scheduler.whole(entry.name);
    entry.reconciled.catch(() => {}); // recorded by the scheduler; awaited by `follow` only
    this.deps.onChange();
  }

  private async stop(entry: Followed): Promise<void> {
    entry.generation++;
    entry.startStop.abort();
    entry.batcher.dispose();
    const watcher = entry.watcher;
    entry.watcher = null;
    await watcher?.close();
  }

  private deliver(name: string, paths: string[]): void {
    this.deps.scheduler.paths(name, paths).catch(() => {
      // recorded by the scheduler (status `error`); the next job reconciles the whole vault
    });
  }

  private checkRoots(): void {
    if (this.pausedNow) return;
    for (const entry of this.followed.values()) this.checkEntry(entry);
  }

  private isOffline(vault: { root: string; device: number | null }): boolean {
    return vaultRootState(vault.root, vault.device, this.options.deviceOf).offline;
  }

  /** Offline when the folder is gone or an empty mount point; back (reconciled) when it is there. */
  private checkEntry(entry: Followed, rootEvent = false): void {
    const vault = this.deps.vault(entry.name);
    if (!vault) return;
    const present = !this.isOffline(vault);
    if (entry.offline && present) void this.begin(entry).catch(() => {});
    else if (!entry.offline && !present) void this.goOffline(entry);
    else if (rootEvent && present) entry.batcher.add(''); // replaced in place: reconcile it all
  }

  private async goOffline(entry: Followed): Promise<void> {
    entry.offline = true;
    await this.stop(entry);
    await this.deps.scheduler.cancel(entry.name);
    this.deps.onChange();
  }

  /**
   * The watch thread ended: shown as status `error` until a new watcher is ready — unless it
   * keeps ending, then the vault stays unwatched and its status says so.
   */
  private watchLost(entry: Followed, message: string): void {
    const now = performance.now();
    entry.threadLosses = entry.threadLosses.filter((at) => now - at < THREAD_LOSS_WINDOW_MS);
    entry.threadLosses.push(now);
    const givingUp = entry.threadLosses.length >= MAX_THREAD_LOSSES;
    entry.problem = givingUp
      ? `${message}; it ended ${MAX_THREAD_LOSSES} times within a minute, so ${entry.name} is ` +
        'no longer watched (pause and resume watching, or restart Folio, to try again)'
      : message;
    this.deps.onChange();
    if (!givingUp) return void this.restart(entry.name).catch(() => {});
    entry.threadLosses = [];
    void this.stop(entry); // a resume starts it afresh, with a whole reconcile
  }

  private watchError(entry: Followed, message: string): void {
    entry.problem = message;
    // Out of inotify watches or file handles: fall back to polling rather than go blind.
    if (/ENOSPC|EMFILE/.test(message) && !entry.polling) {
      entry.polling = true;
      void this.restart(entry.name).catch(() => {});
    }
    this.deps.onChange();
  }
}
