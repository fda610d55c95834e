// The writer: reconciles a vault folder with the index through the manifest (SPEC §3). Added
// files are indexed, modified ones (mtime or size changed AND content hash differs) replaced,
// removed ones dropped; an unchanged vault costs one stat per file and no writes. It owns its
// connection so it can later run in a worker thread, off the search thread.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexChanged, IndexProgress } from '../../contract/api.ts';
import { createAnalyzer, type Analyzer } from '../analysis/analyzer.ts';
import type { ChunkedDocument, ChunkInput } from '../chunk/types.ts';
import type { Db } from './database.ts';
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
}

/** What the indexer needs from the outside: the folder walk and the chunker (a worker pool). */
export interface IndexerDeps {
  /** Lists the indexable files; throws when the root itself cannot be read. */
  listFiles(root: string, ignore: string[]): Promise<FolderListing>;
  chunk(input: ChunkInput): Promise<ChunkedDocument>;
  /** A reason when `bytes` are not indexable text (binary, UTF-16…), else null. */
  rejectContent?(path: string, bytes: Uint8Array): string | null;
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
}

/** Events the indexer reports while it works. */
export interface IndexerListener {
  progress?(progress: IndexProgress): void;
  changed?(change: IndexChanged): void;
}

const IN_FLIGHT = 8;
const PROGRESS_EVERY_MS = 100;

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

  constructor(db: Db, deps: IndexerDeps, stemmer: string) {
    this.db = db;
    this.writer = new IndexWriter(db);
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

  /** Brings the index of `vault` in line with its folder. */
  async reconcile(
    vault: VaultTarget,
    listener: IndexerListener = {},
    signal?: AbortSignal,
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
    const { files: found, unreadable } = await this.deps.listFiles(vault.root, vault.ignore);
    const manifest = this.writer.manifest(vault.id);
    const errors = this.writer.errors(vault.id);
    const onDisk = new Set(found.map((f) => f.path));
    for (const entry of unreadable) {
      // A folder or file the walk could not read: reported, and what was indexed from it stays.
      this.writer.recordError(vault.id, entry.path, entry.message, -1, -1);
      summary.errors++;
    }
    const unread = (path: string) =>
      unreadable.some((u) => path === u.path || path.startsWith(`${u.path}/`));
    const changed: IndexChanged = { vault: vault.name, indexed: [], removed: [] };
    const flush = () => {
      if (changed.indexed.length || changed.removed.length) listener.changed?.({ ...changed });
      changed.indexed = [];
      changed.removed = [];
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
      const known: { size: number; mtimeMs: number } | undefined =
        manifest.get(file.path) ?? errors.get(file.path);
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
    summary.ms = performance.now() - started;
    progress('done', done, work.length, null);
    return summary;
  }

  private async indexFile(
    vault: VaultTarget,
    file: FoundFile,
    known: ManifestEntry | undefined,
    summary: IndexSummary,
    changed: IndexChanged,
  ): Promise<void> {
    try {
      // Synchronous: one syscall sequence instead of four thread-pool hops per file, and the
      // indexer is meant to run on a thread of its own.
      const bytes = readFileSync(join(vault.root, file.path));
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
      if (known) summary.modified++;
      else summary.added++;
    } catch (error) {
      // One broken file never stops the vault; its previous version (if any) stays searchable.
      this.writer.recordError(vault.id, file.path, messageOf(error), file.size, file.mtimeMs);
      summary.errors++;
    }
  }
}
