// Stage 2 of a search, read (docs/architecture.md#search): a source planned by candidate-sources.ts
// read into candidates, and its bound renewed — what FTS5 tells about each candidate: its bm25,
// which operands it holds exactly or only fuzzily, and whether a wanted word is in its own text,
// its title, or its context. The full and fuzzy sources are read here, ranked a page at a time;
// the partial source whole (partial-candidates.ts) or a ranked listing's page (ranked-listings.ts).
import { Candidate } from './candidate.ts';
import {
  fuzzyCoverage,
  type FuzzySource,
  type ListingSource,
  type Source,
  type SourceContext,
  type WholeSource,
} from './candidate-sources.ts';
import { and } from './fts-expressions.ts';
import {
  countRows,
  orderOf,
  rowidsOf,
  rowOrderOf,
  scoredRows,
  type ScoredRow,
} from './fts-statements.ts';
import { hiddenRows } from './hidden-shares.ts';
import { readPartial } from './partial-candidates.ts';
import { readListing } from './ranked-listings.ts';
import { orderBound, scoreBound } from './ranking.ts';
import { allOperands, type Topic } from './topic.ts';

/** What reading one topic's sources shares from read to read (topic-ranking.ts holds one). */
export interface TopicReading {
  topic: Topic;
  context: SourceContext;
  /** The candidates its sources gave so far, by rowid: a row another source gave is not new. */
  found: Map<number, Candidate>;
}

/**
 * Reads a source's next candidates into `reading.found` and returns the new ones (`page`: rows
 * wanted from a ranked source; `least`: the least score bound a row needs to reach the top now —
 * it only rises while the top is read).
 */
export function readSource(
  source: Source,
  reading: TopicReading,
  page: number,
  least = 0,
): Candidate[] {
  if (source.kind === 'partial') {
    source.done = true;
    return readPartial(reading, source.plan);
  }
  if (source.kind === 'listing') {
    const rows = nextRows(source, reading, page, least);
    source.offset += rows.length;
    return readListing(source, rows, page, reading);
  }
  return readWhole(source, reading, page, least);
}

/** `readSource` of a full or fuzzy source: its next page, each row a candidate holding all. */
function readWhole(
  source: WholeSource,
  reading: TopicReading,
  page: number,
  least: number,
): Candidate[] {
  const { topic, context, found } = reading;
  // Wanted past its first page, a source whose rows may hide a heading share first finds those
  // that do and renews its bound, which may no longer reach the top: most sources are read once
  // and never pay for the statements (`hiddenRows`), nor one with a page or less left to read
  // (they cost more than the page: 'std::function' 10 ms for its last 50 rows at ten copies;
  // docs/benchmarks.md#statements-per-search-and-what-they-cost).
  const hides = source.unflagged > 0;
  if (hides && source.offset > 0 && !source.hidden && pagesLeft(source, context, page)) {
    hiddenRows(source, topic, context);
    boundSource(source, reading);
    return [];
  }
  const rows = nextRows(source, reading, page, least);
  source.offset += rows.length;
  // Typed, the full source gives its first page only: twice the candidates the top asks for.
  // Its next rows' bound is the last row's, which a score may reach through the heading and
  // context shares, so the top would read on: all of 'const refer''s 5,195 rows ranked again to
  // fetch 3,200 more (docs/benchmarks.md#typed-prefixes).
  source.done =
    (rows.length < page && source.fetchedDownTo === null) ||
    (topic.typing && source.kind === 'full');
  const all = allOperands(topic);
  const fresh: Candidate[] = [];
  for (const row of rows) {
    if (found.has(row[0])) continue;
    const candidate = new Candidate(row[0]);
    candidate.addRow(row, 1);
    candidate.exact = all;
    found.set(row[0], candidate);
    fresh.push(candidate);
  }
  if (source.kind === 'fuzzy') {
    markExact(source, reading, fresh);
    countUnreadExact(source, rows);
  }
  if (rows.length > 0) source.last = orderOf(rows[rows.length - 1]!, rowOrderOf(context.options));
  // Its rows fetched down to an order are all returned: the others rank below it.
  if (source.fetchedDownTo !== null && source.rest?.length === 0)
    source.last = Math.min(source.last, source.fetchedDownTo);
  if (rows.length > 0 || source.fetchedDownTo !== null) boundSource(source, reading);
  return fresh;
}

/**
 * The most coverage an unread row of a full or fuzzy source can have: all of it for the full
 * source (its rows hold every operand as typed), `fuzzyCoverage` for the fuzzy one.
 */
function coverageOf(source: WholeSource, { topic, context }: TopicReading): number {
  return source.kind === 'fuzzy' ? fuzzyCoverage(topic, context.options, source.unreadExact) : 1;
}

/**
 * The score bound of a row of `hiddenRows` (it may hide a heading share): as the rank stage
 * bounds a candidate from its flags (topic-ranking.ts).
 */
function hiddenRowBound(
  [, bm25, , title, inContext]: ScoredRow,
  coverage: number,
  unflagged: number,
  context: SourceContext,
): number {
  const of = { bm25, coverage, boost: 1, titled: title > 0, contexted: inContext > 0, unflagged };
  return scoreBound(of, context.options);
}

/** True when a full or fuzzy source has more than `page` rows left (one capped count). */
function pagesLeft(source: WholeSource, context: SourceContext, page: number): boolean {
  const cap = source.offset + page + 1;
  return countRows(context.reader, source.expr, cap) === cap;
}

/**
 * A full or fuzzy source's bound: its next row's order is at most its last row's; its bound may
 * take a heading share its flags do not show (`unflaggedShare`) — until its `hiddenRows` are
 * known, then only theirs, each bounded as the rank stage bounds it.
 */
function boundSource(source: WholeSource, reading: TopicReading): void {
  const { context, found } = reading;
  const coverage = coverageOf(source, reading);
  const { hidden, unflagged } = source;
  source.bound = orderBound(source.last, coverage, hidden ? 0 : unflagged, context.options);
  if (!hidden) return;
  hidden.unread = hidden.unread.filter((row) => !found.has(row[0]));
  for (const row of hidden.unread)
    source.bound = Math.max(source.bound, hiddenRowBound(row, coverage, unflagged, context));
}

/** Rows fetched past the first page by a source's second statement, in pages (its third: all). */
const SECOND_FETCH_PAGES = 8;
/** A source's statements at most: the last fetches all its rows that are left. */
const LAST_FETCH = 3;

/**
 * A ranked source's next `page` rows. Every run of its statement scores and sorts all the rows
 * of its expression (FTS5 cannot rank a page alone), so a page is no run of its own with an
 * OFFSET (a fuzzy source of a common variant, 'rvalue' → 'value': 8,000 rows in 20 pages, took
 * seconds so). The first page is one run with a LIMIT; the second run fetches the next
 * `SECOND_FETCH_PAGES` pages, a third all the rest, and pages come from what was fetched — the
 * same rows in the same order as paging. All the rest at the second would turn 100k rows into
 * arrays to use 1,600 ('lvalue rvalue' at ten copies of msdocs-cpp;
 * docs/benchmarks.md#search-v2-speed-fixes).
 */
function nextRows(
  source: WholeSource | ListingSource,
  reading: TopicReading,
  page: number,
  least: number,
): ScoredRow[] {
  const rest = source.rest ?? [];
  if (rest.length >= page || source.fetches === LAST_FETCH) return rest.splice(0, page);
  // Fetched down to an order, its rows are what can reach the top: the last of them, then (read
  // again: a larger top) all the rest.
  if (source.fetchedDownTo !== null && rest.length > 0) return rest.splice(0, page);
  source.fetchedDownTo = null;
  const { topic, context } = reading;
  const { reader, weights } = context;
  source.fetches++;
  const limit = source.fetches === 1 ? page : source.fetches === 2 ? SECOND_FETCH_PAGES * page : -1;
  const fetch = { limit, offset: source.offset + rest.length };
  const down =
    source.fetches === 2 && source.kind !== 'listing' ? leastOrder(source, reading, least) : 0;
  const rows = scoredRows(
    reader,
    source.expr,
    topic.scope,
    weights,
    rowOrderOf(context.options),
    down > 0 ? { ...fetch, limit: -1, least: down } : fetch,
  );
  if (down > 0) source.fetchedDownTo = down;
  else if (rows.length < limit) source.fetches = LAST_FETCH; // nothing more to fetch
  source.rest = rest.length === 0 ? rows : rest.concat(rows);
  return source.rest.splice(0, page);
}

/**
 * The least row order whose score bound (`orderBound`, as `boundSource` takes it) reaches
 * `least`; 0 while nothing can be told (no floor yet). A full or fuzzy source's second fetch
 * takes the rows of at least this order, all of them, in place of its next `SECOND_FETCH_PAGES`
 * pages: the statement scores every row either way, and sorts only those that can still count
 * ('MFC ribbon' at ten copies of msdocs-cpp: ~5,700 of its 21,670 rows sorted, and no third
 * statement; docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp).
 */
function leastOrder(source: WholeSource, reading: TopicReading, least: number): number {
  if (!(least > 0) || !Number.isFinite(least)) return 0;
  const { context } = reading;
  const coverage = coverageOf(source, reading);
  const { hidden, unflagged } = source;
  const most = orderBound(1, coverage, hidden ? 0 : unflagged, context.options);
  if (!(most > 0)) return 0;
  let order = least / most;
  // A row that may hide a share has its own bound (`boundSource`): down to the last that counts.
  for (const row of hidden?.unread ?? []) {
    if (hiddenRowBound(row, coverage, unflagged, context) < least) continue;
    order = Math.min(order, orderOf(row, rowOrderOf(context.options)));
  }
  // A little lower, so rounding cannot leave out a row at the floor, nor keep the rows below it
  // within the source's bound.
  return order * (1 - 1e-9);
}

/** Counts down, per fuzzy operand, the source's rows holding it exactly that are still unread. */
function countUnreadExact(source: FuzzySource, rows: ScoredRow[]): void {
  for (const [i, exact] of source.exactRows) {
    let left = source.unreadExact.get(i) ?? exact.size;
    for (const row of rows) if (exact.has(row[0])) left--;
    source.unreadExact.set(i, left);
  }
}

/** Sorts the candidates of the fuzzy source into operands held exactly and only fuzzily. */
function markExact(source: FuzzySource, { topic, context }: TopicReading, fresh: Candidate[]) {
  const byRow = new Map(fresh.map((c) => [c.rowid, c]));
  topic.wanted.forEach((w, i) => {
    if (!w.operand.fuzzy) return;
    let exact = source.exactRows.get(i);
    if (!exact) {
      exact = new Set(rowidsOf(context.reader, and(w.operand.expr, source.expr)));
      source.exactRows.set(i, exact);
    }
    for (const [rowid, c] of byRow) {
      if (exact.has(rowid)) continue;
      c.exact &= ~(1 << i);
      c.fuzzy |= 1 << i;
    }
  });
}
