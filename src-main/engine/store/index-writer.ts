// The write side of the index: each file replaced or removed in a synchronous transaction of its
// own, or in a savepoint of a batch's (docs/design.md#storage: a crash leaves the old or the new
// version of a file, never a mix). Statements are prepared once.
import type { Statement } from 'better-sqlite3';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ChunkedDocument } from '../chunk/types.ts';
import type { Db } from './database.ts';
import { LinkWriter } from './link-writer.ts';
import { NODE_COLUMNS, nodeRows, vaultRowidBase, VAULT_ROWID_SPAN } from './node-rows.ts';
import { writerStatements } from './writer-statements.ts';

/**
 * Files at least this large are stored deflated (about 4× smaller): they hold most of a
 * corpus's bytes, and reading one costs far more than inflating it. Smaller ones stay raw, so
 * the common result needs no inflating.
 */
export const DEFLATE_FROM_BYTES = 16 * 1024;

function storedContent(content: Uint8Array): { bytes: Uint8Array; deflated: boolean } {
  if (content.length < DEFLATE_FROM_BYTES) return { bytes: content, deflated: false };
  return { bytes: deflateRawSync(content, { level: 6 }), deflated: true };
}

/** The analysed FTS5 columns of one node. */
export type FtsColumns = [
  title: string,
  tags: string,
  path: string,
  pathComponents: string,
  body: string,
  context: string,
];

/** What the manifest knows about an indexed file. */
export interface ManifestEntry {
  fileId: number;
  size: number;
  mtimeMs: number;
  hash: string;
}

/** A file's identity on disk when it was read. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  hash: string;
}

/** The SQL the indexer runs, on its own connection. */
export class IndexWriter {
  private readonly db: Db;
  private readonly statements: Record<string, Statement>;
  /** The link graph, written in the same transactions as the documents. */
  private readonly links: LinkWriter;
  readonly replaceDocument: (
    vaultId: number,
    doc: ChunkedDocument,
    fts: FtsColumns[],
    content: Uint8Array,
    stamp: FileStamp,
  ) => void;
  readonly removeDocument: (vaultId: number, path: string) => boolean;
  readonly clearVault: (vaultId: number) => void;
  /**
   * Runs `write` in one transaction; the writes it makes (`replaceDocument`, `removeDocument`)
   * are then savepoints of it. Rolled back whole when `write` throws.
   */
  readonly batch: <R>(write: () => R) => R;
  /** Links and dates of a file indexed before they existed (docs/links.md#storage). */
  readonly backfillLinks: (vaultId: number, fileId: number, doc: ChunkedDocument) => void;

  constructor(db: Db) {
    this.db = db;
    // Small transactions (a file, or a batch of files): checkpointing the WAL every 1,000 pages
    // (the default) would sync the database every few dozen files; 8,000 (32 MB) is a sixth less.
    db.pragma('wal_autocheckpoint = 8000');
    this.statements = writerStatements(db);
    // IMMEDIATE: the write lock is taken (waiting up to the busy timeout) before the first read.
    // A deferred transaction that reads, then writes fails at once with SQLITE_BUSY_SNAPSHOT when
    // another connection (the engine's registry and settings) committed in between.
    const immediate = <A extends unknown[], R>(fn: (...args: A) => R) => {
      const transaction = db.transaction(fn);
      return (...args: A): R => transaction.immediate(...args);
    };
    this.links = new LinkWriter(db);
    const batch = immediate((write: () => unknown) => write());
    this.batch = <R>(write: () => R): R => {
      try {
        return batch(write) as R;
      } catch (error) {
        // Files of the batch written before the failure are rolled back with it.
        this.links.forget();
        throw error;
      }
    };
    this.replaceDocument = immediate(this.replace.bind(this));
    this.removeDocument = immediate((vaultId: number, path: string) => {
      const file = this.statements.file!.get(vaultId, path) as FileSpan | undefined;
      if (file) {
        const change = this.links.before(vaultId, file.id);
        this.dropFile(file);
        this.links.after(change, null, null);
      }
      this.statements.clearError!.run(vaultId, path);
      return file !== undefined;
    });
    this.backfillLinks = immediate((vaultId: number, fileId: number, doc: ChunkedDocument) => {
      this.links.backfill(vaultId, fileId, doc);
      this.statements.deleteDates!.run(fileId);
      this.writeDates(fileId, doc);
      this.statements.linksDone!.run(fileId);
    });
    this.clearVault = immediate((vaultId: number) => {
      this.links.clearVault(vaultId);
      this.statements.deleteVaultDates!.run(vaultId);
      for (const file of this.statements.vaultFiles!.all(vaultId) as FileSpan[])
        this.dropNodes(file);
      this.statements.deleteVaultFiles!.run(vaultId);
      this.statements.deleteVaultErrors!.run(vaultId);
      this.statements.resetNextNode!.run(vaultRowidBase(vaultId), vaultId);
    });
  }

  /** The manifest of a vault (or of the given files and folders in it): path → what was indexed. */
  manifest(vaultId: number, scopes?: readonly string[] | null): Map<string, ManifestEntry> {
    const rows = this.rowsOf('manifest', vaultId, scopes) as Array<{
      id: number;
      path: string;
      size: number;
      mtime_ms: number;
      hash: string;
    }>;
    return new Map(
      rows.map((r) => [r.path, { fileId: r.id, size: r.size, mtimeMs: r.mtime_ms, hash: r.hash }]),
    );
  }

  /** Files of a vault (or under `scopes`) that failed, with the size and mtime they had then. */
  errors(
    vaultId: number,
    scopes?: readonly string[] | null,
  ): Map<string, { size: number; mtimeMs: number; message: string }> {
    const rows = this.rowsOf('errors', vaultId, scopes) as Array<{
      path: string;
      size: number;
      mtime_ms: number;
      message: string;
    }>;
    return new Map(
      rows.map((r) => [r.path, { size: r.size, mtimeMs: r.mtime_ms, message: r.message }]),
    );
  }

  /** All rows of a vault, or those at or under each scope (a watched change needs only those). */
  private rowsOf(
    table: 'manifest' | 'errors',
    vaultId: number,
    scopes: readonly string[] | null | undefined,
  ): unknown[] {
    if (!scopes) return this.statements[table]!.all(vaultId);
    const under = this.statements[`${table}Under`]!;
    return scopes.flatMap((scope) => under.all(vaultId, scope, `${scope}/`, `${scope}0`));
  }

  /** Files of a vault indexed before links and dates were stored. */
  linksPending(vaultId: number): Array<{ id: number; path: string }> {
    return this.statements.linksPending!.all(vaultId) as Array<{ id: number; path: string }>;
  }

  /** A file's content as indexed (inflated). */
  storedContent(fileId: number): Uint8Array | null {
    const row = this.statements.storedContent!.get(fileId) as
      { content: Buffer; deflated: number } | undefined;
    if (!row) return null;
    return row.deflated ? inflateRawSync(row.content) : row.content;
  }

  /**
   * Merges the FTS5 index into one segment. Each file's transaction leaves a small segment; after
   * a large batch of them, one merge (a quarter of a second for 100k sections) makes every later
   * query faster, and the pages it frees are returned.
   */
  optimize(): void {
    this.db.exec("INSERT INTO fts(fts) VALUES ('optimize')");
    // The merged-away segments' pages go back to the file system (databases created with
    // incremental auto-vacuum; a no-op for older ones).
    this.db.pragma('incremental_vacuum');
  }

  /** Records a new mtime/size for a file whose content did not change. */
  touch(fileId: number, size: number, mtimeMs: number): void {
    this.statements.touch!.run(size, mtimeMs, fileId);
  }

  /** Records why a file could not be indexed (its previous version, if any, stays). */
  recordError(vaultId: number, path: string, message: string, size: number, mtimeMs: number): void {
    this.statements.recordError!.run(vaultId, path, message, size, mtimeMs, Date.now());
  }

  private dropNodes(file: FileSpan): void {
    for (let id = file.first_node; id < file.first_node + file.node_count; id++) {
      this.statements.deleteFts!.run(id);
    }
    this.statements.deleteNodes!.run(file.first_node, file.first_node + file.node_count);
  }

  /** The document's frontmatter dates, when it has any. */
  private writeDates(fileId: number, doc: ChunkedDocument): void {
    const { date, created, updated } = doc.dates;
    if (date !== null || created !== null || updated !== null) {
      this.statements.insertDates!.run(fileId, date, created, updated);
    }
  }

  private dropFile(file: FileSpan): void {
    this.dropNodes(file);
    this.statements.deleteDates!.run(file.id);
    this.statements.deleteFile!.run(file.id);
  }

  private replace(
    vaultId: number,
    doc: ChunkedDocument,
    fts: FtsColumns[],
    content: Uint8Array,
    stamp: FileStamp,
  ): void {
    const st = this.statements;
    const old = st.file!.get(vaultId, doc.path) as FileSpan | undefined;
    const change = this.links.before(vaultId, old?.id ?? null);
    if (old) this.dropFile(old);
    const first = (st.nextNode!.get(vaultId) as { next_node: number }).next_node;
    if (first + doc.nodes.length >= vaultRowidBase(vaultId) + VAULT_ROWID_SPAN) {
      throw new Error(`vault ${vaultId} ran out of node ids; reindex it`);
    }
    st.bumpNextNode!.run(doc.nodes.length, vaultId);
    const stored = storedContent(content);
    const info = st.insertFile!.run(
      vaultId,
      doc.path,
      stamp.size,
      stamp.mtimeMs,
      stamp.hash,
      doc.kind,
      doc.fileTitle,
      JSON.stringify(doc.tags),
      JSON.stringify(doc.aliases),
      doc.frontmatter ? JSON.stringify(doc.frontmatter) : null,
      JSON.stringify(doc.warnings),
      first,
      doc.nodes.length,
      stored.bytes,
      stored.deflated ? 1 : 0,
      Date.now(),
    );
    const fileId = Number(info.lastInsertRowid);
    this.writeDates(fileId, doc);
    const rows = nodeRows(doc.nodes, fileId, first);
    rows.forEach((row, i) => {
      st.insertNode!.run(...NODE_COLUMNS.map((column) => row[column]));
      st.insertFts!.run(row.id, ...fts[i]!);
    });
    this.links.after(change, { id: fileId, path: doc.path, firstNode: first }, doc);
    st.clearError!.run(vaultId, doc.path);
  }
}

interface FileSpan {
  id: number;
  first_node: number;
  node_count: number;
}
