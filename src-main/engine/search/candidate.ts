// The shape a search's stages pass a section in before merging (docs/architecture.md#search): a
// candidate, with what FTS5 tells about it and then its score.
import type { ScoredRow } from './fts-statements.ts';

/**
 * One node's evidence for one topic, then its score (topic-ranking.ts): made by its source with
 * every field at its default, filled in as its rows are read (`addRow`) and as it is visited.
 */
export class Candidate {
  readonly rowid: number;
  /**
   * bm25 of the wanted words it holds: a full or fuzzy source's row, FTS5's over the source's
   * expression (variants unscaled); a partial one, each listed form's, a fuzzy form's scaled by
   * `fuzzyWeight`, common words estimated (partial-candidates.ts).
   */
  bm25 = 0;
  /** Wanted operands held exactly, as bits (bit i: `topic.wanted[i]`). */
  exact = 0;
  /** Wanted operands held only through a fuzzy variant, as bits. */
  fuzzy = 0;
  /** A wanted word is in its own title or body (not only in its context, path or tags). */
  own = false;
  /** A wanted word is in its title. */
  titled = false;
  /** A wanted word is in its title, context or path. */
  contexted = false;
  /** Wanted operands held for ranking (a long node: those within one passage). */
  held = 0;
  /** True when it holds every wanted operand (a full match; otherwise partial). */
  full = false;
  /** The highest score it can reach before its row is read (ranking.ts `scoreBound`). */
  bound = 0;
  /** Its score once visited (ranking.ts `score`): `evidence` × its placement. */
  score = 0;
  /**
   * A long node scored whole, its passages not yet checked: queued again with that score as its
   * bound (topic-ranking.ts `visit`).
   */
  scoredWhole = false;
  /** What merging adds up (ranking.ts `evidence`). */
  evidence = 0;
  /** Its node's key in the search tree (-1 until visited). */
  key = -1;
  /** Its topic's index (`Topic.index`). */
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

/** How many operands a mask of wanted operands holds (`Candidate.held`, `exact`, `fuzzy`). */
export function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}
