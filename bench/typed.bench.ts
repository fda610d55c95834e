// Typed-prefix benchmark (issue 14, the engine's share of a keystroke): every prefix of the first
// queries of bench/queries-msdocs-cpp.json, as the app sends it while a query is typed (`typing:
// true`, a prefix ending in a space skipped: the app sends nothing for it), searched in process on
// msdocs-cpp; per prefix the median CPU time of the rounds after a warm-up round. CPU time, not
// wall time, so that a machine shared with other work still compares two checkouts (run both in
// the same period, alternated; docs/benchmarks.md#typed-prefixes).
//   npm run bench -- typed [--db FILE] [--queries N] [--rounds N] [--slowest N]
// Without --db it indexes msdocs-cpp into the UI benchmark's cached database (or updates it).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  },
});

/** The prefixes typed on the way to `query`, each ending in a character other than a space. */
function typedPrefixes(query: string): string[] {
  return [...query].flatMap((char, at) => (char === ' ' ? [] : [query.slice(0, at + 1)]));
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[times.length >> 1]!;

const queries = JSON.parse(
  await readFile(join(import.meta.dirname, 'queries-msdocs-cpp.json'), 'utf8'),
) as string[];
const prefixes = queries.slice(0, Number(values.queries)).flatMap(typedPrefixes);
const engine = await createEngine({
  dbPath: values.db ?? (await msdocsDatabase()),
  watch: false,
  readOnly: true,
});
await engineInternals(engine).ready();
const search = (query: string) => engine.search({ queries: [query], typing: true });
for (const prefix of prefixes) await search(prefix); // warm-up: SQLite pages, compiled code
const times: number[][] = prefixes.map(() => []);
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [at, prefix] of prefixes.entries()) {
    const before = process.cpuUsage();
    await search(prefix);
    const used = process.cpuUsage(before);
    times[at]!.push((used.user + used.system) / 1000);
  }
}
await engine.close();

const medians = times.map(median);
const sorted = [...medians].sort((a, b) => a - b);
const at = (share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
const ms = (value: number) => value.toFixed(1);
console.log(
  `typed prefixes: ${prefixes.length} (${values.queries} queries, median of ${values.rounds} rounds, CPU) ` +
    `p50 ${ms(at(0.5))} · p95 ${ms(at(0.95))} · p99 ${ms(at(0.99))} · max ${ms(sorted.at(-1)!)} ms · ` +
    `sum ${sorted.reduce((sum, value) => sum + value, 0).toFixed(0)} ms`,
);
const slowest = medians
  .map((time, index) => [time, prefixes[index]!] as const)
  .sort((a, b) => b[0] - a[0])
  .slice(0, Number(values.slowest));
for (const [time, prefix] of slowest) console.log(`  ${ms(time).padStart(7)} ms  ${prefix}`);
