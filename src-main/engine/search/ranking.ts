// The ranking in one place (docs/search-quality.md#the-score): every weight and threshold of the
// search with its default, the features a section is judged by, and the one pure `score()` that
// turns them into a number. Full and partial matches are ranked together by it; how each default
// was chosen, with the evaluation numbers, is in docs/search-quality.md, not here.

/** How the search ranks; every field has a default in `RANKING_DEFAULTS`. */
export interface RankingOptions {
  /** Power of the coverage in the score: how much missing part of the query costs. */
  coveragePower: number;
  /** A word found only through a fuzzy variant counts this much of the word itself. */
  fuzzyWeight: number;
  /**
   * A word held by fewer rows than this may be a misspelling: it keeps all its fuzzy variants.
   * One held by more is meant as typed: typed, it has none; untyped, see `variantMaxRatio`.
   */
  misspellingRows: number;
  /** A word held by `misspellingRows` or more keeps variants held by fewer than this × its rows. */
  variantMaxRatio: number;
  /** Multiplier added per unit of the query's weight found in the section's own heading. */
  headingWeight: number;
  /** Multiplier added per unit found in its heading or context (file title, ancestors, path). */
  contextWeight: number;
  /** bm25 weight of the FTS5 `context` column (ancestor headings, file title). */
  contextColumnWeight: number;
  /** Raw matches per result wanted: the top N = this × limit candidates are merged. */
  rawPerResult: number;
  /** When merging leaves fewer results than the limit, N grows once by this factor. */
  rawGrowth: number;
  /**
   * A wanted operand held by at most this many rows is listed: all its rows are candidates. A
   * more common one is only looked up among the candidates of others; when every operand is that
   * common, the rarest one's rows are candidates where they hold another operand too, or the
   * operand is in their heading.
   */
  commonRows: number;
  /**
   * The rarest common operand held by at most this many rows also lists its rows that name it in
   * their title (candidates whose heading holds it, though they hold no rarer wanted word).
   */
  titleListRows: number;
  /**
   * A common operand (held by more than `commonRows` rows, at most `commonTopMaxRows`) lists its
   * best this many rows by its own bm25 and heading (0: none); remembered per index state.
   */
  commonTopRows: number;
  /** Operands held by more rows than this lend no top rows (`commonTopRows`). */
  commonTopMaxRows: number;
  /** The rarest this many common operands of a query lend top rows (`commonTopRows`). */
  commonTopWords: number;
  /** bm25 credited per unit of weight for a common operand a row holds (it is not scored). */
  commonWordBm25: number;
  /**
   * A word typed alone held by more rows than this ranks its titled rows first
   * (candidate-sources.ts).
   */
  typedTitledRows: number;
  /**
   * Four operands, all common, have their partial candidates read as seven ranked listings
   * (ranked-listings.ts) when the rarest is a word held by at least this many rows; else whole.
   */
  splitListedRows: number;
  /** Sections longer than this many tokens are judged by their best passage. */
  longNodeTokens: number;
  /** A passage, in characters (the text check of a long section). */
  passageChars: number;
  /** A passage, in tokens (FTS5 `NEAR`, the cheap check run first). */
  passageTokens: number;
  /** recencyBoost on: the most a just-updated note's score grows (dates/recency.ts). */
  recencyWeight: number;
  /** Days after which the recency boost is halved. */
  recencyHalfLifeDays: number;
}

/**
 * The defaults, each chosen on the labelled sets (docs/search-quality.md#history). Moved together
 * they can score higher on the tuning sets, but no such point found keeps every held-out set
 * (docs/search-quality.md#joint-tuning-with-a-held-out-check-2026-11-27-not-kept).
 */
export const RANKING_DEFAULTS: Readonly<RankingOptions> = Object.freeze({
  coveragePower: 2,
  fuzzyWeight: 0.5,
  misspellingRows: 100,
  variantMaxRatio: 30,
  headingWeight: 1.5,
  contextWeight: 0.5,
  contextColumnWeight: 0,
  rawPerResult: 10,
  rawGrowth: 4,
  commonRows: 1000,
  titleListRows: 3000,
  commonTopRows: 150,
  commonTopMaxRows: 10000,
  commonTopWords: 2,
  commonWordBm25: 1,
  typedTitledRows: 8000,
  splitListedRows: 15000,
  longNodeTokens: 1500,
  passageChars: 600,
  passageTokens: 100,
  recencyWeight: 0.5,
  recencyHalfLifeDays: 90,
});

/** What a section is judged by, for one topic. */
export interface Features {
  /** How well: FTS5's bm25 of the matched words with the column weights (positive). */
  bm25: number;
  /** How much: the share of the query's word weight (idf) the section holds, 0–1. */
  coverage: number;
  /** Where: the share of the query's word weight in the section's own heading, 0–1. */
  heading: number;
  /** Where: the share in its heading or its context, 0–1 (at least `heading`). */
  context: number;
  /** The vault's multiplier (pinned vaults rank higher). */
  boost: number;
}

/**
 * The score of a section: higher is better, 0 when it holds nothing of the query. It is the
 * product of what the section holds (`evidence`: how much and how well) and where (`placement`:
 * its heading and context). Merging adds up the evidence of the sections a result absorbs; the
 * result is placed by its own heading (docs/search-quality.md#the-score).
 */
export function score(f: Features, o: RankingOptions): number {
  return evidence(f, o) * placement(f, o);
}

/** How much of the query a section holds and how well: bm25 × coverage^power × vault boost. */
export function evidence(f: Pick<Features, 'bm25' | 'coverage' | 'boost'>, o: RankingOptions) {
  return f.bm25 * f.coverage ** o.coveragePower * f.boost;
}

/** Where: 1 + heading weight × heading share + context weight × context share. */
export function placement(f: Pick<Features, 'heading' | 'context'>, o: RankingOptions): number {
  return 1 + o.headingWeight * f.heading + o.contextWeight * f.context;
}

/**
 * The highest score a section can reach from what FTS5 tells before its row is read: its heading
 * and context shares are at most its coverage, and where its flags show no wanted word, at most
 * `unflagged` — the share its flags cannot show (hidden-shares.ts `unflaggedShare`: a fuzzy
 * variant, an operand's words in another order).
 */
export function scoreBound(
  f: Pick<Features, 'bm25' | 'coverage' | 'boost'> & {
    titled: boolean;
    contexted: boolean;
    unflagged: number;
  },
  o: RankingOptions,
): number {
  const { bm25, coverage, boost } = f;
  const unseen = Math.min(coverage, f.unflagged);
  const heading = f.titled ? coverage : unseen;
  const context = f.titled || f.contexted ? coverage : unseen;
  return score({ bm25, coverage, heading, context, boost }, o);
}

/**
 * The highest score bound of a row ranked after one of row order `order` (bm25 × the placement of
 * its flags, fts-statements.ts `RowOrder`), for rows of at most `coverage` whose flags leave
 * `unflagged` unseen (`scoreBound`): the most of the three cases of its flags (title, context
 * only, none). `unscored`: bm25 a row adds beyond what its statement scored (a ranked listing's
 * estimates of its common words, ranked-listings.ts).
 */
export function orderBound(
  order: number,
  coverage: number,
  unflagged: number,
  o: RankingOptions,
  unscored = 0,
): number {
  const { headingWeight, contextWeight } = o;
  const unseen = Math.min(coverage, unflagged);
  const most = (bm25: number, heading: number, context: number) =>
    score({ bm25, coverage, heading, context, boost: 1 }, o);
  return Math.max(
    most(order / (1 + headingWeight + contextWeight) + unscored, coverage, coverage),
    most(order / (1 + contextWeight) + unscored, unseen, coverage),
    most(order + unscored, unseen, unseen),
  );
}

/** The most a wanted form can add to FTS5's bm25 (its idf × (k1 + 1), k1 = 1.2). */
export function bm25Ceiling(rows: number, total: number): number {
  return 2.2 * Math.max(1e-6, Math.log((total - rows + 0.5) / (rows + 0.5)));
}

/**
 * The weight of a word held by `rows` of `total` rows: its inverse document frequency (the
 * smoothed form, always positive). Rare words weigh more: "port" and "8080" outweigh "see".
 */
export function idf(rows: number, total: number): number {
  return Math.log(1 + (total - rows + 0.5) / (rows + 0.5));
}
