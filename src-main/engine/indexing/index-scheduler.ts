// What the index worker does next. Per vault, the work waiting is either a whole reconcile or the
// set of paths the watcher reported — paths reported while a job waits join it, and a whole
// reconcile absorbs them. Jobs run one at a time (`VaultJobs`): the worker has one connection.
import type { EngineEvent } from '#shared/contract/engine.ts';
import { FolioError } from '#shared/contract/engine.ts';
import { isBusyError, isDatabaseFault } from '../store/database.ts';
import type { IndexSummary, VaultTarget } from './types.ts';
import { VaultJobs } from './vault-jobs.ts';
import { minimalScopes } from './reconcile-plan.ts';
import type { IndexWorkerClient } from './index-client.ts';

/** What the scheduler needs from the engine. */
export interface SchedulerDeps {
  /** The index worker that runs the jobs. */
  client: IndexWorkerClient;
  /** The vault as the worker needs it, or undefined once it was removed. */
  target(vault: string): VaultTarget | undefined;
  emit(event: EngineEvent): void;
  /** A vault started or stopped indexing, or failed: its status may have changed. */
  onChange(): void;
  /** A job of `vault` failed (the caller checks whether its folder went offline). */
  onFailure(vault: string, error: Error): void;
  /**
   * A whole reconcile of the vault ran to its end (not stopped, not failed): the index holds
   * the whole folder (a vault owed a rebuild owes it no more).
   */
  onWhole?(vault: VaultTarget): void;
}

function failureReason(error: unknown, root: string): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return `folder ${root} is not there (offline); its index is kept`;
  if (code === 'EOFFLINE') return `${(error as Error).message}: offline, its index is kept`;
  return error instanceof Error ? error.message : String(error);
}

/** How long a job that met a database held by another process waits before it runs again. */
export const BUSY_RETRY_MS = 2_000;

/**
 * How long a job that met another fault of the database (full disk) waits before it runs again:
 * long enough not to spin on a disk that stays full, short enough to recover by itself.
 */
export const FAULT_RETRY_MS = 30_000;

/** The queue of indexing work, per vault. */
export class IndexScheduler {
  private readonly deps: SchedulerDeps;
  private readonly jobs: VaultJobs;
  private readonly waiting = new Map<string, Set<string> | 'all'>();
  private readonly runningWhole = new Set<string>();
  /** Vaults whose last job failed: their next job reconciles everything (nothing is lost). */
  private readonly stale = new Set<string>();
  private readonly failures = new Map<string, string>();
  private readonly summaries = new Map<string, IndexSummary>();
  /** Retries of jobs that met a busy database, per vault. */
  private readonly retries = new Map<string, NodeJS.Timeout>();

  constructor(deps: SchedulerDeps) {
    this.deps = deps;
    this.jobs = new VaultJobs(
      (vault, signal) => this.run(vault, signal),
      () => deps.onChange(),
    );
  }

  /** Queues a whole reconcile of `vault`; resolves when it ran (rejects if it failed). */
  whole(vault: string): Promise<void> {
    this.waiting.set(vault, 'all');
    return this.jobs.schedule(vault);
  }

  /** Queues the paths the watcher saw change ('' is the root: everything). */
  paths(vault: string, paths: readonly string[]): Promise<void> {
    const current = this.waiting.get(vault);
    if (this.stale.has(vault)) this.waiting.set(vault, 'all');
    else if (current !== 'all') {
      const set = current ?? new Set<string>();
      for (const path of paths) set.add(path);
      this.waiting.set(vault, set);
    }
    return this.jobs.schedule(vault);
  }

  /** Drops the waiting work of `vault` (every vault: null) and stops its running job. */
  async cancel(vault: string | null = null): Promise<void> {
    for (const name of [...this.waiting.keys()])
      if (vault === null || name === vault) this.waiting.delete(name);
    for (const [name, timer] of this.retries) {
      if (vault !== null && name !== vault) continue;
      clearTimeout(timer);
      this.retries.delete(name);
    }
    await this.jobs.cancel(vault);
  }

  /** Forgets a removed vault. */
  forget(vault: string): void {
    this.stale.delete(vault);
    this.failures.delete(vault);
    this.summaries.delete(vault);
  }

  /** True while a whole reconcile of `vault` runs or waits (status `indexing`). */
  indexing(vault: string): boolean {
    return this.runningWhole.has(vault) || this.waiting.get(vault) === 'all';
  }

  /** True while a job of `vault` waits, runs or is to be retried. */
  busy(vault: string): boolean {
    return this.waiting.has(vault) || this.jobs.busy(vault) || this.retries.has(vault);
  }

  /** Why the last job of `vault` failed, if it did. */
  failure(vault: string): string | undefined {
    return this.failures.get(vault);
  }

  /** Counts of the last completed job of `vault`. */
  summary(vault: string): IndexSummary | undefined {
    return this.summaries.get(vault);
  }

  /** Resolves when the jobs of `vault` (of every vault: null) queued so far have run. */
  pending(vault: string | null = null): Promise<void> {
    return this.jobs.pending(vault);
  }

  /**
   * Runs the vault's work again once the database may be free: a whole reconcile (the vault is
   * stale), so the edits the failed job held are not lost. Its own failure is recorded as usual.
   */
  private retryLater(vault: string, delayMs: number): void {
    if (this.retries.has(vault)) return;
    const timer = setTimeout(() => {
      this.retries.delete(vault);
      this.paths(vault, []).catch(() => {});
    }, delayMs);
    timer.unref();
    this.retries.set(vault, timer);
  }

  private async run(vault: string, signal: AbortSignal): Promise<void> {
    const wanted = this.waiting.get(vault);
    this.waiting.delete(vault);
    const target = this.deps.target(vault);
    if (!wanted || !target) return;
    const scopes = wanted === 'all' ? null : minimalScopes(wanted);
    if (!scopes) this.runningWhole.add(vault);
    this.stale.delete(vault);
    // A saved file is not worth a progress bar: a path job reports progress only once it has
    // been indexing for a while (the indexer's first `indexing` report), then until it is done.
    let reporting = scopes === null;
    try {
      const summary = await this.deps.client.reconcile(
        target,
        scopes,
        {
          progress: (progress) => {
            reporting ||= progress.phase === 'indexing' && progress.done < progress.total;
            if (reporting) this.deps.emit({ type: 'indexProgress', progress });
          },
          changed: (change) => this.deps.emit({ type: 'indexChanged', change }),
        },
        signal,
      );
      this.failures.delete(vault);
      this.summaries.set(vault, summary);
      // A stopped reconcile returns what it did so far: only one run to its end is whole.
      if (!scopes && !signal.aborted) this.deps.onWhole?.(target);
    } catch (error) {
      const message = `vault "${vault}": ${failureReason(error, target.root)}`;
      this.failures.set(vault, message);
      this.stale.add(vault);
      this.deps.onFailure(vault, error as Error);
      if (isBusyError(error)) this.retryLater(vault, BUSY_RETRY_MS);
      else if (isDatabaseFault(error)) this.retryLater(vault, FAULT_RETRY_MS);
      throw new FolioError('io', message);
    } finally {
      this.runningWhole.delete(vault);
    }
  }
}
