// The read side of the link graph (docs/links.md#backlinks): a document's outgoing links, the
// sections linking to it with the text around each link, and the links of a vault that point
// nowhere. On the reader's connection, like every other read.
import type {
  Backlink,
  LinksResponse,
  OutgoingLink,
  UnresolvedLink,
} from '#shared/contract/api.ts';
import type { Statement } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { decodeUtf8 } from '../analysis/utf8.ts';
import { displayBreadcrumb } from '../documents/display-title.ts';
import { findDocument } from '../documents/documents.ts';
import type { FileBrief, IndexReader } from '../store/index-reader.ts';
import { fileNames, nameHash } from './vault-files.ts';
import { tableLineAt } from '../search/readable-text.ts';
import { linkContext, type LinkContext } from './link-context.ts';
import { parseLinkText } from './link-text.ts';
import { pathKey } from './resolve.ts';

/** Backlinks listed by default (a hub note can have thousands; `backlinkCount` has them all). */
export const DEFAULT_BACKLINKS = 200;
/** Outgoing links listed by default (an index note can hold thousands; `outgoingCount`). */
export const DEFAULT_OUTGOING = 200;

/** Bytes of a link's line read on each side of it for its context, at most. */
const LINE_BYTES = 1024;
/** Bytes read above a link's line to tell whether it is a row of a table without pipes. */
const TABLE_BYTES = 4096;

const MARKDOWN = 1;
const EMBED = 2;

/** Plain string order of paths (stable across indexes of the same files). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const nodeId = (vault: string, path: string, slug: string | null) =>
  slug === null ? `${vault}:${path}` : `${vault}:${path}#${slug}`;

interface LinkRow {
  file_id: number;
  seq: number;
  from_node: number;
  start: number;
  length: number;
  kind: number;
  target: string;
  to_file: number | null;
  to_node: number | null;
}

interface UnresolvedRow {
  target: string;
  kind: number;
  path: string;
  vault: string;
  slug: string | null;
  file_id: number;
  start: number;
}

/** One link that points at no indexed file, where it is: `cli links --unresolved`. */
export interface UnresolvedLinkAt {
  vault: string;
  /** The file holding it, relative to its vault's folder. */
  path: string;
  /** Its line in that file, from 1. */
  line: number;
  /** What it names, as written. */
  target: string;
}

/** Queries over the `links` table. */
export class LinkReader {
  private readonly reader: IndexReader;
  private readonly statements: Record<string, Statement>;
  /** Every file's vault and path by id (from a covering index), for the reader's generation. */
  private paths: { generation: number; byId: Map<number, { vault: string; path: string }> } | null =
    null;

  constructor(reader: IndexReader) {
    this.reader = reader;
    const s = (sql: string) => reader.db.prepare(sql);
    const columns = 'file_id, seq, from_node, start, length, kind, target, to_file, to_node';
    this.statements = {
      outgoing: s(`SELECT ${columns} FROM links WHERE file_id = ? ORDER BY seq LIMIT ?`),
      outgoingCount: s('SELECT count(*) FROM links WHERE file_id = ?').pluck(),
      backlinks: s(`SELECT ${columns} FROM links
        WHERE vault_id = ? AND name_hash = ? AND to_file = ?`),
      paths: s(`SELECT f.id, v.name AS vault, f.path FROM files f
        JOIN vaults v ON v.id = f.vault_id`),
      everyLink: s(`SELECT ${columns} FROM links ORDER BY file_id, seq`),
      unresolved: s(`SELECT l.target, l.kind, f.path, v.name AS vault, n.slug, l.file_id, l.start
        FROM links l JOIN files f ON f.id = l.file_id JOIN vaults v ON v.id = l.vault_id
        JOIN nodes n ON n.id = l.from_node
        WHERE l.to_file IS NULL ORDER BY v.name, f.path, l.seq`),
    };
  }

  /** A document's outgoing links and the sections linking to it, each list up to its limit. */
  links(
    docId: string,
    limits = { backlinks: DEFAULT_BACKLINKS, outgoing: DEFAULT_OUTGOING },
  ): LinksResponse {
    const file = findDocument(this.reader, docId);
    const { outgoing, outgoingCount } = this.outgoing(file, limits.outgoing);
    const { backlinks, backlinkCount } = this.backlinks(file, limits.backlinks);
    return { docId, outgoing, outgoingCount, backlinks, backlinkCount };
  }

  /** The first `limit` links of the document, in its order, and how many it holds. */
  private outgoing(file: FileBrief, limit: number) {
    const rows = this.statements.outgoing!.all(file.id, limit) as LinkRow[];
    const outgoingCount =
      rows.length < limit ? rows.length : (this.statements.outgoingCount!.get(file.id) as number);
    const own = new Map(
      this.reader.briefs([...new Set(rows.map((row) => row.from_node))]).map((n) => [n.id, n]),
    );
    const pointsTo = this.targets(rows);
    const outgoing = rows.map((row): OutgoingLink => ({
      from: nodeId(file.vault, file.path, own.get(row.from_node)?.slug ?? null),
      to: pointsTo(row),
      target: row.target,
      embed: (row.kind & EMBED) !== 0,
    }));
    return { outgoing, outgoingCount };
  }

  /** The first `limit` sections linking to the document (by path, then position), and how many. */
  private backlinks(file: FileBrief, limit: number) {
    // Every link to the file names it by its name or an alias: those name ranges hold them all.
    const names = new Set(fileNames({ path: file.path, aliases: JSON.parse(file.aliases) }));
    const found: LinkRow[] = [];
    for (const name of names) {
      found.push(
        ...(this.statements.backlinks!.all(file.vault_id, nameHash(name), file.id) as LinkRow[]),
      );
    }
    const paths = this.pathsById();
    // Each row's path looked up once (a hub's thousands of rows are compared ~12 times each).
    const keyed = found.map((row) => ({ row, path: paths.get(row.file_id)?.path ?? '' }));
    keyed.sort((a, b) => compare(a.path, b.path) || a.row.seq - b.row.seq);
    const page = keyed.slice(0, limit).map((entry) => entry.row);
    const nodes = new Map(
      this.reader.briefs(page.map((row) => row.from_node)).map((row) => [row.id, row]),
    );
    const pointsHere = this.targets(page);
    // Named as results name them: a note titled by its file name reads as its first heading.
    const files = new Map(
      this.reader.files([...new Set(page.map((row) => row.file_id))]).map((f) => [f.id, f]),
    );
    const backlinks = page.map((row): Backlink => {
      const source = paths.get(row.file_id)!;
      const from = nodes.get(row.from_node);
      const file = files.get(row.file_id);
      return {
        from: nodeId(source.vault, source.path, from?.slug ?? null),
        to: pointsHere(row)!,
        target: row.target,
        ...this.context(row.file_id, row.start, row.start + row.length),
        docId: nodeId(source.vault, source.path, null),
        breadcrumb:
          from && file ? displayBreadcrumb(file, from.breadcrumb) : (from?.breadcrumb ?? ''),
        embed: (row.kind & EMBED) !== 0,
      };
    });
    return { backlinks, backlinkCount: found.length };
  }

  /** The node id each of `rows` points to (or null), their target nodes read in one go. */
  private targets(rows: LinkRow[]): (row: LinkRow) => string | null {
    const ids = rows.flatMap((row) => (row.to_node === null ? [] : [row.to_node]));
    const slugs = new Map(this.reader.briefs([...new Set(ids)]).map((n) => [n.id, n.slug]));
    const paths = this.pathsById();
    return (row) => {
      const file = row.to_file === null ? undefined : paths.get(row.to_file);
      if (!file) return null;
      return nodeId(file.vault, file.path, slugs.get(row.to_node!) ?? null);
    };
  }

  private pathsById(): Map<number, { vault: string; path: string }> {
    if (this.paths?.generation !== this.reader.generation) {
      const rows = this.statements.paths!.all() as Array<{
        id: number;
        vault: string;
        path: string;
      }>;
      this.paths = {
        generation: this.reader.generation,
        byId: new Map(rows.map((row) => [row.id, { vault: row.vault, path: row.path }])),
      };
    }
    return this.paths.byId;
  }

  /**
   * A digest of each document's links (section, target as written, where it points), by docId:
   * two indexes of the same folders hold the same graph when their digests agree (`cli ls`).
   */
  digests(): Map<string, string> {
    this.reader.refresh();
    const hashes = new Map<string, ReturnType<typeof createHash>>();
    const paths = this.pathsById();
    const rows = this.statements.everyLink!.all() as LinkRow[];
    const pointsTo = this.targets(rows);
    const from = new Map(
      this.reader.briefs(rows.map((row) => row.from_node)).map((n) => [n.id, n]),
    );
    for (const row of rows) {
      const source = paths.get(row.file_id)!;
      const docId = nodeId(source.vault, source.path, null);
      let hash = hashes.get(docId);
      if (!hash) hashes.set(docId, (hash = createHash('sha1')));
      const section = from.get(row.from_node)?.slug ?? '';
      hash.update(`${section}\u0000${row.target}\u0000${pointsTo(row) ?? ''}\n`);
    }
    return new Map([...hashes].map(([docId, hash]) => [docId, hash.digest('hex')]));
  }

  /** Links that point at no indexed file, grouped by what they name (most linked first). */
  unresolved(vault: string | null, limit: number): UnresolvedLink[] {
    this.reader.refresh();
    const groups = new Map<string, UnresolvedLink>();
    for (const row of this.statements.unresolved!.all() as UnresolvedRow[]) {
      if (vault !== null && row.vault !== vault) continue;
      const path = parseLinkText(row.target, (row.kind & MARKDOWN) !== 0).path;
      const key = `${row.vault}\u0000${pathKey(path)}`;
      let group = groups.get(key);
      if (!group) {
        group = { vault: row.vault, target: path, count: 0, from: [] };
        groups.set(key, group);
      }
      group.count++;
      const from = nodeId(row.vault, row.path, row.slug);
      if (group.from.length < 5 && !group.from.includes(from)) group.from.push(from);
    }
    return [...groups.values()]
      .sort((a, b) => b.count - a.count || a.target.localeCompare(b.target))
      .slice(0, limit);
  }

  /** Every link of the vault (every vault: null) that points at no indexed file, by file, then line. */
  unresolvedEach(vault: string | null): UnresolvedLinkAt[] {
    this.reader.refresh();
    const links: UnresolvedLinkAt[] = [];
    // Rows come by file, then position: each file's content is read and counted through once.
    let file: { id: number; content: Uint8Array; at: number; line: number } = {
      id: -1,
      content: new Uint8Array(),
      at: 0,
      line: 1,
    };
    for (const row of this.statements.unresolved!.all() as UnresolvedRow[]) {
      if (vault !== null && row.vault !== vault) continue;
      if (row.file_id !== file.id) {
        file = { id: row.file_id, content: this.reader.content(row.file_id), at: 0, line: 1 };
      } else if (row.start < file.at) {
        file = { ...file, at: 0, line: 1 }; // a link read out of its text's order: count again
      }
      const { content } = file;
      // A line ends at LF, CRLF or a lone CR, as CommonMark's (and an editor's) lines do.
      for (; file.at < row.start; file.at++) {
        const byte = content[file.at];
        if (byte === 10 || (byte === 13 && content[file.at + 1] !== 10)) file.line++;
      }
      links.push({ vault: row.vault, path: row.path, line: file.line, target: row.target });
    }
    return links;
  }

  /**
   * The text around a link as a reader sees it, and where the link's text is in it
   * (link-context.ts): its line, read up to `LINE_BYTES` each side of the link.
   */
  private context(fileId: number, start: number, end: number): LinkContext {
    const content = this.reader.content(fileId);
    const isLineEnd = (at: number) => content[at] === 10 || content[at] === 13;
    let from = start;
    const lowest = Math.max(0, start - LINE_BYTES);
    while (from > lowest && content[from - 1] !== 10) from--;
    let to = end;
    const highest = Math.min(content.length, end + LINE_BYTES);
    while (to < highest && !isLineEnd(to)) to++;
    // Never cut inside a character: step off UTF-8 continuation bytes.
    while (from > 0 && from < start && (content[from]! & 0xc0) === 0x80) from++;
    while (to < content.length && to > end && (content[to]! & 0xc0) === 0x80) to--;
    const before = decodeUtf8(content, from, start).text;
    const after = decodeUtf8(content, end, to).text;
    const cutBefore = from > 0 && content[from - 1] !== 10;
    // A row of a table written without its leading pipe is one only by the lines above it.
    let table = false;
    if (!cutBefore && (before.includes('|') || after.includes('|')) && !/^[ \t]*\|/.test(before)) {
      let above = Math.max(0, from - TABLE_BYTES);
      while (above < from && (content[above]! & 0xc0) === 0x80) above++;
      const lines = decodeUtf8(content, above, from).text;
      table = tableLineAt(lines + before + after, lines.length, TABLE_BYTES);
    }
    return linkContext({
      before,
      link: decodeUtf8(content, start, end).text,
      after,
      cutBefore,
      cutAfter: to < content.length && !isLineEnd(to),
      table,
    });
  }
}
