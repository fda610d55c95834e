// A partial source read ranked, a page at a time (candidates.ts): when every form of three
// operands is common and none lends its top rows, the narrowed rows (partial-candidates.ts) are
// two listings — the listed form with one other operand, not the third — each ranked as the full
// source ranks its rows and bounded by its last row read, since a row of one holds two operands
// and its coverage is known (docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp).
import { and, not, type Candidate } from './candidate.ts';
import type { Source, SourceContext } from './candidates.ts';
import type { ScoredRow } from './fts-statements.ts';
import { formsOf, listing, readPartial, toppedForms } from './partial-candidates.ts';
import { scoreBound, type RankingOptions } from './ranking.ts';
import type { Topic } from './topic.ts';

/** One of a topic's ranked listings: its expression, and the bound of its rows after `order`. */
export interface RankedListing {
  expr: string;
  bound(order: number): number;
}

/**
 * The narrowed rows of three operands, all common, none lending top rows, as two listings read
 * ranked a page at a time: the listed form with one other operand and not the third (a row with
 * both is a full match, which `readPartial` drops). A row of one holds two operands, so its
 * coverage is known: at ten copies of msdocs-cpp, 'virtual base class' took 34,910 candidates
 * from the narrowed rows read whole, none of which could rank; 'virtual' and 'class' without
 * 'base' are below the floor from the first row (docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp).
 * Null when the listing is read whole.
 */
export function rankedListings(topic: Topic, options: RankingOptions): RankedListing[] | null {
  if (topic.wanted.length !== 3) return null;
  const forms = formsOf(topic);
  const { listed, narrow } = listing(forms, options);
  if (!narrow || listed.length === 0) return null;
  if (toppedForms(topic, forms, listed, options).length > 0) return null;
  const form = listed[0]!;
  const others = topic.wanted.flatMap((_, i) => (i === form.operand ? [] : [i]));
  return others.map((j, n) => {
    const third = topic.wanted[others[1 - n]!]!.operand.expr;
    const expr = not(and(form.expr, topic.wanted[j]!.operand.expr), third);
    // Its bm25: the row's (at most `order`) and the other operand's forms' estimates.
    let estimates = 0;
    for (const f of forms) {
      const scale = f.fuzzy ? options.fuzzyWeight : 1;
      if (f.operand === j) estimates += scale * topic.wanted[j]!.weight * options.commonWordBm25;
    }
    const held = topic.wanted[form.operand]!.weight + topic.wanted[j]!.weight;
    const coverage = topic.weight > 0 ? held / topic.weight : 1;
    const bound = (order: number) =>
      scoreBound(
        { bm25: order + estimates, coverage, boost: 1, titled: true, contexted: true },
        options,
      );
    return { expr, bound };
  });
}

/** A page of a ranked listing's candidates; its bound then the unread rows'. */
export function readListing(
  source: Source,
  ranked: NonNullable<Source['listing']>,
  rows: ScoredRow[],
  page: number,
  topic: Topic,
  context: SourceContext,
  found: Map<number, Candidate>,
): Candidate[] {
  source.done = rows.length < page;
  const { titled, lookUps } = ranked;
  const fresh = readPartial(topic, context, found, { rows, titled, lookUps });
  ranked.titled = false;
  if (rows.length > 0) {
    const [, bm25, , title, contextFlag] = rows[rows.length - 1]!;
    const { headingWeight, contextWeight } = context.options;
    const order = bm25 * (1 + headingWeight * title + contextWeight * contextFlag);
    source.bound = Math.min(source.bound, ranked.of.bound(order));
  }
  return fresh;
}
