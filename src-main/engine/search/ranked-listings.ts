// A partial source read ranked, a page at a time (candidate-sources.ts): when every form is common
// and none lends its top rows, the narrowed rows (partial-candidates.ts) are split by which
// operands a row holds — one listing per set of the other operands held with the listed form, and
// one of the listed form in its title alone — each ranked as the full source ranks its rows and
// bounded by its last row read. A row of one holds a known set of operands, so its coverage is
// known, and a set whose coverage cannot reach the top is never read
// (docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp).
import type { Candidate } from './candidate.ts';
import { and, not, or } from './fts-expressions.ts';
import { listingUnflaggedWeight } from './hidden-shares.ts';
import type { ListingSource, SourceContext } from './candidate-sources.ts';
import { orderOf, rowOrderOf, type ScoredRow } from './fts-statements.ts';
import { operandCeilings, readInTitle, type PartialPlan } from './operand-forms.ts';
import { readListedPage } from './partial-candidates.ts';
import type { TopicReading } from './source-reading.ts';
import { orderBound, score, type RankingOptions } from './ranking.ts';
import { isPlainWord, type Topic } from './topic.ts';

/**
 * Operands whose narrowed rows are split into listings: n operands make 2^(n-1) - 1 of them, each
 * a statement over every operand's rows when it is read. Two operands' narrowed rows are their
 * titled rows alone; five make fifteen, most of them read before any floor can stop them, and
 * cost more than the rows read whole (docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp).
 */
const SPLIT_OPERANDS = [3, 4];

/** One of a topic's ranked listings: its expression, its bound unread, and after a row. */
export interface RankedListing {
  expr: string;
  /** The operands its rows hold as typed (bits; the others they do not). */
  held: number;
  /** The highest score a row of it can reach from the operands' bm25 ceilings. */
  ceiling: number;
  /** The highest score a row after `row` (in the ranked order) can reach. */
  bound(row: ScoredRow): number;
}

/**
 * The narrowed rows of three or four operands (`SPLIT_OPERANDS`), all common, none lending top
 * rows, as listings read ranked a page at a time: the listed form with each set of the other
 * operands (not all of them: a row with every operand is a full match, which `readPartial` drops)
 * and without the rest, then the listed form in its title without any other (`readInTitle`). A
 * listing whose set of operands cannot reach the top is never read: 'virtual' and 'class' without
 * 'base' are below the floor of 'virtual base class' from the first row, where the narrowed rows
 * read whole made tens of thousands of candidates at ten copies of msdocs-cpp
 * (docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp). Null when the listing is read whole.
 */
export function rankedListings(
  topic: Topic,
  context: SourceContext,
  { listed, topped }: PartialPlan,
): RankedListing[] | null {
  const { options, total } = context;
  const n = topic.wanted.length;
  if (!SPLIT_OPERANDS.includes(n)) return null;
  if (!listed.narrowed || listed.forms.length === 0) return null;
  if (topped.length > 0) return null;
  const form = listed.forms[0]!;
  // Four operands make seven listings: split only when the listed word's rows are many enough to
  // pay for their statements (a phrase's rows are unknown: its rarest word's bound them).
  const word = isPlainWord(topic.wanted[form.operand]!.operand);
  if (n === 4 && !(word && form.rows >= options.splitListedRows)) return null;
  const others = topic.wanted.flatMap((_, i) => (i === form.operand ? [] : [i]));
  const exprOf = (i: number) => topic.wanted[i]!.operand.expr;
  const ceilings = operandCeilings(topic, total, options);
  const listings: RankedListing[] = [];
  // Largest sets first: they hold the most of the query.
  for (let mask = (1 << others.length) - 2; mask >= 0; mask--) {
    const held = others.filter((_, b) => mask & (1 << b));
    const missing = others.filter((_, b) => !(mask & (1 << b)));
    const without = or(missing.map(exprOf));
    const rows = { form: form.operand, held, missing };
    if (held.length > 0) {
      const expr = not(held.map(exprOf).reduce(and, form.expr), without);
      listings.push(heldListing(topic, options, ceilings, { ...rows, expr }));
    } else if (readInTitle(topic, form)) {
      // In its title, the form's idf is its title rows', above its ceiling: at most 1 row's.
      const inTitle = operandCeilings(topic, total, options, form.operand);
      const expr = not(`{title} : (${form.expr})`, without);
      listings.push(heldListing(topic, options, inTitle, { ...rows, expr }));
    }
  }
  return listings;
}

/**
 * A listing of the rows holding `form` and `held` exactly and no `missing` operand as typed. They
 * may hold missing ones through fuzzy variants, all but one at most (else the row holds every
 * operand in some form and is the full or fuzzy source's). Its bm25: the row's and the estimates
 * of the held operands' forms and the fuzzy ones (partial-candidates.ts `markChecked`).
 */
function heldListing(
  topic: Topic,
  options: RankingOptions,
  ceilings: number[],
  { form, held, missing, expr }: { form: number; held: number[]; missing: number[]; expr: string },
): RankedListing {
  const weightOf = (i: number) => topic.wanted[i]!.weight;
  const variants = missing.filter((i) => topic.wanted[i]!.operand.fuzzy);
  let fuzzyWeight = variants.reduce((sum, i) => sum + weightOf(i), 0);
  if (variants.length === missing.length) fuzzyWeight -= Math.min(...missing.map(weightOf));
  let estimates = options.fuzzyWeight * fuzzyWeight * options.commonWordBm25;
  for (const i of held) {
    const scale = topic.wanted[i]!.operand.fuzzy ? 1 + options.fuzzyWeight : 1;
    estimates += scale * weightOf(i) * options.commonWordBm25;
  }
  const weight = [form, ...held].reduce((sum, i) => sum + weightOf(i), 0);
  const share = (w: number) => (topic.weight > 0 ? w / topic.weight : 1);
  const coverage = share(weight + options.fuzzyWeight * fuzzyWeight);
  const unflagged = Math.min(coverage, share(listingUnflaggedWeight(topic)));
  const most = (bm25: number, heading: number, context: number) =>
    score({ bm25, coverage, heading, context, boost: 1 }, options);
  // Unread: each operand it may hold at most its ceiling (a fuzzy one's too, which its rows'
  // bm25 does not count but its estimate does), and as much as it holds in its heading.
  let ceiling = [form, ...held].reduce((sum, i) => sum + ceilings[i]!, 0);
  for (const i of variants) ceiling += ceilings[i]!;
  const order = rowOrderOf(options);
  return {
    expr,
    held: [form, ...held].reduce((bits, i) => bits | (1 << i), 0),
    ceiling: most(ceiling, coverage, coverage),
    // A row after `row` has an order at most `row`'s, and the estimates its statement does not
    // score; its heading and context hold at most what its flags cannot show (`unflagged`).
    bound: (row) => orderBound(orderOf(row, order), coverage, unflagged, options, estimates),
  };
}

/** A page of a ranked listing's candidates; its bound then the unread rows'. */
export function readListing(
  source: ListingSource,
  rows: ScoredRow[],
  page: number,
  reading: TopicReading,
): Candidate[] {
  source.done = rows.length < page;
  const { listing, lookUps, plan } = source;
  const fresh = readListedPage(reading, plan, { rows, held: listing.held, lookUps });
  if (rows.length > 0) source.bound = Math.min(source.bound, listing.bound(rows.at(-1)!));
  return fresh;
}
