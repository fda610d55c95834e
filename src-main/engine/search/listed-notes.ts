// Queries that list notes (docs/design.md#date-filters): a query of date filters and nothing to look
// for — `modified:<7d`, perhaps with `vault:` or `path:` — lists the notes in the range as whole
// documents, newest first by its first filter's date; a query of `vault:` filters alone lists
// the vault's notes, newest first by modification. Such a topic skips stages 2 and 3
// (docs/architecture.md#search; pipeline.ts `mergeTopics`): no word to find, so no FTS5 query, no
// `Source` and no score but its rank; every file of the index is tested, which costs a few
// milliseconds per 10,000 notes.
import type { Statement } from 'better-sqlite3';
import { fileDate, sortNewestFirst, type DatedFile } from '../dates/file-dates.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { Candidate } from './candidate.ts';
import type { Scope, Topic } from './topic.ts';
import type { SearchTree } from './tree.ts';

/** A file as a date-only query tests it: its first node (the document's row) and its dates. */
interface FileRow extends DatedFile {
  first_node: number;
}

const STATEMENTS = new WeakMap<IndexReader, Statement>();

function fileRows(reader: IndexReader): FileRow[] {
  let statement = STATEMENTS.get(reader);
  if (!statement) {
    statement = reader.db.prepare(`SELECT f.first_node, f.path, f.mtime_ms, d.date AS fm_date,
      d.created AS fm_created, d.updated AS fm_updated
      FROM files f LEFT JOIN file_dates d ON d.file_id = f.id`);
    STATEMENTS.set(reader, statement);
  }
  return statement.all() as FileRow[];
}

/**
 * True when a topic lists notes instead of ranking them: nothing wanted, no field word
 * (`title:x`) and no negated word, which only FTS5 can test; and date filters (with any other
 * filter) or `vault:` filters alone (`path:dir/` alone is ranked by its path words instead).
 */
export function listsNotes(topic: Topic): boolean {
  const { dates, vaults, excludeVaults, pathPrefixes, excludePathPrefixes } = topic.query.filters;
  const vaultsAlone =
    vaults.length + excludeVaults.length > 0 &&
    pathPrefixes.length + excludePathPrefixes.length === 0;
  return (
    (dates.length > 0 || vaultsAlone) &&
    topic.wanted.length === 0 &&
    topic.filterLabels.length === 0 &&
    topic.exclude === null
  );
}

const inScope = (rowid: number, scope: Scope) =>
  (scope.include === null || scope.include.some((r) => rowid >= r.lo && rowid < r.hi)) &&
  !scope.exclude.some((r) => rowid >= r.lo && rowid < r.hi);

/**
 * A listing topic's raw matches: the `limit` newest documents within its filters (by its first
 * date filter's date, else by modification), each a full match of its document node, scored from
 * 1 down by rank (so relevance order is newest first).
 */
export function listedNotes(topic: Topic, reader: IndexReader, tree: SearchTree, limit: number) {
  const field = topic.query.filters.dates[0]?.field ?? 'modified';
  const kept = fileRows(reader).filter(
    (row) => inScope(row.first_node, topic.scope) && topic.acceptsFile(row),
  );
  sortNewestFirst(kept, (row) => fileDate(row, field));
  const page = kept.slice(0, limit);
  tree.load(page.map((row) => row.first_node));
  const out: Candidate[] = [];
  page.forEach((row, rank) => {
    const key = tree.keyOf(row.first_node);
    if (key === undefined) return; // removed since the list was read
    const c = new Candidate(row.first_node);
    c.key = key;
    c.topic = topic.index;
    c.full = true;
    c.score = c.evidence = 1 - rank / (page.length + 1);
    out.push(c);
  });
  return out;
}
