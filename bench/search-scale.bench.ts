// Search at scale (issue 12's goal on ten copies of msdocs-cpp): per query, the CPU time of
// Folio's search and of `cli bench`'s raw FTS5 query (every word, AND, ranked by bm25 with the
// column weights, LIMIT 20), alternated in one process, each first in every other round; each
// query's median over the rounds after a warm-up round. Prints both p50 and p95, their ratios,
// and the slowest searches (docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp).
//   FOLIO_BENCH_DB=/tmp/speed2/ten.db npm run bench -- search-scale
//   (without FOLIO_BENCH_DB msdocs-cpp is indexed into a temporary database; FOLIO_BENCH_QUERIES,
//   FOLIO_BENCH_ROUNDS=N, default 2; FOLIO_BENCH_SLOWEST=N searches listed, default 10)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, percentile } from '../src-main/cli/stats.ts';
import { rawQueries, withBenchIndex } from './bench-index.ts';

const queriesFile =
  process.env.FOLIO_BENCH_QUERIES ?? join(import.meta.dirname, 'queries-msdocs-cpp-200.json');
const rounds = Number(process.env.FOLIO_BENCH_ROUNDS ?? 2);
const slowest = Number(process.env.FOLIO_BENCH_SLOWEST ?? 10);

/** CPU milliseconds (all threads) of `run`. */
async function cpuOf(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

await withBenchIndex('search-scale', async (engine) => {
  const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as string[];
  const raw = rawQueries(engine, queries);
  const folio = queries.map((): number[] => []);
  const fts5 = queries.map((): number[] => []);
  for (let round = 0; round <= rounds; round++) {
    for (const [i, query] of queries.entries()) {
      // Each first in every other round: the second finds the pages the first read in SQLite's
      // cache (docs/benchmarks.md#which-runs-first).
      const rawQuery = raw[i];
      const runRaw = () => (rawQuery ? cpuOf(rawQuery) : Promise.resolve(0));
      const runFolio = () => cpuOf(() => engine.search({ queries: [query] }));
      const folioFirst = (round + i) % 2 === 0;
      const first = await (folioFirst ? runFolio() : runRaw());
      const second = await (folioFirst ? runRaw() : runFolio());
      const [ms, rawMs] = folioFirst ? [first, second] : [second, first];
      if (round === 0) continue; // round 0 warms the caches and the JIT
      folio[i]!.push(ms);
      fts5[i]!.push(rawMs);
    }
  }
  const [f, r] = [folio.map(median), fts5.map(median)];
  const at = (m: number[], q: number) => percentile(m, q);
  console.log(`${queries.length} queries, per-query median CPU of ${rounds} rounds (ms)`);
  console.log(`Folio    p50 ${at(f, 0.5).toFixed(2)}  p95 ${at(f, 0.95).toFixed(1)}`);
  console.log(`raw FTS5 p50 ${at(r, 0.5).toFixed(2)}  p95 ${at(r, 0.95).toFixed(1)}`);
  const ratio = (q: number) => (at(f, q) / at(r, q)).toFixed(2);
  console.log(`Folio ÷ raw FTS5: p50 ${ratio(0.5)}×  p95 ${ratio(0.95)}×`);
  const order = f.map((_, i) => i).sort((a, b) => f[b]! - f[a]!);
  for (const i of order.slice(0, slowest)) {
    console.log(
      `  ${f[i]!.toFixed(1).padStart(7)}  raw ${r[i]!.toFixed(1).padStart(6)}  ${queries[i]}`,
    );
  }
});
