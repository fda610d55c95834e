// The human-readable form of an evaluation report (`cli eval` without `--json`): the two metrics
// first, then each miss with what the user would have seen first instead.
import type { EvalReport, TierBound } from './metrics.ts';

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
 * Renders a report, and the all-word-first bound when given, as plain text lines (each ends with a
 * newline).
 */
export function formatReport(
  report: EvalReport,
  context: ReportContext,
  bound?: TierBound,
): string {
  const found = report.queries - report.misses.length;
  const mode = context.strict ? 'strict AND' : 'partial matches on';
  const lines = [
    `${context.source} on vault "${context.vault}": ${report.queries} queries, ` +
      `limit ${context.limit}, ${mode}`,
    `MRR@10     ${fixed(report.mrr10)}`,
    `recall@10  ${fixed(report.recall10)}  (${found} of ${report.queries} in the top 10)`,
  ];
  if (bound) {
    lines.push(
      `bound      MRR@10 ${fixed(bound.mrr10)}  recall@10 ${fixed(bound.recall10)}  ` +
        '(the best any order can reach that puts all-word results first)',
    );
  }
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
  return lines.join('\n') + '\n';
}
