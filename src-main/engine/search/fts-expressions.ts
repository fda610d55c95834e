// The FTS5 expressions the candidate sources are built of, as text (docs/architecture.md#search):
// compiled operands combined, and a source's expression kept within its topic's filters.
import type { Topic } from './topic.ts';

/** FTS5 expressions: any of, all of, both, the first without the second. */
export const or = (exprs: string[]) => (exprs.length === 1 ? exprs[0]! : `(${exprs.join(' OR ')})`);
export const allOf = (exprs: string[]) =>
  exprs.length === 1 ? exprs[0]! : `(${exprs.join(' AND ')})`;
export const and = (a: string, b: string | null) => (b === null ? a : `(${a}) AND (${b})`);
export const not = (a: string, b: string | null) => (b === null ? a : `(${a}) NOT (${b})`);
/** An expression within the topic's filters (field words, path pre-filter, negations). */
export function inFilters(topic: Topic, expr: string): string {
  return not(topic.restriction ? and(expr, topic.restriction) : expr, topic.exclude);
}
