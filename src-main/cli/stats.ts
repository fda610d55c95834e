// Order statistics for `cli bench` and the benchmarks in bench/: one definition, so that every
// p50 and p95 in docs/benchmarks.md is read the same way.

/**
 * The sample at quantile `q` (0–1) of `samples`: the one at index ⌊q·n⌋ of them sorted, the last
 * for q = 1 (so the median of an even count is the upper of the two middle samples); NaN when
 * there are none (printed as such, not as a time). `samples` is not reordered.
 */
export function percentile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** The middle sample of `samples` (the upper middle one of an even count); NaN when there are none. */
export function median(samples: readonly number[]): number {
  return percentile(samples, 0.5);
}
