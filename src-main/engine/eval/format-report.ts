// The human-readable form of an evaluation report (`cli eval` without `--json`): the two metrics
// first, then each miss with what the user would have seen first instead.
import { EVAL_CUTOFF, type EvalReport } from './metrics.ts';
import type { BoundReport, QueryBound } from './run-bound.ts';

/** What the report header says about the run. */
export interface ReportContext {
  /** The query file, as given on the command line. */
  source: string;
  vault: string;
  limit: number;
  strict: boolean;
}

function fixed(value: number): string {
  return value.toFixed(3);
}

/**
 * Renders a report, and the bound of a coverage-monotone ranking when given (with the answers it
 * keeps out of the top 10), as plain text lines (each ends with a newline).
 */
export function formatReport(
  report: EvalReport,
  context: ReportContext,
  bound?: BoundReport,
): string {
  const found = report.queries - report.misses.length;
  const mode = context.strict ? 'strict AND' : 'partial matches on';
  const lines = [
    `${context.source} on vault "${context.vault}": ${report.queries} queries, ` +
      `limit ${context.limit}, ${mode}`,
    `MRR@10     ${fixed(report.mrr10)}`,
    `recall@10  ${fixed(report.recall10)}  (${found} of ${report.queries} in the top 10)`,
  ];
  if (bound) lines.push(...boundLines(bound));
  if (report.misses.length > 0) lines.push('', `misses (${report.misses.length}):`);
  for (const miss of report.misses) {
    const rank =
      miss.rank === null ? `not in the ${context.limit} results` : `found at rank ${miss.rank}`;
    lines.push(
      `  "${miss.q}"  (${rank})`,
      `      expected  ${miss.expected}`,
      ...(miss.also ?? []).map((label) => `      also      ${label}`),
      `      first     ${miss.first ? `${miss.first.id}  ${miss.first.breadcrumb}` : '(no results)'}`,
    );
  }
  const beyond = bound?.queries.filter((q) => q.rank === null || q.rank > EVAL_CUTOFF) ?? [];
  if (beyond.length > 0) lines.push('', `beyond the bound (${beyond.length}):`);
  for (const query of beyond) lines.push(...beyondLines(query));
  return lines.join('\n') + '\n';
}

/** The two bounds (docs/search-quality.md#how-far-ranking-alone-could-go). */
function boundLines(bound: BoundReport): string[] {
  const count = (share: number) => Math.round(share * bound.queries.length);
  const { ceiling, dominance } = bound;
  return [
    `ceiling    MRR@10 ${fixed(ceiling.mrr10)}  recall@10 ${fixed(ceiling.recall10)}  ` +
      `(${count(ceiling.recall10)} answers can be a result at all)`,
    `dominance  MRR@10 ${fixed(dominance.mrr10)}  recall@10 ${fixed(dominance.recall10)}  ` +
      '(the best of a ranking that never puts a result below one holding less of the query)',
  ];
}

/** An answer the bound keeps out of the top 10, and why. */
function beyondLines(query: QueryBound): string[] {
  const why =
    query.rank === null
      ? 'no section showing it holds a wanted word'
      : `${query.rank - 1} results hold more of the query`;
  const words = (holds: string[]) => (holds.length ? holds.join(' ') : '(nothing)');
  return [
    `  "${query.q}"  (${why})`,
    `      expected  ${query.expected}  holds ${words(query.holds)}`,
    ...(query.rival
      ? [`      e.g.      ${query.rival.id}  holds ${words(query.rival.holds)}`]
      : []),
  ];
}
