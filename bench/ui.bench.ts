// UI benchmark (issue 14): keystroke → results on screen, in real Chromium over the web bridge and
// the real engine. Indexes msdocs-cpp once into a cached database, serves it with
// `npm run web -- --db … --no-watch --no-build`, then types queries character by character into
// the main window and into quick search and measures, for every keystroke, the time from keydown
// to the first frame painted after the results for that input were rendered (the page marks the
// answer's arrival; `data-results-for` says which input the shown results answer).
//   npm run bench -- ui [--runs N] [--queries N] [--fresh]
// The typing cadence is one key every 120 ms at most (about 100 words a minute); a key waits for
// the results of the one before it (so every keystroke is measured, none superseded); 1.5 s pass
// between queries (reading the results). Each page first types one query unmeasured (warm-up).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { buildRenderer } from '../src-main/bridge/build-renderer.ts';
import { percentile } from '../src-main/cli/stats.ts';
import { spawnWeb } from '../test/support/web-process.ts';
import { msdocsDatabase } from './msdocs-db.ts';
import { installProbe, waitForPaint, type PageScope, type Sample } from './ui-probe.ts';
import { position, slowest, type Keystroke } from './ui-slowest.ts';
import { typeQuery } from './ui-typing.ts';

const RESULTS_TIMEOUT_MS = 30_000;

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runs: { type: 'string', default: '3' },
    queries: { type: 'string', default: '20' },
    fresh: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const queryCount = Number(values.queries);

async function typeQueries(page: Page, box: string, queries: string[]): Promise<Keystroke[]> {
  const samples: Keystroke[] = [];
  for (const query of queries) {
    await typeQuery(page, box, query, async (expected) => {
      const sample = await page.evaluate(waitForPaint, {
        expected,
        timeoutMs: RESULTS_TIMEOUT_MS,
      });
      if (!sample) throw new Error(`no results painted for "${expected}"`);
      samples.push({ ...sample, query, prefix: expected });
    });
  }
  return samples;
}

/** Where a key fell in its query, as the per-position summary lines name it. */
const WHERE = [
  ['query', "query's first keys"],
  ['word', "a word's first keys"],
  ['inside', 'inside a word'],
] as const;

function summary(samples: Sample[]): string {
  const field = (pick: (sample: Sample) => number) => {
    const values = samples.map(pick).filter(Number.isFinite);
    return `${percentile(values, 0.5).toFixed(1)} / ${percentile(values, 0.95).toFixed(1)}`;
  };
  return (
    `keydown→paint p50/p95 ${field((s) => s.painted)} ms · ` +
    `keydown→answer ${field((s) => s.answered)} · answer→paint ${field((s) => s.painted - s.answered)} ` +
    `(→dom ${field((s) => s.dom - s.answered)}, dom→paint ${field((s) => s.painted - s.dom)}) · ` +
    `answer→drawn ${field((s) => s.drawn - s.answered)} · ` +
    `engine ${field((s) => s.engine)} (${samples.length} keystrokes)`
  );
}

/**
 * Where keydown → answer goes (the socket call's measure and the bridge's times in its reply,
 * bench/ui-probe.ts): all but the call, the page before sending, the way to the bridge and back
 * (on the page's and the bridge's epoch clocks), the bridge around the call, the call (and its
 * thread CPU), the reply's JSON.stringify and the page's JSON.parse, the page from the reply to
 * the answer; and how many keystrokes had another API request in flight.
 */
function breakdown(samples: Sample[]): string {
  const seen = samples.filter((sample) => sample.search && 'call' in sample.search.server);
  const field = (
    name: string,
    pick: (sample: Sample, server: Record<string, number>) => number,
  ) => {
    const values = seen
      .map((sample) => pick(sample, sample.search!.server))
      .filter(Number.isFinite);
    return `${name} ${percentile(values, 0.5).toFixed(1)} / ${percentile(values, 0.95).toFixed(1)}`;
  };
  const shared = samples.filter((sample) => sample.others.length > 0);
  const methods = new Map<string, number>();
  for (const sample of shared)
    for (const other of sample.others)
      methods.set(other.method, (methods.get(other.method) ?? 0) + 1);
  return (
    [
      field('answer−call', (sample, server) => sample.answered - server.call!),
      field('before', (sample) => sample.search!.start),
      field('up', (_, server) => server.receivedAt! - server.sentAt!),
      field('bridge−call', (_, server) => server.bridge! - server.call!),
      field('call', (_, server) => server.call!),
      field('call cpu', (_, server) => server.cpu!),
      // The call's thread ready to run but waiting for a core (Linux; 0 elsewhere).
      field('call wait', (_, server) => server.wait ?? NaN),
      // The call on a core (or blocked): exact where `wait` is, unlike `cpu`, which the kernel
      // counts in ticks (docs/benchmarks.md#what-a-call-waits-for).
      field('call−wait', (_, server) => server.call! - (server.wait ?? NaN)),
      field('json', (_, server) => server.stringify!),
      field('down', (_, server) => server.arrivedAt! - server.repliedAt!),
      field('parse', (_, server) => server.parse!),
      field('reply→answer', (sample) => sample.answered - sample.search!.end),
    ].join(' · ') +
    ` (p50 / p95 ms, ${seen.length} timed) · other requests in flight on ${shared.length} keystrokes` +
    (methods.size > 0
      ? ` (${[...methods].map(([name, count]) => `${name} ${count}`).join(', ')})`
      : '')
  );
}

const db = await msdocsDatabase(values.fresh);
await buildRenderer();
const queries = (
  JSON.parse(
    await readFile(join(import.meta.dirname, 'queries-msdocs-cpp.json'), 'utf8'),
  ) as string[]
).slice(0, queryCount);
const web = await spawnWeb(['--no-watch', '--db', db]);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    web.child.kill();
    process.exit(1);
  });
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
    // The page's heap to the byte (bench/ui-probe.ts), not in coarse steps.
    '--enable-precise-memory-info',
  ],
});
try {
  const pages = [
    { name: 'main window ', url: `${web.origin}/#token=${web.token}`, box: 'input[type=search]' },
    { name: 'quick search', url: `${web.origin}/quick.html#token=${web.token}`, box: '.box' },
  ];
  const all = new Map<string, Keystroke[]>(pages.map((page) => [page.name, []]));
  for (let run = 1; run <= runs; run += 1) {
    for (const target of pages) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.addInitScript(installProbe);
      await page.goto(target.url);
      await page.locator(target.box).waitFor();
      // Warm-up, not measured: the first query of a page (code compiled, SQLite pages cached).
      await typeQueries(page, target.box, queries.slice(0, 1));
      const samples = await typeQueries(page, target.box, queries);
      all.get(target.name)!.push(...samples);
      const { longTasks, workersStarted } = await page.evaluate(() => {
        const { longTasks, workersStarted } = (globalThis as unknown as PageScope).folioBench;
        return { longTasks, workersStarted };
      });
      console.log(
        `run ${run} ${target.name}: ${summary(samples)}; long tasks ${longTasks.toFixed(0)} ms; ` +
          `workers started ${workersStarted}`,
      );
      console.log(`  ${breakdown(samples)}`);
      await page.close();
    }
  }
  for (const [name, samples] of all) {
    console.log(`all runs ${name}: ${summary(samples)}`);
    console.log(`  ${breakdown(samples)}`);
    // A query's first key builds the result rows from none (docs/benchmarks.md#the-first-key-of-a-query).
    for (const [where, label] of WHERE) {
      const keys = samples.filter((sample) => position(sample.prefix) === where);
      if (keys.length > 0) console.log(`  ${label}: ${summary(keys)}`);
    }
    console.log(slowest(samples));
  }
} finally {
  await browser.close();
  await web.stop();
}
