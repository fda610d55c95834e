// The recency boost (docs/search-quality.md#links-and-time-in-ranking): favouring recent notes —
// with the `recencyBoost` setting on, a result's score is multiplied by 1 + w × ½^(age / half
// life), its age from the note's `updated` date (frontmatter `updated`, else the file's time).
// Off by default; w and the half life are ranking options.
import type { DatedFile } from './file-dates.ts';
import { fileDate } from './file-dates.ts';

const DAY_MS = 86_400_000;

/** The multiplier of a note updated at `at` (null: no boost), seen at `now`. */
export function recencyFactor(
  at: number | null,
  now: number,
  weight: number,
  halfLifeDays: number,
): number {
  if (at === null || weight <= 0) return 1;
  const ageDays = Math.max(0, now - at) / DAY_MS;
  return 1 + weight * 0.5 ** (ageDays / halfLifeDays);
}

/** Multiplies each result's score by its note's recency factor. */
export function applyRecency<T extends { score: number }>(
  results: T[],
  fileOf: (result: T) => DatedFile,
  options: { weight: number; halfLifeDays: number; now: number },
): void {
  for (const r of results) {
    const at = fileDate(fileOf(r), 'updated');
    r.score *= recencyFactor(at, options.now, options.weight, options.halfLifeDays);
  }
}
