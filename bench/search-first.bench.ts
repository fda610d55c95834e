// The first search of a freshly opened index (issue 12): what a one-off `cli search` or the first
// call of `cli mcp` waits for beyond starting the process — the word weights and fuzzy variants
// (the vocabulary), the row count, then the search with every cache empty. Each query of the
// file opens its own read-only engine on the index, searches once and closes it; the first
// engine also warms the JIT and is not counted. Prints the median and the largest CPU and wall
// times (docs/benchmarks.md#the-first-search).
//   npm run bench -- search-first   (FOLIO_BENCH_DB=FILE: that index; otherwise msdocs-cpp is
//   indexed into a temporary one; FOLIO_BENCH_QUERIES, FOLIO_BENCH_FIRST=N queries, default 20)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src-main/cli/bin.ts';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';
import { corpusDir } from '../test/support/corpora.ts';
import { median } from '../src-main/cli/stats.ts';

const queriesFile =
  process.env.FOLIO_BENCH_QUERIES ?? join(import.meta.dirname, 'queries-msdocs-cpp-200.json');
const count = Number(process.env.FOLIO_BENCH_FIRST ?? 20);
const io = { stdout: process.stdout, stderr: process.stderr, signal: new AbortController().signal };

/** CPU (all threads) and wall milliseconds of one search in a fresh engine. */
async function firstSearch(db: string, query: string): Promise<{ cpu: number; wall: number }> {
  const engine = await createEngine({ dbPath: db, readOnly: true });
  try {
    await engineInternals(engine).ready();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await engine.search({ queries: [query] });
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { cpu: (used.user + used.system) / 1000, wall };
  } finally {
    await engine.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'folio-first-bench-'));
try {
  const db = process.env.FOLIO_BENCH_DB ?? join(dir, 'bench.db');
  if (!process.env.FOLIO_BENCH_DB) {
    if ((await main(['index', '--db', db, corpusDir('msdocs-cpp')], io)) !== 0) process.exit(1);
  }
  const queries = (JSON.parse(readFileSync(queriesFile, 'utf8')) as string[]).slice(0, count + 1);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (const [i, query] of queries.entries()) {
    const t = await firstSearch(db, query);
    if (i === 0) continue; // the JIT's warm-up
    cpu.push(t.cpu);
    wall.push(t.wall);
  }
  const line = (name: string, v: number[]) =>
    `${name} median ${median(v).toFixed(1)} ms  max ${Math.max(...v).toFixed(1)} ms`;
  console.log(`first search of a fresh engine, ${cpu.length} queries`);
  console.log(line('CPU ', cpu));
  console.log(line('wall', wall));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
