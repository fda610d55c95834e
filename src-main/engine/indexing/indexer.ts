// The reconcile: brings a vault's index in line with its folder through the manifest
// (docs/design.md#the-manifest). The walk lists the files, `planReconcile` decides what changed,
// and this module carries the plan out: the files read and chunked are written several to a
// transaction (`write-batch.ts`), each in a savepoint of its own, so a crash leaves the old or the
// new version of a file, never a mix. An unchanged vault costs one stat per file and no writes. It owns its connection and runs in the index worker thread
// (`index-requests.ts`).
import { join } from 'node:path';
import type { Statement } from 'better-sqlite3';
import type { IndexChanged, IndexProgress } from '#shared/contract/api.ts';
import { createAnalyzer, type Analyzer } from '../analysis/analyzer.ts';
import { NotRegularFileError } from '../files/regular-file.ts';
import { VaultOfflineError, vaultRootState } from '../files/vault-root.ts';
import { isDatabaseFault, type Db } from '../store/database.ts';
import { ftsColumns } from '../store/fts-columns.ts';
import { IndexWriter } from '../store/index-writer.ts';
import { rebuildStartOf, type RebuildStart } from '../store/registry.ts';
import { backfillLinks } from './link-backfill.ts';
import {
  fileErrorMessage,
  MAX_FILE_BYTES,
  PERMISSION_DENIED,
  readVaultFile,
  tooLarge,
} from './read-file.ts';
import { planReconcile, type PlannedFile, type ReconcilePlan } from './reconcile-plan.ts';
import { countOutcomes, WriteBatch } from './write-batch.ts';
import {
  newSummary,
  type IndexerDeps,
  type IndexerListener,
  type IndexSummary,
  type VaultTarget,
} from './types.ts';

const IN_FLIGHT = 8;
/** Files this large are chunked only once the files waiting for their batch are committed. */
const COMMIT_BEFORE_BYTES = 1024 * 1024;
/** Files changed by one reconcile from which the FTS5 index is merged afterwards. */
const OPTIMIZE_AFTER = 500;
const PROGRESS_EVERY_MS = 100;

/** One reconcile in progress: its vault, counts, pending change report and progress. */
interface Run {
  vault: VaultTarget;
  summary: IndexSummary;
  changed: IndexChanged;
  listener: IndexerListener;
  /** Files read and chunked, waiting for their transaction. */
  batch: WriteBatch;
  /** Files done: written (committed), unchanged but touched, or failed. */
  done: number;
}

function progress(
  run: Run,
  phase: IndexProgress['phase'],
  done: number,
  total: number,
  currentPath: string | null,
): void {
  const errors = run.summary.errors;
  run.listener.progress?.({ vault: run.vault.name, phase, done, total, currentPath, errors });
}

/** Reports what was committed since the last report, if anything. */
function flush(run: Run): void {
  const { changed } = run;
  if (changed.indexed.length || changed.removed.length || changed.failed!.length)
    run.listener.changed?.({ ...changed });
  changed.indexed = [];
  changed.removed = [];
  changed.failed = [];
}

/** Reconciles vault folders with the index, several files per transaction. */
export class Indexer {
  readonly db: Db;
  private readonly writer: IndexWriter;
  private readonly deps: IndexerDeps;
  private analyzer: Analyzer;
  /** Per vault id: whether its last whole walk met a folder twice (then every update walks all). */
  private readonly aliased = new Map<number, boolean>();
  private readonly device: { get: Statement; set: Statement };
  /** The rebuild a vault is owed, if any (docs/architecture.md#the-index-is-a-rebuildable-cache). */
  private readonly rebuildStart: (vaultId: number) => RebuildStart | null;

  constructor(db: Db, deps: IndexerDeps, stemmer: string) {
    this.db = db;
    this.writer = new IndexWriter(db);
    this.device = {
      get: db.prepare('SELECT device FROM vaults WHERE id = ?').pluck(),
      set: db.prepare('UPDATE vaults SET device = ? WHERE id = ?'),
    };
    this.rebuildStart = rebuildStartOf(db);
    this.deps = deps;
    this.analyzer = createAnalyzer(stemmer);
  }

  /** Switches the stemmer (the caller marks every vault owed a rebuild and reconciles it whole). */
  setStemmer(stemmer: string): void {
    if (stemmer !== this.analyzer.language) this.analyzer = createAnalyzer(stemmer);
  }

  /** Drops every document of a vault from the index. */
  clearVault(vaultId: number): void {
    this.writer.clearVault(vaultId);
  }

  /**
   * Brings the index of `vault` in line with its folder — or only the given `scopes` (files and
   * folders the watcher saw change, vault-relative, none inside another), when that is known to
   * give the same result as a whole reconcile.
   */
  async reconcile(
    vault: VaultTarget,
    listener: IndexerListener = {},
    signal?: AbortSignal,
    scopes?: readonly string[] | null,
  ): Promise<IndexSummary> {
    const started = performance.now();
    const run: Run = {
      vault,
      summary: newSummary(vault.name),
      changed: { vault: vault.name, indexed: [], removed: [], failed: [] },
      listener,
      batch: new WriteBatch(this.writer, vault.id, (outcomes) => {
        run.done += outcomes.length;
        countOutcomes(outcomes, run.summary, run.changed);
        flush(run); // each commit is reported (searches see it now)
      }),
      done: 0,
    };
    progress(run, 'scanning', 0, 0, null);
    // A database from before links were stored gets them from its stored content first.
    await backfillLinks(this.writer, vault, this.deps.chunk, signal, (done, total, path) =>
      progress(run, 'indexing', done, total, path),
    );
    const plan = await this.plan(vault, scopes);
    this.removeGone(run, plan);
    const done = await this.readAll(run, plan.read, signal);
    flush(run);
    const { summary } = run;
    if (summary.added + summary.modified + summary.removed >= OPTIMIZE_AFTER && !signal?.aborted) {
      this.writer.optimize();
    }
    summary.ms = performance.now() - started;
    progress(run, 'done', done, plan.read.length, null);
    return summary;
  }

  /** Walks the vault (or the scopes), reads the manifest of what it covered and plans. */
  private async plan(
    vault: VaultTarget,
    scopes?: readonly string[] | null,
  ): Promise<ReconcilePlan> {
    const wanted = scopes && this.aliased.get(vault.id) === false ? scopes : undefined;
    const listing = await this.deps.listFiles(vault.root, vault.ignore, wanted);
    this.checkRoot(vault); // after the walk: a disk unmounted during it is caught too
    const covered = wanted && listing.scopes ? listing.scopes : null;
    if (!covered) this.aliased.set(vault.id, listing.aliased === true);
    // A whole reconcile of a vault owed a rebuild reads again what still holds the old analysis
    // (none once the vault was cleared for it); a scoped one leaves that to the whole one queued.
    const lastStale = covered ? 0 : (this.rebuildStart(vault.id)?.lastFile ?? 0);
    return planReconcile({
      found: listing.files,
      unreadable: listing.unreadable,
      refused: listing.refused,
      manifest: this.writer.manifest(vault.id, covered),
      errors: new Map(
        [...this.writer.errors(vault.id, covered)].map(([path, { message, ...stamp }]) => [
          path,
          {
            ...stamp,
            databaseFault: isDatabaseFault(message),
            denied: message === PERMISSION_DENIED,
          },
        ]),
      ),
      scoped: covered !== null,
      lastStale,
    });
  }

  /** Drops what is gone from disk, then records what the walk could not read or refused. */
  private removeGone(run: Run, plan: ReconcilePlan): void {
    const { vault, summary, changed } = run;
    this.writer.batch(() => {
      for (const path of plan.remove) this.writer.removeDocument(vault.id, path);
      for (const path of plan.forget) this.writer.removeDocument(vault.id, path);
    });
    for (const path of plan.remove) {
      changed.removed.push(path);
      summary.removed++;
    }
    for (const entry of plan.failed) {
      this.writer.recordError(vault.id, entry.path, entry.message, -1, -1);
      changed.failed!.push(entry);
      summary.errors++;
    }
    summary.unchanged += plan.unchanged;
  }

  /**
   * Reads and chunks the planned files, `IN_FLIGHT` at a time, and writes them in batches;
   * returns how many were done. Progress counts the files committed (or touched, or failed).
   */
  private async readAll(run: Run, files: PlannedFile[], signal?: AbortSignal): Promise<number> {
    let lastReport = 0;
    const next = files.values();
    // The first failure (a database fault, the vault gone offline) stops every worker: none may
    // write after the reconcile has failed.
    let failure: { error: unknown } | null = null;
    const worker = async () => {
      for (let item = next.next(); !item.done; item = next.next()) {
        if (signal?.aborted || failure) return;
        try {
          await this.indexFile(run, item.value);
        } catch (error) {
          failure ??= { error };
          return;
        }
        if (run.done > 0 && performance.now() - lastReport > PROGRESS_EVERY_MS) {
          lastReport = performance.now();
          progress(run, 'indexing', run.done, files.length, item.value.file.path);
          flush(run);
        }
      }
    };
    // A stop commits what was chunked at once (a file still being chunked is written after it).
    const stop = () => run.batch.commitNow();
    signal?.addEventListener('abort', stop);
    try {
      await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, files.length) }, worker));
    } finally {
      signal?.removeEventListener('abort', stop);
    }
    if (failure) {
      run.batch.discard();
      throw (failure as { error: unknown }).error;
    }
    run.batch.commit();
    return run.done;
  }

  /**
   * Throws `VaultOfflineError` when the vault's folder is offline (`vaultRootState`), so that no
   * document of an offline vault is ever removed; records its device when it holds files.
   */
  private checkRoot(vault: VaultTarget): void {
    const last = (this.device.get.get(vault.id) as number | null | undefined) ?? null;
    const state = vaultRootState(vault.root, last, this.deps.deviceOf);
    if (state.offline) throw new VaultOfflineError(state.reason);
    if (!state.empty && state.device !== last) this.device.set.run(state.device, vault.id);
  }

  /** Reads and chunks one file, then queues it for its batch (or touches it, or records why not). */
  private async indexFile(run: Run, { file, known, stale }: PlannedFile): Promise<void> {
    try {
      if (file.size > MAX_FILE_BYTES) throw tooLarge(file.size);
      const { bytes, hash } = readVaultFile(join(run.vault.root, file.path));
      if (known && known.hash === hash && !stale) {
        this.writer.touch(known.fileId, bytes.length, file.mtimeMs);
        run.summary.touched++;
        run.done++;
        return;
      }
      const rejected = this.deps.rejectContent?.(file.path, bytes) ?? null;
      if (rejected) throw new Error(rejected);
      if (bytes.length >= COMMIT_BEFORE_BYTES) {
        // Chunking it may take seconds (on this thread, blocking it): what is ready — the other
        // files' chunks finish first — is not kept waiting, nor lost to a stop.
        await new Promise((resolve) => setImmediate(resolve));
        run.batch.commit();
      }
      const doc = await this.deps.chunk({ vault: run.vault.name, path: file.path, bytes });
      run.batch.add({
        doc,
        fts: ftsColumns(doc, this.analyzer),
        bytes,
        stamp: { size: bytes.length, mtimeMs: file.mtimeMs, hash },
        known: known !== undefined,
        size: file.size,
        mtimeMs: file.mtimeMs,
      });
    } catch (error) {
      run.done++;
      this.failed(run, file, error, stale === true);
    }
  }

  /**
   * A file that could not be indexed: gone (a removal), or recorded with why. `stale`: its rows
   * hold the analysis the index is being rebuilt away from — dropped, not kept
   * (docs/architecture.md#the-index-is-a-rebuildable-cache).
   */
  private failed(run: Run, file: PlannedFile['file'], error: unknown, stale = false): void {
    const { vault, summary, changed } = run;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      this.checkRoot(vault); // the whole disk may have gone: then nothing is removed
      // Gone between the listing and the read (a rename, an editor's temp file): a removal.
      if (this.writer.removeDocument(vault.id, file.path)) {
        changed.removed.push(file.path);
        summary.removed++;
      }
      return;
    }
    // A database that is full, locked by another process or damaged is not the file's fault:
    // the job fails and the next one indexes the file (`index-scheduler.ts` retries), instead of
    // recording an error that would keep the file out until it changes on disk.
    if (isDatabaseFault(error)) throw error;
    // A pipe, device or link into `/proc` put in a note's place: the note is gone, not broken.
    // A note not read again for a new stemming language: its old stems would answer only where
    // they agree with the new ones, silently, after the rebuild said it was done.
    const drop = stale || error instanceof NotRegularFileError;
    if (drop && this.writer.removeDocument(vault.id, file.path)) {
      changed.removed.push(file.path);
      summary.removed++;
    }
    // One broken file never stops the vault; its previous version (if any, and not stale) stays
    // searchable.
    const message = fileErrorMessage(error);
    this.writer.recordError(vault.id, file.path, message, file.size, file.mtimeMs);
    changed.failed?.push({ path: file.path, message });
    summary.errors++;
  }
}
