// The writer: reconciles a vault folder with the index through the manifest
// (docs/design.md#the-manifest). Added files are indexed, modified ones (mtime or size changed AND
// content hash differs) replaced, removed ones dropped; an unchanged vault costs one stat per file
// and no writes. It owns its connection so it can later run in a worker thread, off the search
// thread.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Statement } from 'better-sqlite3';
import type { IndexChanged, IndexProgress } from '#shared/contract/api.ts';
import { createAnalyzer, type Analyzer } from '../analysis/analyzer.ts';
import type { ChunkedDocument, ChunkInput } from '../chunk/types.ts';
import { type DeviceOf, VaultOfflineError, vaultRootState } from '../live/vault-root.ts';
import { isBusyError, type Db } from './database.ts';
import { ftsColumns } from './fts-columns.ts';
import { IndexWriter, type ManifestEntry } from './index-writer.ts';

/** A file found in a vault folder. */
export interface FoundFile {
  /** Relative, `/`-separated. */
  path: string;
  size: number;
  mtimeMs: number;
}

/** A folder walk: the files found and the entries that could not be read. */
export interface FolderListing {
  files: FoundFile[];
  unreadable: Array<{ path: string; message: string }>;
  /** The paths (files or folders) the listing covers; null or absent: the whole vault. */
  scopes?: string[] | null;
  /** A whole walk met one folder by two paths (symbolic links): partial walks would be unsafe. */
  aliased?: boolean;
}

/** What the indexer needs from the outside: the folder walk and the chunker (a worker pool). */
export interface IndexerDeps {
  /**
   * Lists the indexable files — of the whole vault, or only of `scopes` (vault-relative files or
   * folders) when it can; throws when the root itself cannot be read.
   */
  listFiles(root: string, ignore: string[], scopes?: readonly string[]): Promise<FolderListing>;
  chunk(input: ChunkInput): Promise<ChunkedDocument>;
  /** A reason when `bytes` are not indexable text (binary, UTF-16…), else null. */
  rejectContent?(path: string, bytes: Uint8Array): string | null;
  /** The device a path is on (default `stat().dev`); tests fake an unmounted disk with it. */
  deviceOf?: DeviceOf;
}

/** The vault being reconciled. */
export interface VaultTarget {
  id: number;
  name: string;
  root: string;
  ignore: string[];
}

/** Counts of one reconcile. */
export interface IndexSummary {
  vault: string;
  added: number;
  modified: number;
  removed: number;
  unchanged: number;
  /** Files whose mtime changed but whose content did not. */
  touched: number;
  errors: number;
  ms: number;
  /**
   * Warnings of the files indexed (malformed frontmatter: the file is indexed, its YAML read as
   * far as it goes), at most `MAX_SUMMARY_WARNINGS`.
   */
  warnings: Array<{ path: string; message: string }>;
}

/** Warnings a summary lists at most (a vault of broken frontmatter need not flood it). */
export const MAX_SUMMARY_WARNINGS = 200;

/** Events the indexer reports while it works. */
export interface IndexerListener {
  progress?(progress: IndexProgress): void;
  changed?(change: IndexChanged): void;
}

const IN_FLIGHT = 8;
/** Files changed by one reconcile from which the FTS5 index is merged afterwards. */
const OPTIMIZE_AFTER = 500;
const PROGRESS_EVERY_MS = 100;

/**
 * Files larger than this are recorded as errors, not indexed: a 32 MiB "note" is a log or a data
 * dump, and chunking it would hold several hundred MB. The adversarial 20 MB section still fits.
 */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

const tooLarge = (size: number) =>
  `too large to index (${(size / 1048576).toFixed(1)} MiB; the limit is ${MAX_FILE_BYTES / 1048576} MiB)`;

function hashOf(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

function messageOf(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'EACCES' || e?.code === 'EPERM') return 'permission denied';
  if (e?.code === 'ENOENT') return 'file disappeared while indexing';
  if (e?.code === 'EISDIR') return 'is a directory';
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

/** Reconciles vault folders with the index, one transaction per file. */
export class Indexer {
  readonly db: Db;
  private readonly writer: IndexWriter;
  private readonly deps: IndexerDeps;
  private analyzer: Analyzer;
  /** Per vault id: whether its last whole walk met a folder twice (then every update walks all). */
  private readonly aliased = new Map<number, boolean>();
  private readonly device: { get: Statement; set: Statement };

  constructor(db: Db, deps: IndexerDeps, stemmer: string) {
    this.db = db;
    this.writer = new IndexWriter(db);
    this.device = {
      get: db.prepare('SELECT device FROM vaults WHERE id = ?').pluck(),
      set: db.prepare('UPDATE vaults SET device = ? WHERE id = ?'),
    };
    this.deps = deps;
    this.analyzer = createAnalyzer(stemmer);
  }

  /** Switches the stemmer (the caller clears and re-indexes everything). */
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
    const summary: IndexSummary = {
      vault: vault.name,
      added: 0,
      modified: 0,
      removed: 0,
      unchanged: 0,
      touched: 0,
      errors: 0,
      ms: 0,
      warnings: [],
    };
    const progress = (
      phase: IndexProgress['phase'],
      done: number,
      total: number,
      currentPath: string | null,
    ) =>
      listener.progress?.({
        vault: vault.name,
        phase,
        done,
        total,
        currentPath,
        errors: summary.errors,
      });
    progress('scanning', 0, 0, null);
    const wanted = scopes && this.aliased.get(vault.id) === false ? scopes : undefined;
    const listing = await this.deps.listFiles(vault.root, vault.ignore, wanted);
    this.checkRoot(vault); // after the walk: a disk unmounted during it is caught too
    const { files: found, unreadable } = listing;
    const covered = wanted && listing.scopes ? listing.scopes : null;
    if (!covered) this.aliased.set(vault.id, listing.aliased === true);
    const manifest = this.writer.manifest(vault.id, covered);
    const errors = this.writer.errors(vault.id, covered);
    const onDisk = new Set(found.map((f) => f.path));
    const changed: IndexChanged = { vault: vault.name, indexed: [], removed: [], failed: [] };
    for (const entry of unreadable) {
      // A folder or file the walk could not read: reported, and what was indexed from it stays.
      this.writer.recordError(vault.id, entry.path, entry.message, -1, -1);
      changed.failed!.push(entry);
      summary.errors++;
    }
    const unread = (path: string) =>
      unreadable.some((u) => path === u.path || path.startsWith(`${u.path}/`));
    const flush = () => {
      if (changed.indexed.length || changed.removed.length || changed.failed!.length)
        listener.changed?.({ ...changed });
      changed.indexed = [];
      changed.removed = [];
      changed.failed = [];
    };
    for (const path of manifest.keys()) {
      if (onDisk.has(path) || unread(path)) continue;
      this.writer.removeDocument(vault.id, path);
      changed.removed.push(path);
      summary.removed++;
    }
    for (const path of errors.keys()) {
      if (!onDisk.has(path) && !unread(path)) this.writer.removeDocument(vault.id, path);
    }
    const work = found.filter((file) => {
      // A watched change retries a failed file even if its stamp did not move (chmod, unlock).
      const known: { size: number; mtimeMs: number } | undefined =
        manifest.get(file.path) ?? (covered ? undefined : errors.get(file.path));
      const same = known && known.size === file.size && known.mtimeMs === file.mtimeMs;
      if (same && manifest.has(file.path)) summary.unchanged++;
      return !same;
    });
    let done = 0;
    let lastReport = 0;
    const next = work.values();
    const run = async () => {
      for (let item = next.next(); !item.done; item = next.next()) {
        if (signal?.aborted) return;
        const file = item.value;
        await this.indexFile(vault, file, manifest.get(file.path), summary, changed);
        done++;
        if (performance.now() - lastReport > PROGRESS_EVERY_MS) {
          lastReport = performance.now();
          progress('indexing', done, work.length, file.path);
          flush();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, work.length) }, run));
    flush();
    if (summary.added + summary.modified + summary.removed >= OPTIMIZE_AFTER && !signal?.aborted) {
      this.writer.optimize();
    }
    summary.ms = performance.now() - started;
    progress('done', done, work.length, null);
    return summary;
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

  private async indexFile(
    vault: VaultTarget,
    file: FoundFile,
    known: ManifestEntry | undefined,
    summary: IndexSummary,
    changed: IndexChanged,
  ): Promise<void> {
    try {
      if (file.size > MAX_FILE_BYTES) throw new Error(tooLarge(file.size));
      // Synchronous: one syscall sequence instead of four thread-pool hops per file, and the
      // indexer runs on a thread of its own.
      const bytes = readFileSync(join(vault.root, file.path));
      if (bytes.length > MAX_FILE_BYTES) throw new Error(tooLarge(bytes.length));
      const hash = hashOf(bytes);
      if (known && known.hash === hash) {
        this.writer.touch(known.fileId, bytes.length, file.mtimeMs);
        summary.touched++;
        return;
      }
      const rejected = this.deps.rejectContent?.(file.path, bytes) ?? null;
      if (rejected) throw new Error(rejected);
      const doc = await this.deps.chunk({ vault: vault.name, path: file.path, bytes });
      this.writer.replaceDocument(vault.id, doc, ftsColumns(doc, this.analyzer), bytes, {
        size: bytes.length,
        mtimeMs: file.mtimeMs,
        hash,
      });
      changed.indexed.push(file.path);
      for (const message of doc.warnings) {
        if (summary.warnings.length < MAX_SUMMARY_WARNINGS)
          summary.warnings.push({ path: file.path, message });
      }
      if (known) summary.modified++;
      else summary.added++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.checkRoot(vault); // the whole disk may have gone: then nothing is removed
        // Gone between the listing and the read (a rename, an editor's temp file): a removal.
        if (this.writer.removeDocument(vault.id, file.path)) {
          changed.removed.push(file.path);
          summary.removed++;
        }
        return;
      }
      // A database held by another process is not the file's fault: the job fails and is tried
      // again (`index-scheduler.ts`) instead of recording an error that hides the edit.
      if (isBusyError(error)) throw error;
      // One broken file never stops the vault; its previous version (if any) stays searchable.
      const message = messageOf(error);
      this.writer.recordError(vault.id, file.path, message, file.size, file.mtimeMs);
      changed.failed?.push({ path: file.path, message });
      summary.errors++;
    }
  }
}
