// The shape a search's stages pass a section in before merging (docs/architecture.md#search): a
// candidate, with what FTS5 tells about it and then its score; and the FTS5 expressions the
// candidate sources are built of.
import type { ScoredRow } from './fts-statements.ts';
import type { Topic } from './topic.ts';

/**
 * One node's evidence for one topic, then its score (rank.ts). A class: a search makes hundreds,
 * and instances of one class share one shape.
 */
export class Candidate {
  readonly rowid: number;
  /** bm25 of the wanted words it holds (fuzzy ones scaled, common ones estimated). */
  bm25 = 0;
  /** Wanted operands held exactly (bit i: `topic.wanted[i]`), and only through a variant. */
  exact = 0;
  fuzzy = 0;
  /** A wanted word is in its own title or body (not only in its context, path or tags). */
  own = false;
  /** A wanted word is in its title; in its title, context or path. */
  titled = false;
  contexted = false;
  /** Wanted operands held for ranking (a long node: those within one passage). */
  held = 0;
  /** True when it holds every wanted operand (a full match; otherwise partial). */
  full = false;
  /** The highest score it can reach, then its score and the evidence part of it (ranking.ts). */
  bound = 0;
  score = 0;
  evidence = 0;
  /** Its node's key in the search tree (-1 until visited), and its topic's index. */
  key = -1;
  topic = -1;

  constructor(rowid: number) {
    this.rowid = rowid;
  }

  /** Adds a scored row's evidence (`scale`: the share a fuzzy form's bm25 counts). */
  addRow([, bm25, own, title, context]: ScoredRow, scale: number): void {
    this.bm25 += scale * bm25;
    this.own ||= own > 0;
    this.titled ||= title > 0;
    this.contexted ||= context > 0;
  }
}

/** FTS5 expressions: any of, both, the first without the second, all of. */
export const or = (exprs: string[]) => (exprs.length === 1 ? exprs[0]! : `(${exprs.join(' OR ')})`);
export const and = (a: string, b: string | null) => (b === null ? a : `(${a}) AND (${b})`);
export const not = (a: string, b: string | null) => (b === null ? a : `(${a}) NOT (${b})`);
/** An expression within the topic's filters (field words, path pre-filter, negations). */
export function inFilters(topic: Topic, expr: string): string {
  return not(topic.restriction ? and(expr, topic.restriction) : expr, topic.exclude);
}
