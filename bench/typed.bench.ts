// Typed-prefix benchmark (issue 14, the engine's share of a keystroke): every prefix of the first
// queries of bench/queries-msdocs-cpp.json, as the app sends it while a query is typed (`typing:
// true`, a prefix ending in a space skipped: the app sends nothing for it), searched in process on
// msdocs-cpp; per prefix the median CPU time of the rounds after a warm-up round. CPU time, not
// wall time. `--against DIR` also loads the engine of another checkout (e.g. a worktree of main)
// into the same process and alternates the two prefix by prefix, so that a shared machine's load
// swings reach both alike (docs/benchmarks.md#typed-prefixes).
//   npm run bench -- typed [--db FILE] [--queries N] [--rounds N] [--slowest N] [--against DIR]
// Without --db it indexes msdocs-cpp into the UI benchmark's cached database (or updates it).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';
import { msdocsDatabase } from './msdocs-db.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    db: { type: 'string' },
    queries: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    slowest: { type: 'string', default: '8' },
    against: { type: 'string' },
  },
});

/** The prefixes typed on the way to `query`, each ending in a character other than a space. */
function typedPrefixes(query: string): string[] {
  return [...query].flatMap((char, at) => (char === ' ' ? [] : [query.slice(0, at + 1)]));
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[times.length >> 1]!;
const ms = (value: number) => value.toFixed(1);

type Engine = Awaited<ReturnType<typeof createEngine>>;

/** An engine on `dbPath` from the checkout at `dir` (this one when undefined). */
async function openEngine(dbPath: string, dir?: string): Promise<Engine> {
  const module = (
    dir
      ? await import(resolve(dir, 'src-main/engine/create-engine.ts'))
      : { createEngine, engineInternals }
  ) as {
    createEngine: typeof createEngine;
    engineInternals: typeof engineInternals;
  };
  const engine = await module.createEngine({ dbPath, watch: false, readOnly: true });
  await module.engineInternals(engine).ready();
  return engine;
}

/** Per engine and prefix, the CPU milliseconds of each round (engines alternated per prefix). */
async function measure(engines: Engine[], prefixes: string[], rounds: number) {
  const search = (engine: Engine, query: string) =>
    engine.search({ queries: [query], typing: true });
  for (const engine of engines) for (const prefix of prefixes) await search(engine, prefix); // warm-up
  const times = engines.map(() => prefixes.map((): number[] => []));
  for (let round = 0; round < rounds; round++) {
    for (const [at, prefix] of prefixes.entries()) {
      // Alternate which engine goes first, so that neither always finds the caches the other left.
      const order = engines.map((_, k) => (round % 2 === 0 ? k : engines.length - 1 - k));
      for (const k of order) {
        const before = process.cpuUsage();
        await search(engines[k]!, prefix);
        const used = process.cpuUsage(before);
        times[k]![at]!.push((used.user + used.system) / 1000);
      }
    }
  }
  return times.map((perPrefix) => perPrefix.map(median));
}

/** One line of percentiles of `medians`, then the slowest prefixes. */
function report(label: string, medians: number[], prefixes: string[]): void {
  const sorted = [...medians].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  console.log(
    `${label}: ${prefixes.length} prefixes (${values.queries} queries, median of ${values.rounds} rounds, CPU) ` +
      `p50 ${ms(at(0.5))} · p95 ${ms(at(0.95))} · p99 ${ms(at(0.99))} · max ${ms(sorted.at(-1)!)} ms · ` +
      `sum ${sorted.reduce((sum, value) => sum + value, 0).toFixed(0)} ms`,
  );
  const slowest = medians
    .map((time, index) => [time, prefixes[index]!] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, Number(values.slowest));
  for (const [time, prefix] of slowest) console.log(`  ${ms(time).padStart(7)} ms  ${prefix}`);
}

const queries = JSON.parse(
  await readFile(join(import.meta.dirname, 'queries-msdocs-cpp.json'), 'utf8'),
) as string[];
const prefixes = queries.slice(0, Number(values.queries)).flatMap(typedPrefixes);
const dbPath = values.db ?? (await msdocsDatabase());
const engines = [await openEngine(dbPath)];
if (values.against) engines.push(await openEngine(dbPath, values.against));
const medians = await measure(engines, prefixes, Number(values.rounds));
for (const engine of engines) await engine.close();
report('this checkout', medians[0]!, prefixes);
if (values.against) report(values.against, medians[1]!, prefixes);
