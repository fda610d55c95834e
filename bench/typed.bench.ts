// Typed-prefix benchmark (issue 14, the engine's share of a keystroke): every prefix of the first
// queries of bench/queries-msdocs-cpp.json, as the app sends it while a query is typed (`typing:
// true`, a prefix ending in a space skipped: the app sends nothing for it), searched in process on
// msdocs-cpp; per prefix the median CPU time of the rounds after a warm-up round. CPU time, not
// wall time. `--against DIR` also loads the engine of another checkout (e.g. a worktree of main)
// into the same process and alternates the two prefix by prefix, so that a shared machine's load
// swings reach both alike (docs/benchmarks.md#typed-prefixes).
// Beside that warm figure, a "typed once" one: what the UI pays, where each prefix is typed once.
// Each round opens the engines afresh (their per-index memos cold) and types the prefixes in
// order as the UI bench does (bench/ui-typing.ts: its first query once unmeasured, then the
// queries); per prefix the median CPU time over the rounds. And "typed once, warmed first": the
// same on engines opened with `warm` (the app's and the web bridge's), typed once their background
// warming is done, as a user types seconds after opening (a checkout without warming types at once).
//   npm run bench -- typed [--db FILE] [--queries N] [--rounds N] [--slowest N] [--against DIR]
//                          [--only warm|once|warmed]
// Without --db it indexes msdocs-cpp into the UI benchmark's cached database (or updates it).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { median, percentile } from '../src-main/cli/stats.ts';
import {
  createEngine,
  engineInternals,
  type EngineInternals,
} from '../src-main/engine/create-engine.ts';
import { msdocsDatabase } from './msdocs-db.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    db: { type: 'string' },
    queries: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    slowest: { type: 'string', default: '8' },
    against: { type: 'string' },
    only: { type: 'string' },
  },
});
if (values.only !== undefined && !['warm', 'once', 'warmed'].includes(values.only))
  throw new Error(`--only ${values.only}: expected warm, once or warmed`);

/** The prefixes typed on the way to `query`, each ending in a character other than a space. */
function typedPrefixes(query: string): string[] {
  return [...query].flatMap((char, at) => (char === ' ' ? [] : [query.slice(0, at + 1)]));
}

const ms = (value: number) => value.toFixed(1);

type Engine = Awaited<ReturnType<typeof createEngine>>;

/**
 * An engine on `dbPath` from the checkout at `dir` (this one when undefined); with `warm`, once it
 * has warmed in the background (a checkout without `warmed` has nothing to wait for).
 */
async function openEngine(dbPath: string, dir?: string, warm = false): Promise<Engine> {
  const module = (
    dir
      ? await import(resolve(dir, 'src-main/engine/create-engine.ts'))
      : { createEngine, engineInternals }
  ) as {
    createEngine: typeof createEngine;
    engineInternals: typeof engineInternals;
  };
  const engine = await module.createEngine({ dbPath, watch: false, readOnly: true, warm });
  // An older checkout's internals may have no `warmed`.
  const internals = module.engineInternals(engine) as Omit<EngineInternals, 'warmed'> &
    Partial<Pick<EngineInternals, 'warmed'>>;
  await internals.ready();
  if (warm) await internals.warmed?.();
  return engine;
}

const search = (engine: Engine, query: string) => engine.search({ queries: [query], typing: true });

/**
 * Searches each prefix on every engine, alternated prefix by prefix (which engine goes first
 * alternating by round, so that neither always finds the caches the other left), adding each
 * search's CPU milliseconds to `times[engine][prefix]`.
 */
async function typeRound(
  engines: Engine[],
  prefixes: string[],
  round: number,
  times: number[][][],
) {
  const order = engines.map((_, k) => (round % 2 === 0 ? k : engines.length - 1 - k));
  for (const [at, prefix] of prefixes.entries()) {
    for (const k of order) {
      const before = process.cpuUsage();
      await search(engines[k]!, prefix);
      const used = process.cpuUsage(before);
      times[k]![at]!.push((used.user + used.system) / 1000);
    }
  }
}

/** Per engine and prefix, the median CPU milliseconds over the rounds after a warm-up round. */
async function measureWarm(dirs: (string | undefined)[], prefixes: string[], rounds: number) {
  const engines = await Promise.all(dirs.map((dir) => openEngine(dbPath, dir)));
  for (const engine of engines) for (const prefix of prefixes) await search(engine, prefix); // warm-up
  const times = engines.map(() => prefixes.map((): number[] => []));
  for (let round = 0; round < rounds; round++) await typeRound(engines, prefixes, round, times);
  for (const engine of engines) await engine.close();
  return times.map((perPrefix) => perPrefix.map(median));
}

/**
 * Per engine and prefix, the median CPU milliseconds over the rounds of typing each prefix once:
 * every round on engines opened afresh (with `warm`, and warmed), `warmUp` typed first
 * unmeasured (bench/ui.bench.ts).
 */
async function measureOnce(
  dirs: (string | undefined)[],
  warmUp: string[],
  prefixes: string[],
  rounds: number,
  warm: boolean,
) {
  const times = dirs.map(() => prefixes.map((): number[] => []));
  const unmeasured = dirs.map(() => warmUp.map((): number[] => []));
  for (let round = 0; round < rounds; round++) {
    const engines = await Promise.all(dirs.map((dir) => openEngine(dbPath, dir, warm)));
    await typeRound(engines, warmUp, round, unmeasured);
    await typeRound(engines, prefixes, round, times);
    for (const engine of engines) await engine.close();
  }
  return times.map((perPrefix) => perPrefix.map(median));
}

/** One line of percentiles of `medians`, then the slowest prefixes. */
function report(label: string, figure: string, medians: number[], prefixes: string[]): void {
  const at = (share: number) => percentile(medians, share);
  console.log(
    `${label}, ${figure}: ${prefixes.length} prefixes (${values.queries} queries, median of ${values.rounds} rounds, CPU) ` +
      `p50 ${ms(at(0.5))} · p95 ${ms(at(0.95))} · p99 ${ms(at(0.99))} · max ${ms(at(1))} ms · ` +
      `sum ${medians.reduce((sum, value) => sum + value, 0).toFixed(0)} ms`,
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
const dirs = [undefined, ...(values.against ? [values.against] : [])];
const labels = ['this checkout', ...(values.against ? [values.against] : [])];
const rounds = Number(values.rounds);
const figures: [string, number[][]][] = [];
if (values.only === undefined || values.only === 'warm')
  figures.push(['warm', await measureWarm(dirs, prefixes, rounds)]);
const warmUp = typedPrefixes(queries[0]!);
for (const [figure, warm] of [
  ['typed once', false],
  ['typed once, warmed first', true],
] as const) {
  const only = warm ? 'warmed' : 'once';
  if (values.only !== undefined && values.only !== only) continue;
  figures.push([figure, await measureOnce(dirs, warmUp, prefixes, rounds, warm)]);
}
for (const [figure, medians] of figures) {
  for (const [k, label] of labels.entries()) report(label, figure, medians[k]!, prefixes);
}
