// The link graph beside the index (docs/links.md#storage): every document's links, each resolved
// to a file and a node, kept right whenever any file of the vault is written or removed — inside
// that file's transaction, so a crash leaves the graph in step with the documents.
//
// A link's resolution depends on the files whose name matches its target (a new `Note.md` may
// become the closest match, a removed one leaves it unresolved), on the aliases of the vault, and
// on the headings and blocks of the file it points to. Each link is stored with a hash of the
// name it points by (a link inside its own note, `[[#Heading]]`, by its note's name), so a write
// re-resolves exactly the links whose name is the written file's old or new name or one of its
// aliases — which include every link that pointed at the file's old version (its nodes got new
// ids). The same hash finds a note's backlinks.
import type { Statement } from 'better-sqlite3';
import type { ChunkedDocument } from '../chunk/types.ts';
import { parseLinkText } from '../links/link-text.ts';
import {
  nameKey,
  pickByAlias,
  pickFile,
  pickSubpath,
  type HeadingCandidate,
} from '../links/resolve.ts';
import { aliasKey, fileNames, nameHash, VaultFiles, type FileEntry } from '../links/vault-files.ts';
import type { Db } from './database.ts';

/** The rows of a document just written. */
export interface WrittenFile {
  id: number;
  path: string;
  firstNode: number;
}

/** What a write or removal started with (from `LinkWriter.before`). */
export interface LinkChange {
  vaultId: number;
  /** The file's previous version, if any. */
  old: FileEntry | null;
}

/** `kind` bits of a stored link. */
const MARKDOWN = 1;
const EMBED = 2;

interface StoredLink {
  name_hash: number;
  file_id: number;
  seq: number;
  target: string;
  kind: number;
  to_file: number | null;
  to_node: number | null;
}

/** The link tables' writer, on the index writer's connection and inside its transactions. */
export class LinkWriter {
  private readonly statements: Record<string, Statement>;
  /** Files per vault, loaded on first use and kept in step by this writer's own writes. */
  private readonly vaults = new Map<number, VaultFiles>();
  /** Headings and blocks of target files (by file id), loaded when a subpath asks for them. */
  private readonly anchors = new Map<
    number,
    { headings: HeadingCandidate[]; blocks: Map<string, number> }
  >();
  /** `PRAGMA data_version` when the caches were last known good: another writer drops them. */
  private seenVersion = -1;
  /** A change was begun and not finished (its transaction failed): the caches may be wrong. */
  private open = false;

  constructor(db: Db) {
    const s = (sql: string) => db.prepare(sql);
    this.statements = {
      dataVersion: s('PRAGMA data_version').pluck(),
      vaultFiles: s(
        'SELECT id, path, aliases, first_node, node_count FROM files WHERE vault_id = ?',
      ),
      insertLink: s(`INSERT INTO links (vault_id, name_hash, file_id, seq, from_node, start, length,
        kind, target, to_file, to_node) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insertBlock: s('INSERT OR IGNORE INTO blocks (file_id, key, node) VALUES (?, ?, ?)'),
      deleteLinks: s('DELETE FROM links WHERE file_id = ?'),
      deleteBlocks: s('DELETE FROM blocks WHERE file_id = ?'),
      linksByName: s(`SELECT name_hash, file_id, seq, target, kind, to_file, to_node FROM links
        WHERE vault_id = ? AND name_hash = ?`),
      setTarget: s(`UPDATE links SET to_file = ?, to_node = ?
        WHERE vault_id = ? AND name_hash = ? AND file_id = ? AND seq = ?`),
      headings: s('SELECT id, depth, title, slug FROM nodes WHERE id > ? AND id < ? ORDER BY id'),
      blocks: s('SELECT key, node FROM blocks WHERE file_id = ?'),
      clearLinks: s('DELETE FROM links WHERE vault_id = ?'),
      clearBlocks: s(
        'DELETE FROM blocks WHERE file_id IN (SELECT id FROM files WHERE vault_id = ?)',
      ),
    };
  }

  /** Drops the caches when another connection wrote, or a change of ours was never finished. */
  private begin(): void {
    const version = this.statements.dataVersion!.get() as number;
    if (version !== this.seenVersion || this.open) this.forget();
    this.seenVersion = version;
    this.open = true;
  }

  /**
   * Starts a write or removal of the file with id `oldId` (null for a new file), before its rows
   * are dropped: forgets its links and blocks, and what resolution knew about it.
   */
  before(vaultId: number, oldId: number | null): LinkChange {
    this.begin();
    const files = this.files(vaultId);
    const old = oldId === null ? null : (files.byId.get(oldId) ?? null);
    if (old) {
      files.remove(old);
      this.anchors.delete(old.id);
      this.statements.deleteLinks!.run(old.id);
      this.statements.deleteBlocks!.run(old.id);
    }
    return { vaultId, old };
  }

  /** Finishes it: the new version's links and blocks (none for a removal), then re-resolution. */
  after(change: LinkChange, written: WrittenFile | null, doc: ChunkedDocument | null): void {
    const files = this.files(change.vaultId);
    const names = new Set<string>();
    if (change.old) for (const name of fileNames(change.old)) names.add(name);
    if (written && doc) {
      const entry: FileEntry = {
        id: written.id,
        path: written.path,
        aliases: doc.aliases,
        firstNode: written.firstNode,
        nodeCount: doc.nodes.length,
      };
      files.add(entry);
      this.insert(change.vaultId, entry, doc);
      for (const name of fileNames(entry)) names.add(name);
    }
    this.refresh(change.vaultId, names, written?.id ?? null);
    this.open = false;
  }

  /**
   * Writes the links and blocks of a file indexed before links existed (its rows stay as they
   * are; `doc` is its stored content chunked again).
   */
  backfill(vaultId: number, fileId: number, doc: ChunkedDocument): void {
    this.begin();
    const entry = this.files(vaultId).byId.get(fileId);
    if (entry) {
      this.statements.deleteLinks!.run(fileId);
      this.statements.deleteBlocks!.run(fileId);
      this.anchors.delete(fileId);
      this.insert(vaultId, entry, doc);
      // Links already read elsewhere may name one of its blocks, unknown until now.
      if (doc.blocks.length > 0) this.refresh(vaultId, new Set(fileNames(entry)), fileId);
    }
    this.open = false;
  }

  /** Inserts a document's blocks, then its links, each resolved. */
  private insert(vaultId: number, entry: FileEntry, doc: ChunkedDocument): void {
    const st = this.statements;
    for (const block of doc.blocks) {
      st.insertBlock!.run(entry.id, block.id.toLowerCase(), entry.firstNode + block.node);
    }
    doc.links.forEach((link, seq) => {
      const kind = (link.markdown ? MARKDOWN : 0) | (link.embed ? EMBED : 0);
      const path = parseLinkText(link.target, link.markdown).path;
      const to = this.resolve(vaultId, entry, link.target, kind);
      // A link inside its own note is found by that note's name.
      const name = path === '' ? nameKey(entry.path) : nameKey(path);
      st.insertLink!.run(
        vaultId,
        nameHash(name),
        entry.id,
        seq,
        entry.firstNode + link.node,
        link.start,
        link.end - link.start,
        kind,
        link.target,
        to.file,
        to.node,
      );
    });
  }

  /** Drops every link and block of a vault (before its files are dropped). */
  clearVault(vaultId: number): void {
    this.statements.clearBlocks!.run(vaultId);
    this.statements.clearLinks!.run(vaultId);
    this.forget();
  }

  /**
   * Re-resolves the links that may point elsewhere now: those naming one of `names` (which
   * include those that pointed at a changed file) — except the links of `skip`, resolved just now.
   */
  private refresh(vaultId: number, names: Set<string>, skip: number | null): void {
    const st = this.statements;
    const seen = new Set<string>();
    const rows: StoredLink[] = [];
    const collect = (found: StoredLink[]) => {
      for (const row of found) {
        if (row.file_id === skip) continue;
        const key = `${row.file_id}:${row.seq}`;
        if (!seen.has(key)) {
          seen.add(key);
          rows.push(row);
        }
      }
    };
    for (const name of names) {
      collect(st.linksByName!.all(vaultId, nameHash(name)) as StoredLink[]);
    }
    const files = this.files(vaultId);
    for (const row of rows) {
      const source = files.byId.get(row.file_id);
      if (!source) continue;
      const to = this.resolve(vaultId, source, row.target, row.kind);
      if (to.file !== row.to_file || to.node !== row.to_node) {
        st.setTarget!.run(to.file, to.node, vaultId, row.name_hash, row.file_id, row.seq);
      }
    }
  }

  /** Where a link of `source` points now: a file and a node of it, or nothing. */
  private resolve(
    vaultId: number,
    source: FileEntry,
    target: string,
    kind: number,
  ): { file: number | null; node: number | null } {
    const { path, subpath } = parseLinkText(target, (kind & MARKDOWN) !== 0);
    const files = this.files(vaultId);
    let file: FileEntry | null;
    if (path === '') {
      file = source;
    } else {
      file = pickFile(path, source.path, files.byName.get(nameKey(path)) ?? []);
      if (!file && !path.includes('/')) {
        file = pickByAlias(source.path, files.byAlias.get(aliasKey(path)) ?? []);
      }
    }
    if (!file) return { file: null, node: null };
    const node = subpath === '' ? null : this.subpathNode(file, subpath);
    return { file: file.id, node: node ?? file.firstNode };
  }

  private subpathNode(file: FileEntry, subpath: string): number | null {
    let anchors = this.anchors.get(file.id);
    if (!anchors) {
      const headings = (
        this.statements.headings!.all(file.firstNode, file.firstNode + file.nodeCount) as Array<{
          id: number;
          depth: number;
          title: string;
          slug: string | null;
        }>
      ).map((row) => ({ node: row.id, depth: row.depth, title: row.title, slug: row.slug }));
      const blockRows = this.statements.blocks!.all(file.id) as Array<{
        key: string;
        node: number;
      }>;
      anchors = { headings, blocks: new Map(blockRows.map((row) => [row.key, row.node])) };
      if (this.anchors.size >= 2_000) this.anchors.clear();
      this.anchors.set(file.id, anchors);
    }
    return pickSubpath(subpath, anchors.headings, anchors.blocks);
  }

  private files(vaultId: number): VaultFiles {
    let files = this.vaults.get(vaultId);
    if (!files) {
      files = new VaultFiles();
      const rows = this.statements.vaultFiles!.all(vaultId) as Array<{
        id: number;
        path: string;
        aliases: string;
        first_node: number;
        node_count: number;
      }>;
      for (const row of rows) {
        files.add({
          id: row.id,
          path: row.path,
          aliases: JSON.parse(row.aliases) as string[],
          firstNode: row.first_node,
          nodeCount: row.node_count,
        });
      }
      this.vaults.set(vaultId, files);
    }
    return files;
  }

  /** Forgets what it knew (a transaction holding changes of ours may have been rolled back). */
  forget(): void {
    this.vaults.clear();
    this.anchors.clear();
  }
}
