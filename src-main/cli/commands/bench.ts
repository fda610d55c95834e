// `cli bench --db FILE --queries FILE.json [--rounds N] [--json]`: every query of a JSON array
// through the full search (parse, FTS5, merge, snippets) and, on the same connection in the same
// run, through a raw FTS5 `MATCH … ORDER BY bm25(…) LIMIT 20` of the same terms; a warm-up
// round, then several measured rounds; p50/p95/p99 of both and their ratios (issue 3).
import { existsSync, readFileSync } from 'node:fs';
import { createEngine, engineInternals } from '../../engine/create-engine.ts';
import { compileQuery, matchExpression } from '../../engine/query/compile.ts';
import { parseQuery } from '../../engine/query/parse.ts';
import {
  CliError,
  parseCommandArgs,
  positiveInt,
  UsageError,
  type CliCommand,
} from '../command.ts';

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

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)) };
}

function readQueries(file: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
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

export const command: CliCommand = {
  usage: 'bench --db FILE --queries FILE.json [--rounds N] [--json]',
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, options);
    if (!values.db) throw new UsageError('--db FILE is required');
    if (!values.queries) throw new UsageError('--queries FILE.json is required');
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const rounds = positiveInt(values.rounds, '--rounds', 5);
    if (!existsSync(values.db))
      throw new CliError(`--db ${values.db}: no such database (run \`index\` first)`);
    const queries = readQueries(values.queries);
    const engine = await createEngine({ dbPath: values.db, watch: false });
    try {
      const internals = engineInternals(engine);
      await internals.ready();
      const weights = internals.settings().columnWeights;
      const raw = internals.reader.db.prepare(
        'SELECT rowid, bm25(fts, ?, ?, ?, ?, ?) AS rank FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT 20',
      );
      const expressions = queries.map((q) =>
        matchExpression(compileQuery(parseQuery(q), internals.analyzer())),
      );
      const folio: number[] = [];
      const fts5: number[] = [];
      // Each query runs through both paths back to back, so both see the same cache state.
      for (let round = 0; round <= rounds; round++) {
        for (let i = 0; i < queries.length; i++) {
          const started = performance.now();
          await engine.search({ queries: [queries[i]!] });
          const fullMs = performance.now() - started;
          const expr = expressions[i];
          let rawMs = 0;
          if (expr) {
            const t = performance.now();
            raw.all(
              weights.title,
              weights.tags,
              weights.path,
              weights.pathComponents,
              weights.body,
              expr,
            );
            rawMs = performance.now() - t;
          }
          if (round > 0) {
            folio.push(fullMs);
            if (expr) fts5.push(rawMs);
          }
        }
      }
      const result = { folio: percentiles(folio), fts5: percentiles(fts5) };
      const ratio = (k: keyof Percentiles) =>
        Math.round((result.folio[k] / result.fts5[k]) * 100) / 100;
      if (values.json) {
        io.stdout.write(`${JSON.stringify(result)}\n`);
      } else {
        const line = (name: string, p: Percentiles) =>
          `${name.padEnd(6)} p50 ${p.p50.toFixed(3)} ms  p95 ${p.p95.toFixed(3)} ms  p99 ${p.p99.toFixed(3)} ms`;
        io.stdout.write(
          `${queries.length} queries × ${rounds} rounds (after one warm-up round)\n` +
            `${line('folio', result.folio)}\n${line('fts5', result.fts5)}\n` +
            `ratio  p50 ${ratio('p50')}×  p95 ${ratio('p95')}×  p99 ${ratio('p99')}×\n`,
        );
      }
      return 0;
    } finally {
      await engine.close();
    }
  },
};
