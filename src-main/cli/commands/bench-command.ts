// `cli bench --db FILE --queries FILE.json [--rounds N] [--json]`: every query of a JSON array
// through the full search (parse, FTS5, merge, snippets) and, on the same connection in the same
// run, through a raw FTS5 `MATCH … ORDER BY bm25(…) LIMIT 20` of the same terms; a warm-up
// round, then several measured rounds; p50/p95/p99 of both and their ratios (issue 3). A second
// pass measures the full search cold: the reader's cached rows, files and contents and the
// search tree are dropped before each query, so no cache flatters a query because the rounds
// repeat it (SQLite's page cache stays warm for both sides).
import type { EngineService } from '#shared/contract/engine.ts';
import { engineInternals } from '../../engine/create-engine.ts';
import { compileQuery, matchExpression } from '../../engine/query/compile.ts';
import { parseQuery } from '../../engine/query/parse.ts';
import { weightParams } from '../../engine/search/fts-statements.ts';
import { RANKING_DEFAULTS } from '../../engine/search/ranking.ts';
import { CliError, defineCommand, intOption } from '../command.ts';
import { ROUNDS_RANGE } from '../option-bounds.ts';
import { withIndex } from '../open-index.ts';
import { readInputText } from '../input-file.ts';
import { terminalText } from '../terminal-text.ts';
import { percentile } from '../stats.ts';

const options = {
  db: { type: 'string' },
  queries: { type: 'string' },
  rounds: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** Percentiles of a sample, in milliseconds rounded to microseconds. */
export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

/** What `bench --json` prints (milliseconds). */
export interface BenchReport {
  /** The full search, with the caches a session of searches leaves. */
  folio: Percentiles;
  /** The raw FTS5 query of the same terms. */
  fts5: Percentiles;
  /** The full search with every search cache dropped before each query. */
  folioCold: Percentiles;
  /**
   * The same sides in CPU time (the process's, all threads — per-thread CPU clocks here tick
   * in 4 ms steps): on a busy machine wall time also counts the waits for a core.
   */
  cpu: { folio: Percentiles; fts5: Percentiles; folioCold: Percentiles };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

function percentiles(samples: number[]): Percentiles {
  const at = (q: number) => round3(percentile(samples, q));
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

function readQueries(file: string): string[] {
  const text = readInputText(file, '--queries');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`--queries ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    !parsed.every((q) => typeof q === 'string')
  ) {
    throw new CliError(`--queries ${file}: expected a non-empty JSON array of query strings`);
  }
  return parsed as string[];
}

/** Wall and CPU time of samples of one side. */
class Timings {
  readonly wall: number[] = [];
  readonly cpu: number[] = [];

  /** Times `work`; `keep` false: a warm-up, not recorded. */
  async time(work: () => unknown, keep: boolean): Promise<void> {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = work();
    if (result instanceof Promise) await result; // the raw query is timed without a microtask
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (!keep) return;
    this.wall.push(wall);
    this.cpu.push((used.user + used.system) / 1000);
  }
}

async function measure(
  engine: EngineService,
  queries: string[],
  rounds: number,
): Promise<BenchReport> {
  const internals = engineInternals(engine);
  const weights = internals.settings().columnWeights;
  const raw = internals.reader.db.prepare(
    'SELECT rowid, bm25(fts, ?, ?, ?, ?, ?, ?) AS rank FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT 20',
  );
  // Every column weighted as the search weighs it (the context column too).
  const w = weightParams(weights, RANKING_DEFAULTS.contextColumnWeight);
  const expressions = queries.map((q) =>
    matchExpression(compileQuery(parseQuery(q), internals.analyzer())),
  );
  const folio = new Timings();
  const fts5 = new Timings();
  const cold = new Timings();
  // Each query runs through both paths back to back, each first in every other round: the second
  // finds the pages the first read in SQLite's cache (docs/benchmarks.md#which-runs-first).
  for (let round = 0; round <= rounds; round++) {
    for (let i = 0; i < queries.length; i++) {
      const expr = expressions[i];
      const runFolio = () => folio.time(() => engine.search({ queries: [queries[i]!] }), round > 0);
      const runRaw = async () => {
        if (expr) await fts5.time(() => raw.all(...w, expr), round > 0);
      };
      if ((round + i) % 2 === 0) await runFolio().then(runRaw);
      else await runRaw().then(runFolio);
    }
  }
  for (let round = 0; round <= rounds; round++) {
    for (const query of queries) {
      internals.reader.clearCaches();
      await cold.time(() => engine.search({ queries: [query] }), round > 0);
    }
  }
  return {
    folio: percentiles(folio.wall),
    fts5: percentiles(fts5.wall),
    folioCold: percentiles(cold.wall),
    cpu: {
      folio: percentiles(folio.cpu),
      fts5: percentiles(fts5.cpu),
      folioCold: percentiles(cold.cpu),
    },
  };
}

function formatReport(report: BenchReport, queries: number, rounds: number): string {
  const line = (name: string, p: Percentiles) =>
    `${name.padEnd(6)} p50 ${p.p50.toFixed(3)} ms  p95 ${p.p95.toFixed(3)} ms  p99 ${p.p99.toFixed(3)} ms`;
  const ratio = (p: Percentiles, base: Percentiles) => {
    const of = (k: keyof Percentiles) => Math.round((p[k] / base[k]) * 100) / 100;
    return `ratio  p50 ${of('p50')}×  p95 ${of('p95')}×  p99 ${of('p99')}×`;
  };
  const side = (folio: Percentiles, fts5: Percentiles, cold: Percentiles) =>
    `${line('folio', folio)}
${line('fts5', fts5)}
${ratio(folio, fts5)}
` +
    `${line('cold', cold)}
${ratio(cold, fts5)}
`;
  const { cpu } = report;
  return (
    `${queries} queries × ${rounds} rounds (after one warm-up round); ` +
    `cold: every search cache dropped before each query
` +
    side(report.folio, report.fts5, report.folioCold) +
    `CPU time (all threads; without the waits for a core on a busy machine)\n` +
    side(cpu.folio, cpu.fts5, cpu.folioCold)
  );
}

export const command = defineCommand({
  usage: 'bench --db FILE --queries FILE.json [--rounds N] [--json]',
  options,
  async run({ values }, io) {
    const rounds = intOption(values.rounds, '--rounds', ROUNDS_RANGE) ?? 5;
    return withIndex(values.db, io, async (engine) => {
      const queries = readQueries(values.queries!);
      const report = await measure(engine, queries, rounds);
      io.stdout.write(
        values.json
          ? `${JSON.stringify(report)}\n`
          : terminalText(formatReport(report, queries.length, rounds)),
      );
      return 0;
    });
  },
});
