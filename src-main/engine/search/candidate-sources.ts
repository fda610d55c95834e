// Stage 2 of a search (docs/architecture.md#search): a topic's candidates — every section holding
// at least one wanted operand, exactly or through a fuzzy variant, within the filters — and what
// FTS5 tells about each: its bm25, which operands it holds exactly or only fuzzily, and whether a
// wanted word is in its own text, its title, or its context.
//
// Candidates come from three sources, read by one loop (topic-ranking.ts) only while their score
// bound can still reach the top: the sections holding every operand as typed (ranked in FTS5,
// fetched a page at a time), those holding every operand when fuzzy variants count, and the partial
// ones (partial-candidates.ts; read whole, or as ranked listings: ranked-listings.ts). `Source`
// is one of them and how far it has been read.
import type { IndexReader } from '../store/index-reader.ts';
import { Candidate } from './candidate.ts';
import { allOf, and, inFilters, not } from './fts-expressions.ts';
import {
  countRows,
  rowidsOf,
  scoredRows,
  type RowOrder,
  type ScoredRow,
} from './fts-statements.ts';
import { hiddenRows, unflaggedShare } from './hidden-shares.ts';
import {
  formsOf,
  listedForms,
  operandCeilings,
  readInTitle,
  readPartial,
  titleRows,
} from './partial-candidates.ts';
import { rankedListings, readListing, type RankedListing } from './ranked-listings.ts';
import { bm25Ceiling, orderBound, placement, scoreBound, type RankingOptions } from './ranking.ts';
import { allOperands, type Topic } from './topic.ts';

/**
 * A source of candidates and how far it has been read (see the head of this file): the sections
 * holding every operand as typed (`full`) or through fuzzy variants (`fuzzy`), read ranked a page
 * at a time; the partial ones read whole, once (`partial`), or, when a topic's partial rows are
 * split by the operands they hold, a ranked listing of them (`listing`, ranked-listings.ts).
 */
export type Source = FullSource | FuzzySource | ListingSource | PartialSource;

/** What every source has. */
interface SourceState {
  /** The highest score any of its unread candidates can reach (before the vault boost). */
  bound: number;
  /** True once it has no more rows. */
  done: boolean;
  /** The share of the topic's weight its rows' flags cannot show (`unflaggedShare`). */
  unflagged: number;
}

/** A source read ranked by FTS5, a page at a time (`nextRows`). */
interface PagedSource extends SourceState {
  /** Its FTS5 expression. */
  expr: string;
  /** Rows read so far. */
  offset: number;
  /** Its rows fetched and not yet returned. */
  rest: ScoredRow[] | null;
  /** How many statements fetched its rows (`LAST_FETCH`: all of them are fetched). */
  fetches: number;
  /**
   * Fetched down to this row order: its rows not fetched rank below it. Null when its fetches
   * were by count.
   */
  above: number | null;
}

/** What a full and a fuzzy source have: their rows hold every operand in some form. */
interface WholeSourceState extends PagedSource {
  /** The row order of the last row it returned. */
  last: number;
  /**
   * Its rows whose heading or context may hold what their flags cannot show (`hiddenRows`), and
   * those of them not yet `found`, best first. Undefined — any row may — until the source is
   * wanted past its first page.
   */
  hidden?: { rows: Set<number>; unread: ScoredRow[] };
}

/** The sections holding every operand as typed. */
export interface FullSource extends WholeSourceState {
  kind: 'full';
}

/** The sections holding every operand when fuzzy variants count, less the full source's. */
export interface FuzzySource extends WholeSourceState {
  kind: 'fuzzy';
  /** Per fuzzy operand: the source's rows holding it exactly. */
  exactRows: Map<number, Set<number>>;
  /** Per fuzzy operand: rows of `exactRows` this source has not returned yet. */
  unreadExact: Map<number, number>;
}

/** One of a topic's ranked listings of partial rows (ranked-listings.ts). */
export interface ListingSource extends PagedSource {
  kind: 'listing';
  listing: RankedListing;
  /** The look-ups the topic's listings share (partial-candidates.ts `markChecked`). */
  lookUps: Map<string, number[]>;
}

/** The partial candidates read whole, once (partial-candidates.ts `readPartial`). */
export interface PartialSource extends SourceState {
  kind: 'partial';
}

/** A source of whole matches (docs/design.md#whole-and-partial-matches). */
export type WholeSource = FullSource | FuzzySource;

/** Where candidates come from. */
export type SourceKind = Source['kind'];

/** What reading the sources needs. */
export interface SourceContext {
  reader: IndexReader;
  options: RankingOptions;
  /** bm25 column weights in column order. */
  weights: number[];
  /** Rows in the index (for the bm25 ceilings). */
  total: number;
}

/** The sources of a topic, unread, with their bounds (strict: full matches only). */
export function planSources(topic: Topic, context: SourceContext, strict: boolean): Source[] {
  const { wanted } = topic;
  const unflagged = (kind: SourceKind) => unflaggedShare(topic, kind, context.options.fuzzyWeight);
  const paged = (expr: string, bound: number) => ({
    expr,
    bound,
    offset: 0,
    done: false,
    rest: null,
    fetches: 0,
    above: null,
  });
  const full = (expr: string, bound: number): FullSource => ({
    kind: 'full',
    ...paged(expr, bound),
    last: Infinity,
    unflagged: unflagged('full'),
  });
  if (wanted.length === 0) {
    // Only filters (`title:guide`, `path:docs/`): they are the candidates.
    if (topic.restriction === null) return [];
    return [full(not(topic.restriction, topic.exclude), Infinity)];
  }
  const exact = allOf(wanted.map((w) => w.operand.expr));
  const sources: Source[] =
    topic.typing && wanted.length === 1 && wanted[0]!.rows > context.options.typedTitledRows
      ? [
          full(inFilters(topic, inTitle(exact)), Infinity),
          full(inFilters(topic, not(exact, inTitle(exact))), 0),
        ]
      : [full(inFilters(topic, exact), Infinity)];
  if (wanted.some((w) => w.operand.fuzzy)) {
    const fuzzy = allOf(wanted.map((w) => w.operand.fuzzy ?? w.operand.expr));
    sources.push({
      kind: 'fuzzy',
      ...paged(inFilters(topic, not(fuzzy, exact)), fuzzyBound(topic, context)),
      last: Infinity,
      unflagged: unflagged('fuzzy'),
      exactRows: new Map(),
      unreadExact: new Map(),
    });
  }
  if (!strict && wanted.length > 1) {
    const bound = partialBound(topic, context);
    const listings = rankedListings(topic, context);
    if (!listings) {
      sources.push({ kind: 'partial', bound, done: false, unflagged: unflagged('partial') });
    }
    const lookUps = new Map<string, number[]>();
    for (const listing of listings ?? []) {
      sources.push({
        kind: 'listing',
        ...paged(inFilters(topic, listing.expr), listing.ceiling),
        unflagged: unflagged('listing'),
        listing,
        lookUps,
      });
    }
  }
  return sources;
}

/**
 * `expr` within the title column. A word typed alone (docs/design.md#the-word-being-typed) held by
 * more rows than `typedTitledRows` finds the sections naming it in their title first: its full
 * source is split in two, the rows holding it in their title (ranked as before), then the others
 * with bound 0 — read only while the top is short of candidates. Ranking every row of a short
 * word's completions ('con': ~33k rows) took ~30 ms a keystroke, its ~2,900 titled rows ~7; a
 * word held by fewer rows ranks them all in a few milliseconds (docs/benchmarks.md#typed-prefixes).
 */
const inTitle = (expr: string) => `{title} : (${expr})`;

/**
 * The highest score a candidate of the partial source can reach: it lacks some operand in every
 * form (partial-candidates.ts leaves a row holding them all to the full and fuzzy sources). The
 * others add at most their forms' bm25 ceilings (a narrowed listed form also scores the others'
 * phrases) and their common-word estimates; the placement at most that of heading and context
 * shares as large as its coverage. When every form is common, the rarest is read in its title
 * (partial-candidates.ts `narrowed`), a phrase whose idf is its title rows', above its ceiling
 * anywhere: its ceiling is its title rows' (counted;
 * docs/benchmarks.md#statements-per-search-and-what-they-cost). Infinity when a ceiling is unknown
 * (a group, a word being typed) or filters score too
 * (docs/benchmarks.md#the-partial-sources-bound).
 */
function partialBound(topic: Topic, context: SourceContext): number {
  const { options, total } = context;
  if (topic.restriction !== null || topic.exclude !== null) return Infinity;
  const listed = listedForms(formsOf(topic), options);
  const narrowed = listed.narrowed ? (listed.forms[0] ?? null) : null;
  const titled = narrowed && readInTitle(topic, narrowed) ? narrowed : null;
  // No title rows: none is read in its title.
  const rows = titled ? titleRows(context.reader, titled.expr) : 0;
  const share = operandCeilings(topic, total, options, rows > 0 ? titled!.operand : -1, rows);
  const power = options.coveragePower;
  let best = 0;
  topic.wanted.forEach((w, j) => {
    // The others' sum, not all minus this one's: two groups' Infinity − Infinity is NaN, and a
    // NaN bound left the partial source unread (`ownership (zzqqxx OR yyqq)` found nothing).
    const others = share.reduce((sum, c, i) => (i === j ? sum : sum + c), 0);
    const coverage = (topic.weight - w.weight) / topic.weight;
    // Its heading and context shares are at most its coverage, as in `scoreBound`.
    const where = placement({ heading: coverage, context: coverage }, options);
    if (coverage > 0) best = Math.max(best, others * coverage ** power * where);
  });
  return best;
}

/**
 * The highest score an unread row of the fuzzy source can reach. Its bm25 is FTS5's over the
 * fuzzy expression — each phrase's idf × a part below k1 + 1, so at most the phrases' ceilings
 * (`bm25Ceiling`) — less the exact form it lacks (of at least one operand with variants, the
 * least one's ceiling); its coverage at most `fuzzyCoverage`'s before any row is read; its
 * heading and context shares at most that coverage (`scoreBound`). Infinity when a ceiling is
 * unknown (a phrase's idf within a column, a prefix, a group, a typed word's completions) or
 * filters score too. Before, the source was read first whatever its bound: 'CDocument' at ten
 * copies of msdocs-cpp ranked 400 rows of its variant 'document' (31 ms of a 42 ms search) whose
 * bound, 5.2 after them, was far below the top's floor, 35.5
 * (docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp).
 */
function fuzzyBound(topic: Topic, context: SourceContext): number {
  const { options, total } = context;
  if (topic.restriction !== null || topic.exclude !== null || topic.weight <= 0) return Infinity;
  let ceilings = 0;
  let lacked = Infinity;
  let lightest = Infinity;
  for (const { operand, rows, variantRows, weight } of topic.wanted) {
    const [only] = operand.highlights;
    const plain = (h: { terms: string[]; prefix: boolean }) => !h.prefix && h.terms.length === 1;
    if (operand.highlights.length !== 1 || only!.prefix || operand.expr.includes('{'))
      return Infinity;
    if (operand.fuzzy && !operand.fuzzyHighlights.every(plain)) return Infinity;
    // A phrase's own row count is unknown (its rarest word's is an upper bound): at least 1.
    const own = bm25Ceiling(only!.terms.length > 1 ? 1 : rows, total);
    ceilings += own;
    for (const variant of variantRows) ceilings += bm25Ceiling(variant, total);
    if (!operand.fuzzy) continue;
    lacked = Math.min(lacked, own);
    lightest = Math.min(lightest, weight);
  }
  if (lightest === Infinity) return Infinity;
  const coverage = Math.min(
    1,
    (topic.weight - (1 - options.fuzzyWeight) * lightest) / topic.weight,
  );
  const bm25 = Math.max(0, ceilings - lacked);
  const of = { bm25, coverage, boost: 1, titled: true, contexted: true, unflagged: 0 };
  return scoreBound(of, options);
}

/**
 * Reads a source's next candidates into `found` and returns the new ones (`page`: rows wanted
 * from a ranked source; `least`: the least score bound a row needs to reach the top now — it
 * only rises while the top is read).
 */
export function readSource(
  source: Source,
  topic: Topic,
  context: SourceContext,
  found: Map<number, Candidate>,
  page: number,
  least = 0,
): Candidate[] {
  if (source.kind === 'partial') {
    source.done = true;
    return readPartial(topic, context, found);
  }
  const order: RowOrder = {
    heading: context.options.headingWeight,
    context: context.options.contextWeight,
  };
  if (source.kind === 'listing') {
    const rows = nextRows(source, topic, context, order, page, least);
    source.offset += rows.length;
    return readListing(source, rows, page, topic, context, found);
  }
  // Wanted past its first page, a source whose rows may hide a heading share first finds those
  // that do and renews its bound, which may no longer reach the top: most sources are read once
  // and never pay for the statements (`hiddenRows`), nor one with a page or less left to read
  // (they cost more than the page: 'std::function' 10 ms for its last 50 rows at ten copies).
  const hides = source.unflagged > 0;
  if (hides && source.offset > 0 && !source.hidden && pagesLeft(source, context, page)) {
    hiddenRows(source, topic, context, order);
    boundSource(source, topic, context, found);
    return [];
  }
  const rows = nextRows(source, topic, context, order, page, least);
  source.offset += rows.length;
  // Typed, the full source gives its first page only: twice the candidates the top asks for.
  // Its next rows' bound is the last row's, and a score may reach it through the heading and
  // context shares, so the top read on: ranking all of 'const refer's 5,195 rows a second time
  // to fetch 3,200 more (docs/benchmarks.md#typed-prefixes).
  source.done =
    (rows.length < page && source.above === null) || (topic.typing && source.kind === 'full');
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
    markExact(topic, context, source, fresh);
    countUnreadExact(source, rows);
  }
  if (rows.length > 0) {
    const [, bm25, , title, contextFlag] = rows[rows.length - 1]!;
    source.last = bm25 * (1 + order.heading * title + order.context * contextFlag);
  }
  // Its rows fetched down to an order are all returned: the others rank below it.
  if (source.above !== null && source.rest?.length === 0)
    source.last = Math.min(source.last, source.above);
  if (rows.length > 0 || source.above !== null) boundSource(source, topic, context, found);
  return fresh;
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
function boundSource(
  source: WholeSource,
  topic: Topic,
  context: SourceContext,
  found: Map<number, Candidate>,
): void {
  const coverage = source.kind === 'fuzzy' ? fuzzyCoverage(topic, context, source) : 1;
  const { hidden, unflagged } = source;
  source.bound = orderBound(source.last, coverage, hidden ? 0 : unflagged, context.options);
  if (!hidden) return;
  hidden.unread = hidden.unread.filter((row) => !found.has(row[0]));
  for (const [, bm25, , title, where] of hidden.unread) {
    const of = { bm25, coverage, boost: 1, titled: title > 0, contexted: where > 0, unflagged };
    source.bound = Math.max(source.bound, scoreBound(of, context.options));
  }
}

/** Rows fetched past the first page by a source's second statement, in pages (its third: all). */
const SECOND_FETCH_PAGES = 8;
/** A source's statements at most: the last fetches all its rows that are left. */
const LAST_FETCH = 3;

/**
 * A ranked source's next `page` rows. Every run of its statement scores and sorts all the rows
 * of its expression (FTS5 cannot rank a page alone), so paging with OFFSET cost a whole run per
 * page: a fuzzy source of a common variant ('rvalue' → 'value': 8,000 rows, 20 pages) took
 * seconds. The first page is one run with a LIMIT; the second run fetches the next
 * `SECOND_FETCH_PAGES` pages, a third all the rest, and pages come from what was fetched — the
 * same rows in the same order as paging. Fetching all the rest at the second page made
 * 'lvalue rvalue' on ten copies of msdocs-cpp turn 100k rows into arrays to use 1,600 of them
 * (docs/benchmarks.md#search-v2-speed-fixes).
 */
function nextRows(
  source: WholeSource | ListingSource,
  topic: Topic,
  context: SourceContext,
  order: RowOrder,
  page: number,
  least: number,
): ScoredRow[] {
  const rest = source.rest ?? [];
  if (rest.length >= page || source.fetches === LAST_FETCH) return rest.splice(0, page);
  // Fetched down to an order, its rows are what can reach the top: the last of them, then (read
  // again: a larger top) all the rest.
  if (source.above !== null && rest.length > 0) return rest.splice(0, page);
  source.above = null;
  const { reader, weights } = context;
  source.fetches++;
  const limit = source.fetches === 1 ? page : source.fetches === 2 ? SECOND_FETCH_PAGES * page : -1;
  const fetch = { limit, offset: source.offset + rest.length };
  const down =
    source.fetches === 2 && source.kind !== 'listing'
      ? leastOrder(source, topic, context, least)
      : 0;
  const rows = scoredRows(
    reader,
    source.expr,
    topic.scope,
    weights,
    order,
    down > 0 ? { ...fetch, limit: -1, least: down } : fetch,
  );
  if (down > 0) source.above = down;
  else if (rows.length < limit) source.fetches = LAST_FETCH; // nothing more to fetch
  source.rest = rest.length === 0 ? rows : rest.concat(rows);
  return source.rest.splice(0, page);
}

/**
 * The least row order whose score bound (`orderBound`, as `boundSource` takes it) reaches
 * `least`; 0 while nothing can be told (no floor yet). A full or fuzzy source's second fetch
 * takes the rows of at least this order, all of them, in place of its next eight pages: the
 * statement scores every row either way, and sorts only those that can still count. 'MFC
 * ribbon' at ten copies of msdocs-cpp ranked all 21,670 rows of its full source three times
 * (the first page, eight more, then the 18,070 left: 27 + 35 + 45 ms) to visit 7,280; down to
 * the floor after its first page, its second statement returns ~5,700 rows (~28 ms) and is its
 * last (docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp).
 */
function leastOrder(
  source: WholeSource,
  topic: Topic,
  context: SourceContext,
  least: number,
): number {
  if (!(least > 0) || !Number.isFinite(least)) return 0;
  const { options } = context;
  const coverage = source.kind === 'fuzzy' ? fuzzyCoverage(topic, context, source) : 1;
  const { hidden, unflagged } = source;
  const most = orderBound(1, coverage, hidden ? 0 : unflagged, options);
  if (!(most > 0)) return 0;
  let order = least / most;
  // A row that may hide a share has its own bound (`boundSource`): down to the last that counts.
  for (const [, bm25, , title, where] of hidden?.unread ?? []) {
    const of = { bm25, coverage, boost: 1, titled: title > 0, contexted: where > 0, unflagged };
    if (scoreBound(of, options) < least) continue;
    order = Math.min(
      order,
      bm25 * (1 + options.headingWeight * title + options.contextWeight * where),
    );
  }
  // A little lower, so rounding cannot leave out a row at the floor, nor keep the rows below it
  // within the source's bound.
  return order * (1 - 1e-9);
}

/**
 * The most coverage an unread row of the fuzzy source can have: it lacks the exact form of at
 * least one operand that has variants (else it would hold them all), which then counts
 * `fuzzyWeight` of its weight — and of every operand whose exact rows in the source have all
 * been read. Its score bound (ranking.ts `scoreBound`: bm25 × coverage² × placement, the heading
 * and context shares at most the coverage) is at most its row order × this squared. Without the
 * first, the source's bound was a full match's, and a query whose word has a common variant
 * ('rvalue' → 'value') read all its rows; without the second, a typed 'rvalue refe' still read
 * all 8,000 of them once its few rows holding 'rvalue' itself were read
 * (docs/benchmarks.md#typed-queries-and-the-fuzzy-sources-bound).
 */
function fuzzyCoverage(topic: Topic, context: SourceContext, source: FuzzySource): number {
  const { wanted, weight } = topic;
  if (weight <= 0) return 1;
  const { fuzzyWeight } = context.options;
  let lightest = Infinity;
  let closed = false;
  let sum = 0;
  for (const [i, w] of wanted.entries()) {
    const open = !w.operand.fuzzy || source.unreadExact.get(i) !== 0;
    if (w.operand.fuzzy && open) lightest = Math.min(lightest, w.weight);
    closed ||= !open;
    sum += open ? w.weight : fuzzyWeight * w.weight;
  }
  if (closed) return Math.min(1, sum / weight);
  if (lightest === Infinity) return 1;
  return Math.min(1, (weight - (1 - fuzzyWeight) * lightest) / weight);
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
function markExact(topic: Topic, context: SourceContext, source: FuzzySource, fresh: Candidate[]) {
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
