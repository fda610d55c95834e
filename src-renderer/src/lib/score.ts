// How a result's score is shown: two decimals, or two significant digits when it is smaller than
// 0.01 (in a vault of a few notes, bm25 scores a word every note holds near zero: "0.00" would
// hide that the results are still ordered).

/** The score as the result list shows it. */
export function formatScore(score: number): string {
  if (score === 0 || Math.abs(score) >= 0.01) return score.toFixed(2);
  return score.toPrecision(2);
}
