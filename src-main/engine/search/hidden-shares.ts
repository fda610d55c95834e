// Heading shares a candidate's FTS5 flags cannot show (docs/search-quality.md#the-score): a row's
// flags are phrase matches of its source's expression, while its heading may hold an operand's
// words in another order, or a fuzzy variant the expression does not hold — which the heading
// share counts (heading-match.ts `headingShares`). A score bound must allow for them (ranking.ts
// `scoreBound`, `unflagged`), but only for the rows that may hold them: a full or fuzzy source
// wanted past its first page finds those rows first (`hiddenRows`, read by source-reading.ts).
import { and, or } from './fts-expressions.ts';
import type { Source, SourceContext, SourceKind, WholeSource } from './candidate-sources.ts';
import { rowidsOf, scoredRows, type RowOrder } from './fts-statements.ts';
import type { Topic } from './topic.ts';

/**
 * The share of a topic's weight a candidate's heading and context may hold though its row's flags
 * do not show it (ranking.ts `scoreBound`). The flags are FTS5 phrase matches of its source's
 * expression, while a heading holds an operand's phrase of several words when it holds them in
 * any order, and a fuzzy variant of it for `fuzzyWeight` of its weight (heading-match.ts
 * `headingShares`) — which only the fuzzy source's expression holds. Without the variants,
 * 'lvalue type' on the test vault had a full match bounded 3.40 that scored 5.79 (its heading
 * holds 'value'), left unread for its top 2 (docs/benchmarks.md#the-partial-sources-bound).
 */
export function unflaggedShare(topic: Topic, kind: SourceKind, fuzzyWeight: number): number {
  if (topic.weight <= 0) return 0;
  let weight = 0;
  for (const { operand, weight: w } of topic.wanted) {
    if (operand.highlights.some((h) => h.terms.length > 1)) weight += w;
    else if (operand.fuzzyHighlights.length > 0 && !(kind === 'fuzzy' && operand.fuzzy))
      weight += fuzzyWeight * w;
  }
  return weight / topic.weight;
}

/**
 * True when a candidate `source` returned may hold in its heading or context a share its flags
 * do not show (`unflaggedShare`): any row, until the source's `hiddenRows` are known.
 */
export function mayHide(source: Source, rowid: number): boolean {
  const whole = source.kind === 'full' || source.kind === 'fuzzy';
  return !whole || !source.hidden || source.hidden.rows.has(rowid);
}

/** FTS5 columns a heading's context is read from, with the heading (`headingTermsOf`). */
const HEADING_COLUMNS = ['{title}', '{title path path_components context}'];

/**
 * Finds a full or fuzzy source's rows whose heading or context may hold what their flags cannot
 * show (`unflaggedShare`): an operand's words in another order, or a variant the source's
 * expression does not hold — in the title where no operand as typed is, or in the title, context
 * or path where none is (one FTS5 statement for their rowids, a second scoring them as the
 * source does). Every other row's flags show its heading's share (the expression holds each
 * operand's phrases), so its bound is the flags' alone, and the source's bound takes these rows'
 * own bounds while they are unread. Before, every row's bound allowed the hidden share:
 * 'CDocument' on ten copies of msdocs-cpp read its 2,930 full rows for the 550 that may hide its
 * variant 'document' (docs/benchmarks.md#statements-per-search-and-what-they-cost).
 */
export function hiddenRows(
  source: WholeSource,
  topic: Topic,
  context: SourceContext,
  order: RowOrder,
): void {
  const alternatives: string[] = [];
  for (const { operand } of topic.wanted) {
    const unordered = operand.highlights.filter((h) => h.terms.length > 1);
    const variants = source.kind === 'fuzzy' && operand.fuzzy ? [] : operand.fuzzyHighlights;
    for (const { terms, prefix } of [...unordered, ...variants]) {
      const quoted = terms.map((t) => `"${t.replace(/"/g, '""')}"`);
      if (prefix) quoted[quoted.length - 1] += ' *';
      alternatives.push(quoted.length === 1 ? quoted[0]! : `(${quoted.join(' AND ')})`);
    }
  }
  const held = or(alternatives);
  const typed = or(topic.wanted.map((w) => w.operand.expr));
  const hides = HEADING_COLUMNS.map((c) => `((${c} : (${held})) NOT (${c} : (${typed})))`);
  const among = rowidsOf(context.reader, and(source.expr, hides.join(' OR ')));
  const { reader, weights } = context;
  const all = { limit: -1, offset: 0 };
  const rows =
    among.length === 0
      ? []
      : scoredRows(reader, source.expr, topic.scope, weights, order, all, among);
  source.hidden = { rows: new Set(rows.map((r) => r[0])), unread: rows };
}
