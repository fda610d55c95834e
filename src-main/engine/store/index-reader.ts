// The read side of the index, on its own connection (WAL: readers see the last committed state
// while the indexer writes). Statements are prepared once; values are always bound.
// size: every statement the read side runs sits here, prepared on the one connection beside the
// caches that `refresh` (its data_version) keeps valid; split, each part would share both.
import type { Statement } from 'better-sqlite3';
import { ContentCache, type StoredContent } from './file-contents.ts';
import { leadingVarint } from './sqlite-varint.ts';
import type { Db } from './database.ts';
import { VAULT_ROWID_SPAN, type NodeRow } from './node-rows.ts';

/** A node as merging and result building need it: its whole row (cached while valid). */
export type NodeBrief = NodeRow;

/** A file as results need it. */
export interface FileBrief {
  id: number;
  vault_id: number;
  vault: string;
  path: string;
  file_title: string;
  /**
   * The title of the note's first heading, if any ('' when it has no text, `# ` alone:
   * docs/design.md#display-titles).
   */
  first_heading: string | null;
  first_node: number;
  node_count: number;
  frontmatter: string | null;
  hash: string;
  tags: string;
  /** JSON array of the frontmatter aliases. */
  aliases: string;
  /** The file's modification time (epoch ms). */
  mtime_ms: number;
  /** Frontmatter `date`, `created`, `updated` (epoch ms), where given (docs/design.md#dates). */
  fm_date: number | null;
  fm_created: number | null;
  fm_updated: number | null;
}

/** A registered vault as the reader sees it: its `vaults` row (`ignore` a JSON array). */
export interface VaultRow {
  id: number;
  name: string;
  root: string;
  pinned: number;
  ignore: string;
  sample: number;
}

/** What `vaultStats` says of one vault. */
export interface VaultStats {
  vault: string;
  documents: number;
  sections: number;
  lastIndexed: number | null;
}

/** Cached briefs per kind at most (then the cache starts afresh). */
const CACHE_ROWS = 100_000;

const BRIEF_COLUMNS = 'n.*';

const FILE_COLUMNS = `f.id, f.vault_id, v.name AS vault, f.path, f.file_title, f.first_node, f.node_count,
  f.frontmatter, f.hash, f.tags, f.aliases, f.mtime_ms, d.date AS fm_date, d.created AS fm_created,
  d.updated AS fm_updated, (SELECT n.title FROM nodes n WHERE n.id > f.first_node
    AND n.id < f.first_node + f.node_count ORDER BY n.id LIMIT 1) AS first_heading`;

/**
 * The WHERE clause of an FTS5 query within vault rowid ranges. Parameters: the expression, then
 * (lo, hi) per range to keep (none: all) and per range to drop.
 */
export function matchWhere(rangeCount: number, excludeCount: number): string {
  const ranges = Array.from({ length: rangeCount }, () => '(rowid >= ? AND rowid < ?)');
  const excludes = Array.from({ length: excludeCount }, () => 'NOT (rowid >= ? AND rowid < ?)');
  return ['fts MATCH ?', ...(ranges.length ? [`(${ranges.join(' OR ')})`] : []), ...excludes].join(
    ' AND ',
  );
}

/** Read-only queries over the index. */
export class IndexReader {
  readonly db: Db;
  private readonly statements: Record<string, Statement>;
  private readonly matchStatements = new Map<string, Statement>();
  // Rows that cannot change until another connection commits: node and file briefs, and file
  // contents (inflating and copying a large file costs more than a whole FTS5 query). Dropped
  // whenever `PRAGMA data_version` moves; content is bounded in bytes, least recently used out.
  private currentVersion = -1;
  private cacheGeneration = 0;
  private readonly briefCache = new Map<number, NodeBrief>();
  private readonly fileCache = new Map<number, FileBrief>();
  private readonly contents: ContentCache;
  private vaultRows: VaultRow[] | null = null;

  constructor(db: Db) {
    this.db = db;
    const s = (sql: string) => db.prepare(sql);
    this.statements = {
      // `json_each(?) JOIN` rather than `IN (SELECT …)`: half the cost for a list of ids.
      briefs: s(`SELECT ${BRIEF_COLUMNS} FROM json_each(?) j JOIN nodes n ON n.id = j.value`),
      files: s(`SELECT ${FILE_COLUMNS} FROM json_each(?) j JOIN files f ON f.id = j.value
        JOIN vaults v ON v.id = f.vault_id LEFT JOIN file_dates d ON d.file_id = f.id`),
      fileByPath: s(`SELECT ${FILE_COLUMNS} FROM files f JOIN vaults v ON v.id = f.vault_id
        LEFT JOIN file_dates d ON d.file_id = f.id WHERE v.name = ? AND f.path = ?`),
      documentNodes: s('SELECT * FROM nodes WHERE id >= ? AND id < ? ORDER BY id'),
      nodeIdsAfter: s('SELECT id FROM nodes WHERE id > ? ORDER BY id LIMIT ?'),
      fileSizesAfter: s('SELECT id, length(content) FROM files WHERE id > ? ORDER BY id LIMIT ?'),
      nodeBySlug: s('SELECT * FROM nodes WHERE id >= ? AND id < ? AND slug = ?'),
      content: s('SELECT content, deflated FROM files WHERE id = ?'),
      vaults: s('SELECT id, name, root, pinned, ignore, sample FROM vaults ORDER BY name'),
      documents: s(`SELECT v.name AS vault, f.path, f.hash, f.node_count FROM files f
        JOIN vaults v ON v.id = f.vault_id ORDER BY v.name, f.path`),
      // In the (vault_id, path) index alone: no pass over the files' rows.
      paths: s(`SELECT f.path FROM files f WHERE f.vault_id = (SELECT id FROM vaults WHERE name = ?)
        ORDER BY f.path`).pluck(),
      vocabulary: s('SELECT term, doc FROM fts_vocab'),
      // fts5vocab answers `term = ?` by seeking (only that term's doclist is read), once per value.
      termRows: s('SELECT term, doc FROM fts_vocab WHERE term IN (SELECT value FROM json_each(?))'),
      termsBeginning: s('SELECT term, doc FROM fts_vocab WHERE term >= ? AND term < ? LIMIT ?'),
      termsAfter: s('SELECT term, doc FROM fts_vocab WHERE term > ? LIMIT ?'),
      // No pass over the files' rows (contents and all: 0.7 s on a million sections): documents
      // counted in the (vault_id, path) index, nodes (one FTS5 row each) in FTS5's row sizes
      // table within the vault's rowid range, and the last file indexed is the vault's newest
      // row (a file indexed again is inserted anew).
      vaultStats: s(`SELECT v.name AS vault,
        (SELECT count(*) FROM files f WHERE f.vault_id = v.id) AS documents,
        (SELECT count(*) FROM fts_docsize z WHERE z.id >= v.id * @span AND z.id < (v.id + 1) * @span) AS nodes,
        (SELECT f.indexed_at FROM files f WHERE f.id =
          (SELECT max(g.id) FROM files g WHERE g.vault_id = v.id)) AS lastIndexed
        FROM vaults v ORDER BY v.name`),
      rowCount: s('SELECT coalesce(sum(node_count), 0) FROM files'),
      // FTS5's averages record (id 1 of its data table): the row count, then each column's tokens.
      ftsAverages: s('SELECT block FROM fts_data WHERE id = 1'),
      dataVersion: s('PRAGMA data_version'),
    };
    const content = this.statements.content!;
    this.contents = new ContentCache((id) => content.get(id) as StoredContent | undefined);
  }

  /** The statement listing the rowids an FTS5 expression matches (no ranking), within vault ranges. */
  rowidStatement(rangeCount: number, excludeCount: number): Statement {
    const key = `ids/${rangeCount}/${excludeCount}`;
    let statement = this.matchStatements.get(key);
    if (!statement) {
      const where = matchWhere(rangeCount, excludeCount);
      statement = this.db.prepare(`SELECT rowid FROM fts WHERE ${where} LIMIT ?`).pluck();
      this.matchStatements.set(key, statement);
    }
    return statement;
  }

  /**
   * Starts a read (a search, an outline, an export…): drops the cached rows if another
   * connection committed since the last one. Every entry point calls it once.
   */
  refresh(): void {
    const version = this.dataVersion();
    if (version === this.currentVersion) return;
    this.currentVersion = version;
    this.clearCaches();
  }

  /**
   * Drops every cached row, file and content, as if the index had changed (`cli bench --cold`
   * measures searches that find nothing cached).
   */
  clearCaches(): void {
    this.briefCache.clear();
    this.fileCache.clear();
    this.contents.clear();
    this.vaultRows = null;
    this.cacheGeneration++;
  }

  /** The `data_version` seen by the last `refresh`: what every cache above is valid for. */
  get version(): number {
    return this.currentVersion;
  }

  /** Changes whenever the caches were dropped: what was derived from cached rows is stale. */
  get generation(): number {
    return this.cacheGeneration;
  }

  /**
   * The index terms that begin with `prefix`, in order, with how many rows hold each, at most
   * `limit` of them (fts5vocab reads each one's doclist to count them).
   */
  termsBeginning(prefix: string, limit = -1): Array<[term: string, rows: number]> {
    const statement = this.statements.termsBeginning!.raw();
    return statement.all(prefix, `${prefix}\u{10FFFF}`, limit) as Array<[string, number]>;
  }

  /** The first `limit` index terms after `term`, in order, with how many rows hold each. */
  termsAfter(term: string, limit: number): Array<[term: string, rows: number]> {
    return this.statements.termsAfter!.raw().all(term, limit) as Array<[string, number]>;
  }

  briefs(ids: number[]): NodeBrief[] {
    return this.cached(
      ids,
      this.briefCache,
      (missing) => this.statements.briefs!.all(JSON.stringify(missing)) as NodeBrief[],
    );
  }

  files(ids: number[]): FileBrief[] {
    return this.cached(
      ids,
      this.fileCache,
      (missing) => this.statements.files!.all(JSON.stringify(missing)) as FileBrief[],
    );
  }

  private cached<T extends { id: number }>(
    ids: number[],
    cache: Map<number, T>,
    load: (missing: number[]) => T[],
  ): T[] {
    const out: T[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const hit = cache.get(id);
      if (hit) out.push(hit);
      else missing.push(id);
    }
    if (missing.length > 0) {
      if (cache.size > CACHE_ROWS) cache.clear();
      for (const row of load(missing)) {
        cache.set(row.id, row);
        out.push(row);
      }
    }
    return out;
  }

  /** The rowids of the first `limit` nodes after rowid `after`, in order (warming walks them). */
  nodeIdsAfter(after: number, limit: number): number[] {
    return this.statements.nodeIdsAfter!.pluck().all(after, limit) as number[];
  }

  /** The ids of the first `limit` files after id `after`, in order, with their stored bytes. */
  fileSizesAfter(after: number, limit: number): Array<[id: number, bytes: number]> {
    return this.statements.fileSizesAfter!.raw().all(after, limit) as Array<[number, number]>;
  }

  fileByPath(vault: string, path: string): FileBrief | undefined {
    return this.statements.fileByPath!.get(vault, path) as FileBrief | undefined;
  }

  documentNodes(file: FileBrief): NodeRow[] {
    return this.statements.documentNodes!.all(
      file.first_node,
      file.first_node + file.node_count,
    ) as NodeRow[];
  }

  nodeBySlug(file: FileBrief, slug: string): NodeRow | undefined {
    return this.statements.nodeBySlug!.get(
      file.first_node,
      file.first_node + file.node_count,
      slug,
    ) as NodeRow | undefined;
  }

  /** A file's content as indexed (inflated when stored deflated). */
  content(fileId: number): Uint8Array {
    return this.contents.get(fileId, Infinity);
  }

  /**
   * At least the first `end` bytes of a file's content as indexed (all of it when shorter):
   * a search reads only the start of a huge section, and a huge note need not be inflated whole.
   */
  contentUpTo(fileId: number, end: number): Uint8Array {
    return this.contents.get(fileId, end);
  }

  /** Bytes of file content held in memory (a huge note's prefix only, after a search). */
  get contentBytesHeld(): number {
    return this.contents.bytes;
  }

  /**
   * The registered vaults, cached like the rows (the registry writes on another connection, so
   * `data_version` moves); the list is shared: not to be modified.
   */
  vaults(): VaultRow[] {
    return (this.vaultRows ??= this.statements.vaults!.all() as VaultRow[]);
  }

  /** Every indexed document, for `ls`: the state of two indexes can be compared. */
  documents(): Array<{ vault: string; path: string; hash: string; node_count: number }> {
    return this.statements.documents!.all() as Array<{
      vault: string;
      path: string;
      hash: string;
      node_count: number;
    }>;
  }

  /** The paths of a vault's documents, in order (docs/mcp.md#errors: what a wrong id meant). */
  paths(vault: string): string[] {
    return this.statements.paths!.all(vault) as string[];
  }

  /**
   * Per vault: its documents, their sections (every node below a document node) and when the
   * last of them was indexed (Unix epoch milliseconds; null without documents).
   */
  vaultStats(): VaultStats[] {
    const rows = this.statements.vaultStats!.all({ span: VAULT_ROWID_SPAN }) as Array<
      Omit<VaultStats, 'sections'> & { nodes: number }
    >;
    return rows.map(({ nodes, ...row }) => ({ ...row, sections: nodes - row.documents }));
  }

  /** Every distinct term of the index and how many rows hold it. */
  vocabulary(): Array<[term: string, rows: number]> {
    return this.statements.vocabulary!.raw().all() as Array<[string, number]>;
  }

  /** How many rows hold each of `terms` that is a term of the index (the others are left out). */
  termRows(terms: string[]): Array<[term: string, rows: number]> {
    return this.statements.termRows!.raw().all(JSON.stringify(terms)) as Array<[string, number]>;
  }

  /** How many rows (nodes) the index holds. */
  rowCount(): number {
    const averages = this.statements.ftsAverages!.pluck().get() as Buffer | undefined;
    const rows = averages ? leadingVarint(averages) : null;
    // Summing the files' node counts reads every page of the files table, contents and all
    // (0.9 s on msdocs-cpp with a cold page cache); FTS5 keeps the same count in one record.
    return rows ?? (this.statements.rowCount!.pluck().get() as number);
  }

  /** Changes whenever another connection commits: cached state is stale when it moves. */
  dataVersion(): number {
    return this.statements.dataVersion!.pluck().get() as number;
  }
}
