// The floor of a search that always considers partial matches (issue 12's speed goal): per query,
// the median CPU time of Folio's search, of `cli bench`'s raw FTS5 query (every word, AND, ranked
// by bm25 with the column weights, LIMIT 20) and of the cheapest FTS5 query that considers partial
// matches — every word OR'd, ranked the same way, LIMIT 20 and LIMIT 200 (Folio ranks its top
// 10 × limit) — measured alternately in one process. Prints each one's p50 and p95 and their ratios
// to the AND query (docs/benchmarks.md#the-floor-of-partial-matches).
//   npm run bench -- partial-floor   (FOLIO_BENCH_DB=FILE: that index; otherwise msdocs-cpp is
//   indexed into a temporary one; FOLIO_BENCH_QUERIES, FOLIO_BENCH_ROUNDS=N, default 3)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineService } from '#shared/contract/engine.ts';
import { engineInternals } from '../src-main/engine/create-engine.ts';
import { compileQuery, matchExpression } from '../src-main/engine/query/compile.ts';
import { parseQuery } from '../src-main/engine/query/parse.ts';
import { weightParams } from '../src-main/engine/search/fts-statements.ts';
import { median, percentile } from '../src-main/cli/stats.ts';
import { withBenchIndex } from './bench-index.ts';

const queriesFile =
  process.env.FOLIO_BENCH_QUERIES ?? join(import.meta.dirname, 'queries-msdocs-cpp-200.json');
const rounds = Number(process.env.FOLIO_BENCH_ROUNDS ?? 3);

const SIDES = ['folio', 'and', 'or20', 'or200'] as const;
type Side = (typeof SIDES)[number];

/** CPU milliseconds (all threads) of `run`. */
async function cpuOf(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Each side of one query: a function timed per round (null: the query has no FTS5 form). */
function sidesOf(engine: EngineService, query: string): Record<Side, (() => unknown) | null> {
  const internals = engineInternals(engine);
  const { db } = internals.reader;
  const ranked = (k: number) =>
    db.prepare(
      `SELECT rowid, bm25(fts, ?, ?, ?, ?, ?, ?) AS rank FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT ${k}`,
    );
  const weights = weightParams(internals.settings().columnWeights, 0);
  const compiled = compileQuery(parseQuery(query), internals.analyzer());
  const and = matchExpression(compiled);
  const words = compiled.required.map((o) => o.expr);
  let or = words.length === 0 ? null : words.length === 1 ? words[0]! : `(${words.join(' OR ')})`;
  if (or !== null && compiled.pathFilter) or = `(${or}) AND ${compiled.pathFilter}`;
  if (or !== null && compiled.exclude) or = `${or} NOT (${compiled.exclude})`;
  const run = (k: number, expr: string | null) => {
    if (expr === null) return null;
    const statement = ranked(k);
    return () => statement.all(...weights, expr);
  };
  return {
    folio: () => engine.search({ queries: [query] }),
    and: run(20, and),
    or20: run(20, or),
    or200: run(200, or),
  };
}

await withBenchIndex('partial-floor', async (engine) => {
  const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as string[];
  const cases = queries.map((q) => sidesOf(engine, q));
  const samples = cases.map(
    () => ({ folio: [], and: [], or20: [], or200: [] }) as Record<Side, number[]>,
  );
  for (let round = 0; round <= rounds; round++) {
    for (const [i, sides] of cases.entries()) {
      for (const side of SIDES) {
        const run = sides[side];
        const ms = run ? await cpuOf(run) : 0;
        if (round > 0) samples[i]![side].push(ms); // round 0 warms the caches and the JIT
      }
    }
  }
  const medians = (side: Side) => samples.map((s) => median(s[side]));
  const and = medians('and');
  console.log(`${queries.length} queries, per-query median CPU of ${rounds} rounds (ms)`);
  for (const side of SIDES) {
    const m = medians(side);
    const [p50, p95] = [percentile(m, 0.5), percentile(m, 0.95)];
    const ratio = `${(p50 / percentile(and, 0.5)).toFixed(2)}× / ${(p95 / percentile(and, 0.95)).toFixed(2)}×`;
    console.log(
      `${side.padEnd(6)} p50 ${p50.toFixed(2)}  p95 ${p95.toFixed(2)}  (of AND: ${ratio})`,
    );
  }
  const [folio, or200] = [medians('folio'), medians('or200')];
  const over = (p: number) => (percentile(folio, p) / percentile(or200, p)).toFixed(2);
  console.log(`folio of or200: p50 ${over(0.5)}×  p95 ${over(0.95)}×`);
});
