// Stage 2 of a search, planned (docs/architecture.md#search): which sources a topic's candidates
// come from, and the highest score each one's unread rows can reach. A candidate is a section
// holding at least one wanted operand, exactly or through a fuzzy variant, within the filters.
//
// There are three sources, each read (source-reading.ts) by one loop (topic-ranking.ts) only while
// its bound can still reach the top: the sections holding every operand as typed (ranked in FTS5,
// fetched a page at a time), those holding every operand when fuzzy variants count, and the partial
// ones (partial-candidates.ts; read whole, or as ranked listings: ranked-listings.ts). `Source`
// is one of them and how far it has been read.
import type { IndexReader } from '../store/index-reader.ts';
import { allOf, inFilters, not } from './fts-expressions.ts';
import type { ScoredRow } from './fts-statements.ts';
import { unflaggedShare } from './hidden-shares.ts';
import {
  ceilingRows,
  operandCeilings,
  partialPlan,
  readInTitle,
  titleRows,
  type PartialPlan,
} from './operand-forms.ts';
import { rankedListings, type RankedListing } from './ranked-listings.ts';
import { bm25Ceiling, placement, scoreBound, type RankingOptions } from './ranking.ts';
import { filtersScore, isPlainTerm, type Topic } from './topic.ts';

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

/** A source read ranked by FTS5, a page at a time (source-reading.ts `nextRows`). */
interface PagedSource extends SourceState {
  /** Its FTS5 expression. */
  expr: string;
  /** Rows returned so far (its next statement's OFFSET is this plus `rest`'s rows). */
  offset: number;
  /** Its rows fetched and not yet returned, best first. */
  rest: ScoredRow[] | null;
  /** How many statements fetched its rows (source-reading.ts `LAST_FETCH`: all are fetched). */
  fetches: number;
  /**
   * The row order its last statement fetched down to (`leastOrder`): every row not fetched ranks
   * below it. Null when its statements fetched by count (a LIMIT).
   */
  fetchedDownTo: number | null;
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
  /** Its topic's partial plan, which every listing of the topic shares. */
  plan: PartialPlan;
  /** The look-ups the topic's listings share (partial-candidates.ts `lookUpWith`). */
  lookUps: Map<string, number[]>;
}

/** The partial candidates read whole, once (partial-candidates.ts `readPartial`). */
export interface PartialSource extends SourceState {
  kind: 'partial';
  /** Which forms it reads and how. */
  plan: PartialPlan;
}

/** A source of whole matches (docs/design.md#whole-and-partial-matches). */
export type WholeSource = FullSource | FuzzySource;

/** Where candidates come from. */
export type SourceKind = Source['kind'];

/** What planning and reading the sources needs (topic-ranking.ts `RankContext` holds it). */
export interface SourceContext {
  reader: IndexReader;
  options: RankingOptions;
  /** bm25 column weights in column order. */
  weights: number[];
  /** Rows in the index (for the bm25 ceilings). */
  total: number;
}

/**
 * The sources of a topic, unread, with their first bounds, in the order they are planned (strict:
 * full matches only). Each rule is one function below:
 * - only filters, nothing wanted: the sections within them (`filterSources`);
 * - every operand as typed: the full source, split by title for a common word being typed
 *   (`fullSources`);
 * - some operand with fuzzy variants: the fuzzy source (`fuzzySources`);
 * - more than one operand and not strict: the partial rows, as ranked listings or one source
 *   read whole (`partialSources`).
 */
export function planSources(topic: Topic, context: SourceContext, strict: boolean): Source[] {
  if (topic.wanted.length === 0) return filterSources(topic, context);
  const sources: Source[] = [...fullSources(topic, context), ...fuzzySources(topic, context)];
  if (!strict) sources.push(...partialSources(topic, context));
  return sources;
}

/** A query of filters alone (`title:guide`, `path:docs/`): the sections within them, unbounded. */
function filterSources(topic: Topic, context: SourceContext): Source[] {
  if (topic.restriction === null) return [];
  return [fullSource(topic, context, not(topic.restriction, topic.exclude), Infinity)];
}

/**
 * The sections holding every operand as typed. A word typed alone
 * (docs/design.md#the-word-being-typed) held by more rows than `typedTitledRows` finds the
 * sections naming it in their title first: its full source is split in two, the rows holding it in
 * their title (ranked as before), then the others with bound 0 — read only while the top is short
 * of candidates. Ranking every row of a short word's completions ('con': ~33k rows) takes ~30 ms
 * a keystroke, its ~2,900 titled rows ~7; a word held by fewer rows ranks them all in a few
 * milliseconds (docs/benchmarks.md#typed-prefixes).
 */
function fullSources(topic: Topic, context: SourceContext): FullSource[] {
  const { wanted } = topic;
  const exact = allOf(wanted.map((w) => w.operand.expr));
  const splitByTitle =
    topic.typing && wanted.length === 1 && wanted[0]!.rows > context.options.typedTitledRows;
  if (!splitByTitle) return [fullSource(topic, context, inFilters(topic, exact), Infinity)];
  return [
    fullSource(topic, context, inFilters(topic, inTitle(exact)), Infinity),
    fullSource(topic, context, inFilters(topic, not(exact, inTitle(exact))), 0),
  ];
}

/**
 * The sections holding every operand when fuzzy variants count, less the full source's: planned
 * when some operand has variants, bounded by `fuzzyBound`.
 */
function fuzzySources(topic: Topic, context: SourceContext): FuzzySource[] {
  const { wanted } = topic;
  if (!wanted.some((w) => w.operand.fuzzy)) return [];
  const exact = allOf(wanted.map((w) => w.operand.expr));
  const fuzzy = allOf(wanted.map((w) => w.operand.fuzzy ?? w.operand.expr));
  const expr = inFilters(topic, not(fuzzy, exact));
  return [
    {
      kind: 'fuzzy',
      ...pagedState(expr, fuzzyBound(topic, context)),
      last: Infinity,
      unflagged: unflaggedShare(topic, 'fuzzy', context.options.fuzzyWeight),
      exactRows: new Map(),
      unreadExact: new Map(),
    },
  ];
}

/**
 * The sections holding some operands but not all (a topic of one operand has none): the topic's
 * ranked listings when its partial rows are split by the operands they hold
 * (ranked-listings.ts), else one source read whole, bounded by `partialBound`.
 */
function partialSources(
  topic: Topic,
  context: SourceContext,
): Array<PartialSource | ListingSource> {
  if (topic.wanted.length <= 1) return [];
  const { fuzzyWeight } = context.options;
  const plan = partialPlan(topic, context.options);
  const listings = rankedListings(topic, context, plan);
  if (!listings) {
    const bound = partialBound(topic, context, plan);
    const unflagged = unflaggedShare(topic, 'partial', fuzzyWeight);
    return [{ kind: 'partial', bound, done: false, unflagged, plan }];
  }
  const lookUps = new Map<string, number[]>();
  return listings.map((listing) => ({
    kind: 'listing',
    ...pagedState(inFilters(topic, listing.expr), listing.ceiling),
    unflagged: unflaggedShare(topic, 'listing', fuzzyWeight),
    listing,
    plan,
    lookUps,
  }));
}

/** A full source of `expr`, unread, with its first bound. */
function fullSource(topic: Topic, context: SourceContext, expr: string, bound: number): FullSource {
  return {
    kind: 'full',
    ...pagedState(expr, bound),
    last: Infinity,
    unflagged: unflaggedShare(topic, 'full', context.options.fuzzyWeight),
  };
}

/** What a ranked source has before its first read. */
function pagedState(expr: string, bound: number): Omit<PagedSource, 'unflagged'> {
  return { expr, bound, offset: 0, done: false, rest: null, fetches: 0, fetchedDownTo: null };
}

/** `expr` within the title column. */
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
 * (a group, a word being typed) or filters score too (`filtersScore`)
 * (docs/benchmarks.md#the-partial-sources-bound).
 */
function partialBound(topic: Topic, context: SourceContext, { listed }: PartialPlan): number {
  const { options, total } = context;
  if (filtersScore(topic)) return Infinity;
  const narrowed = listed.narrowed ? (listed.forms[0] ?? null) : null;
  const inTitle = narrowed && readInTitle(topic, narrowed) ? narrowed : null;
  // No title rows: none is read in its title.
  const rows = inTitle ? titleRows(context.reader, inTitle.expr) : 0;
  const share = operandCeilings(topic, total, options, rows > 0 ? inTitle!.operand : -1, rows);
  const power = options.coveragePower;
  let best = 0;
  topic.wanted.forEach((w, j) => {
    // The others' sum, not all minus this one's: two groups' Infinity − Infinity is NaN, and a
    // NaN bound is never read (`ownership (zzqqxx OR yyqq)` would find nothing).
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
 * filters score too (`filtersScore`). Bounded, a common variant's rows are not ranked when the
 * full source fills the top ('CDocument' at ten copies of msdocs-cpp: 400 rows of 'document',
 * 31 ms of a 42 ms search, none near the top's floor;
 * docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp).
 */
function fuzzyBound(topic: Topic, context: SourceContext): number {
  const { options, total } = context;
  if (filtersScore(topic) || topic.weight <= 0) return Infinity;
  let ceilings = 0;
  let lacked = Infinity;
  for (const w of topic.wanted) {
    const { operand, variantRows } = w;
    const [only] = operand.highlights;
    if (operand.highlights.length !== 1 || only!.prefix || operand.expr.includes('{'))
      return Infinity;
    if (operand.fuzzy && !operand.fuzzyHighlights.every(isPlainTerm)) return Infinity;
    const own = bm25Ceiling(ceilingRows(w), total);
    ceilings += own;
    for (const variant of variantRows) ceilings += bm25Ceiling(variant, total);
    if (operand.fuzzy) lacked = Math.min(lacked, own);
  }
  if (lacked === Infinity) return Infinity;
  const coverage = fuzzyCoverage(topic, options, NONE_READ);
  const bm25 = Math.max(0, ceilings - lacked);
  const of = { bm25, coverage, boost: 1, titled: true, contexted: true, unflagged: 0 };
  return scoreBound(of, options);
}

/** A fuzzy source before any row is read: no operand's exact rows counted. */
const NONE_READ: ReadonlyMap<number, number> = new Map();

/**
 * The most coverage an unread row of the fuzzy source can have: it lacks the exact form of at
 * least one operand that has variants (else it would hold them all), which then counts
 * `fuzzyWeight` of its weight — and of every operand whose exact rows in the source have all
 * been read (`unreadExact`: none before the source is read). Its score bound (ranking.ts
 * `scoreBound`: bm25 × coverage^`coveragePower` × placement, the heading and context shares at
 * most the coverage) is then at most `orderBound` of its row order and this coverage. The first
 * keeps a query whose word has a common variant ('rvalue' → 'value': 8,000 rows) from reading
 * the variant's rows as if they were full matches; the second keeps it so once the few rows
 * holding 'rvalue' itself are read ('rvalue refe' typed;
 * docs/benchmarks.md#typed-queries-and-the-fuzzy-sources-bound).
 */
export function fuzzyCoverage(
  topic: Topic,
  { fuzzyWeight }: RankingOptions,
  unreadExact: ReadonlyMap<number, number>,
): number {
  const { wanted, weight } = topic;
  if (weight <= 0) return 1;
  let lightest = Infinity;
  let closed = false;
  let sum = 0;
  for (const [i, w] of wanted.entries()) {
    const open = !w.operand.fuzzy || unreadExact.get(i) !== 0;
    if (w.operand.fuzzy && open) lightest = Math.min(lightest, w.weight);
    closed ||= !open;
    sum += open ? w.weight : fuzzyWeight * w.weight;
  }
  if (closed) return Math.min(1, sum / weight);
  if (lightest === Infinity) return 1;
  return Math.min(1, (weight - (1 - fuzzyWeight) * lightest) / weight);
}
