// Huge-note benchmark (issue 16, item 5): a vault holding one 30 MB one-line note that repeats
// two words (every query word matches it millions of times) and a short note. Times, in process,
// the first search after the reader's caches were dropped (as after opening the index or after
// any commit) and warm ones, wall and CPU time, for the searches that stalled Folio: a word, a
// word with a no-hit neighbour, a typo with a phrase, and one 1.7 KB request of 32 topics; beside
// the raw FTS5 query for the same word. `npm run bench -- huge-note [--runs N]`; prints the load.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

/** 32 topics of about 53 characters: typos, a phrase, words no note holds. */
export const THIRTY_TWO_TOPICS = Array.from(
  { length: 32 },
  (_, i) => `folio${i} rankng "folio ranking" ranking${i} notes folio`,
);

const SEARCHES: Array<[name: string, queries: string[]]> = [
  ['folio', ['folio']],
  ['folio folio1', ['folio folio1']],
  ['rankng "folio ranking" folio1 ranking', ['rankng "folio ranking" folio1 ranking']],
  [`32 topics (${THIRTY_TWO_TOPICS.join('').length} characters)`, THIRTY_TWO_TOPICS],
];

const dir = mkdtempSync(join(tmpdir(), 'folio-huge-bench-'));
try {
  const vault = join(dir, 'vault');
  mkdirSync(vault);
  writeFileSync(join(vault, 'big.md'), `# Big\n\n${'folio ranking '.repeat(2_142_857)}\n`);
  writeFileSync(join(vault, 'small.md'), '# Small\n\nA short note about folio and ranking.\n');
  let started = performance.now();
  const engine = await createEngine({
    dbPath: join(dir, 'huge.db'),
    vaults: [{ root: vault, name: 'huge' }],
    watch: false,
  });
  const internals = engineInternals(engine);
  await internals.ready();
  console.log(`indexed the 30 MB note in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const raw = internals.reader.db.prepare('SELECT rowid FROM fts WHERE fts MATCH ? LIMIT 50');
  started = performance.now();
  raw.all('folio');
  console.log(`raw FTS5 'folio': ${(performance.now() - started).toFixed(1)} ms`);

  const timed = async (queries: string[]) => {
    const cpu = process.cpuUsage();
    const at = performance.now();
    const { results } = await engine.search({ queries });
    const used = process.cpuUsage(cpu);
    const wall = Math.round(performance.now() - at);
    return { wall, cpu: Math.round((used.user + used.system) / 1000), results: results.length };
  };
  for (const [name, queries] of SEARCHES) {
    const first: number[] = [];
    const firstCpu: number[] = [];
    const warm: number[] = [];
    const warmCpu: number[] = [];
    let results = 0;
    for (let run = 0; run < runs; run++) {
      internals.reader.clearCaches();
      const cold = await timed(queries);
      first.push(cold.wall);
      firstCpu.push(cold.cpu);
      const again = await timed(queries);
      warm.push(again.wall);
      warmCpu.push(again.cpu);
      results = again.results;
    }
    const rss = Math.round(process.memoryUsage().rss / 1048576);
    console.log(
      `${name}: first ${first.join('/')} ms (CPU ${firstCpu.join('/')}), warm ${warm.join('/')} ms (CPU ${warmCpu.join('/')}), ${results} results, RSS ${rss} MB`,
    );
  }
  await engine.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
