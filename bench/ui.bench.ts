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
import { spawnWeb } from '../test/support/web-process.ts';
import { msdocsDatabase } from './msdocs-db.ts';
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

/** One keystroke's times, in milliseconds from its keydown. */
interface Sample {
  /** The answer arrived (the page's `folio:search-answered` mark). */
  answered: number;
  /** The first frame after the results for this input were in the DOM. */
  painted: number;
  /** Engine time reported by the answer. */
  engine: number;
}

/** What the in-page functions use of the page (this file is compiled without DOM types). */
type PageScope = {
  folioBench: {
    keydownAt: number;
    marks: number[];
    /** Per `data-results-for` value: when the DOM took it, and the next frame after that. */
    shown: Map<string, { dom: number; frame: number; took: number }>;
    longTasks: number;
  };
  addEventListener(type: 'keydown', listener: () => void, capture: boolean): void;
  requestAnimationFrame(callback: () => void): void;
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, unknown>): void;
  };
  document: {
    querySelector(selector: string): { getAttribute(name: string): string | null } | null;
  };
};

// Runs in the page before its scripts: the keydown clock, the answer marks, and a probe that
// notes when the results for an input reach the DOM and the frame that follows.
function installProbe(): void {
  const scope = globalThis as unknown as PageScope;
  const bench = { keydownAt: 0, marks: [] as number[], shown: new Map(), longTasks: 0 };
  scope.folioBench = bench;
  scope.addEventListener('keydown', () => (bench.keydownAt = performance.now()), true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.entryType === 'mark') bench.marks.push(entry.startTime);
      else bench.longTasks += entry.duration;
    }
  }).observe({ entryTypes: ['mark', 'longtask'] as never });
  const observer = new scope.MutationObserver(() => {
    const shown = scope.document.querySelector('[data-results-for]');
    const value = shown?.getAttribute('data-results-for');
    if (value === null || value === undefined || bench.shown.has(value)) return;
    const entry = {
      dom: performance.now(),
      frame: NaN,
      took: Number(shown!.getAttribute('data-took-ms')),
    };
    bench.shown.set(value, entry);
    scope.requestAnimationFrame(() => (entry.frame = performance.now()));
  });
  // The document itself: its root element does not exist yet when this runs.
  observer.observe(scope.document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-results-for'],
  });
}

// Runs in the page after a key: waits until the results for `expected` were painted.
function waitForPaint(args: { expected: string; timeoutMs: number }): Promise<Sample | null> {
  const bench = (globalThis as unknown as PageScope).folioBench;
  const start = bench.keydownAt;
  return new Promise((resolve) => {
    const deadline = performance.now() + args.timeoutMs;
    const check = () => {
      const entry = bench.shown.get(args.expected);
      if (entry && Number.isFinite(entry.frame)) {
        const answered = bench.marks.filter((mark) => mark >= start).at(-1) ?? NaN;
        bench.shown.clear();
        resolve({ answered: answered - start, painted: entry.frame - start, engine: entry.took });
      } else if (performance.now() > deadline) resolve(null);
      else setTimeout(check, 2);
    };
    check();
  });
}

async function typeQueries(page: Page, box: string, queries: string[]): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const query of queries) {
    await typeQuery(page, box, query, async (expected) => {
      const sample = await page.evaluate(waitForPaint, {
        expected,
        timeoutMs: RESULTS_TIMEOUT_MS,
      });
      if (!sample) throw new Error(`no results painted for "${expected}"`);
      samples.push(sample);
    });
  }
  return samples;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function summary(samples: Sample[]): string {
  const field = (pick: (sample: Sample) => number) => {
    const values = samples.map(pick).filter(Number.isFinite);
    return `${percentile(values, 50).toFixed(1)} / ${percentile(values, 95).toFixed(1)}`;
  };
  return (
    `keydown→paint p50/p95 ${field((s) => s.painted)} ms · ` +
    `keydown→answer ${field((s) => s.answered)} · answer→paint ${field((s) => s.painted - s.answered)} · ` +
    `engine ${field((s) => s.engine)} (${samples.length} keystrokes)`
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
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const pages = [
    { name: 'main window ', url: `${web.origin}/#token=${web.token}`, box: 'input[type=search]' },
    { name: 'quick search', url: `${web.origin}/quick.html#token=${web.token}`, box: '.box' },
  ];
  const all = new Map<string, Sample[]>(pages.map((page) => [page.name, []]));
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
      const longTasks = await page.evaluate(
        () => (globalThis as unknown as PageScope).folioBench.longTasks,
      );
      console.log(
        `run ${run} ${target.name}: ${summary(samples)}; long tasks ${longTasks.toFixed(0)} ms`,
      );
      await page.close();
    }
  }
  for (const [name, samples] of all) console.log(`all runs ${name}: ${summary(samples)}`);
} finally {
  await browser.close();
  await web.stop();
}
