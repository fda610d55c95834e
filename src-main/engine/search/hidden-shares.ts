// Heading shares a candidate's FTS5 flags cannot show (docs/search-quality.md#the-score): a row's
// flags are phrase matches of its source's expression, while its heading may hold an operand's
// words in another order, or a fuzzy variant the expression does not hold — which the heading
// share counts (heading-match.ts `headingShares`). A score bound must allow for them (ranking.ts
// `scoreBound`, `unflagged`): how much for a source's rows (`unflaggedShare`) and for a ranked
// listing's (`listingUnflaggedWeight`), and only for the rows that may hold them: a full or fuzzy
// source wanted past its first page finds those rows first (`hiddenRows`, read by
// source-reading.ts).
import { quote } from '../query/compile.ts';
import { and, or } from './fts-expressions.ts';
import type { Source, SourceContext, SourceKind, WholeSource } from './candidate-sources.ts';
import { rowidsOf, rowOrderOf, scoredRows } from './fts-statements.ts';
import { isPlainWord, type Topic } from './topic.ts';

/**
 * The share of a topic's weight a candidate's heading and context may hold though its row's flags
 * do not show it (ranking.ts `scoreBound`). The flags are FTS5 phrase matches of its source's
 * expression, while a heading holds an operand's phrase of several words when it holds them in
 * any order, and a fuzzy variant of it for `fuzzyWeight` of its weight (heading-match.ts
 * `headingShares`) — which only the fuzzy source's expression holds. Without the variants, a
 * bound is below its score ('lvalue type': a heading holding 'value'), and the row is left unread
 * (docs/benchmarks.md#statements-per-search-and-what-they-cost).
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
 * The weight of the operands a ranked listing's row (ranked-listings.ts) may hold in its heading
 * though its flags do not show them: the flags are FTS5 phrase matches of the listing's words as
 * typed, while a heading holds an operand's phrase when it holds its words in any order
 * (heading-match.ts `headingShares`). With fuzzy forms, all of it: a fuzzy form's look-up flags
 * the rows whose title holds a variant (partial-candidates.ts `markFlags`), and their own bound
 * then takes the whole heading.
 */
export function listingUnflaggedWeight(topic: Topic): number {
  let weight = 0;
  for (const { operand, weight: w } of topic.wanted) {
    if (operand.fuzzy || operand.fuzzyHighlights.length > 0) return topic.weight;
    if (!isPlainWord(operand)) weight += w;
  }
  return weight;
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
 * Sets `source.hidden`: a full or fuzzy source's rows whose heading or context may hold what
 * their flags cannot show (`unflaggedShare`, `hidingExpression`), as a set and scored as the
 * source scores its rows (one FTS5 statement for their rowids, a second scoring them). Every
 * other row's flags show its heading's share (the expression holds each operand's phrases), so
 * its bound is the flags' alone, and the source's bound takes these rows' own bounds while they
 * are unread — rather than every row's bound allowing the hidden share, which made a word with a
 * common variant ('CDocument', 'document') read most of its full rows
 * (docs/benchmarks.md#statements-per-search-and-what-they-cost).
 */
export function hiddenRows(source: WholeSource, topic: Topic, context: SourceContext): void {
  const { reader, weights } = context;
  const order = rowOrderOf(context.options);
  const among = rowidsOf(reader, and(source.expr, hidingExpression(source, topic)));
  const all = { limit: -1, offset: 0 };
  const rows =
    among.length === 0
      ? []
      : scoredRows(reader, source.expr, topic.scope, weights, order, all, among);
  source.hidden = { rows: new Set(rows.map((r) => r[0])), unread: rows };
}

/**
 * The rows that may hide a share from a source's flags, as an FTS5 expression: an operand's words
 * in another order (each a term, ANDed), or a variant the source's expression does not hold — in
 * the title where no operand as typed is, or in the title, context or path where none is.
 */
function hidingExpression(source: WholeSource, topic: Topic): string {
  const alternatives: string[] = [];
  for (const { operand } of topic.wanted) {
    const unordered = operand.highlights.filter((h) => h.terms.length > 1);
    const variants = source.kind === 'fuzzy' && operand.fuzzy ? [] : operand.fuzzyHighlights;
    for (const { terms, prefix } of [...unordered, ...variants]) {
      const quoted = terms.map((t) => quote([t]));
      if (prefix) quoted[quoted.length - 1] += ' *';
      alternatives.push(quoted.length === 1 ? quoted[0]! : `(${quoted.join(' AND ')})`);
    }
  }
  const held = or(alternatives);
  const typed = or(topic.wanted.map((w) => w.operand.expr));
  return HEADING_COLUMNS.map((c) => `((${c} : (${held})) NOT (${c} : (${typed})))`).join(' OR ');
}
