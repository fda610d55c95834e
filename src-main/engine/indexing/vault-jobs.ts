// Indexing jobs: one at a time across vaults (they share the chunk workers and the writer), at
// most one waiting per vault (asking again while one waits joins it), cancellable per vault.

/** Runs one indexing job for a vault; must stop soon after `signal` aborts. */
export type JobRunner = (vault: string, signal: AbortSignal) => Promise<void>;

interface Job {
  vault: string;
  promise: Promise<void>;
  controller: AbortController;
  started: boolean;
}

/** The queue of indexing jobs. */
export class VaultJobs {
  private readonly runner: JobRunner;
  private readonly onChange: () => void;
  private tail: Promise<void> = Promise.resolve();
  private readonly jobs = new Set<Job>();

  constructor(runner: JobRunner, onChange: () => void = () => {}) {
    this.runner = runner;
    this.onChange = onChange;
  }

  /** Queues a job for `vault` (or joins the one already waiting); resolves when it has run. */
  schedule(vault: string): Promise<void> {
    for (const job of this.jobs) if (job.vault === vault && !job.started) return job.promise;
    const controller = new AbortController();
    const job: Job = { vault, controller, started: false, promise: Promise.resolve() };
    job.promise = this.tail.then(async () => {
      if (controller.signal.aborted) return;
      job.started = true;
      this.onChange();
      try {
        await this.runner(vault, controller.signal);
      } finally {
        this.jobs.delete(job);
        this.onChange();
      }
    });
    this.jobs.add(job);
    this.tail = job.promise.catch(() => {});
    this.onChange();
    return job.promise;
  }

  /** True while a job for `vault` runs or waits. */
  busy(vault: string): boolean {
    for (const job of this.jobs) if (job.vault === vault) return true;
    return false;
  }

  /** Resolves when every job of `vault` (of every vault: null) queued so far has run; rejects if one failed. */
  async pending(vault: string | null = null): Promise<void> {
    const jobs = [...this.jobs].filter((job) => vault === null || job.vault === vault);
    await Promise.all(jobs.map((job) => job.promise));
  }

  /** Stops and drops the jobs of `vault` (every vault when null); resolves once they settled. */
  async cancel(vault: string | null = null): Promise<void> {
    const mine = [...this.jobs].filter((job) => vault === null || job.vault === vault);
    for (const job of mine) job.controller.abort();
    for (const job of mine) if (!job.started) this.jobs.delete(job);
    await Promise.allSettled(mine.map((job) => job.promise));
    this.onChange();
  }
}
