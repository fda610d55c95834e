// The main window's own work per keystroke (docs/benchmarks.md#ui): types the first N bench
// queries into the main window the way the UI bench does (one key, then its results and two
// frames), under a Chromium trace (CDP `Tracing`, the devtools.timeline categories), and prints
// per keystroke the renderer main thread's script, style, layout, paint and commit time: wall
// time over the whole trace, and thread CPU time while typing (steadier on a shared machine).
//   npx node bench/ui-trace.ts [--queries N] [--quick] [--profile FILE] [--trace FILE]
// --quick: the quick-search page; --profile: also a CPU profile of the page while typing, written
// to FILE (DevTools opens it), and the functions with the most self time per keystroke; --trace:
// the trace's events written to FILE (DevTools' Performance panel opens it).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { buildRenderer } from '../src-main/bridge/build-renderer.ts';
import { spawnWeb } from '../test/support/web-process.ts';
import { msdocsDatabase } from './msdocs-db.ts';
import { typeQuery } from './ui-typing.ts';
import {
  summariseProfile,
  summariseTrace,
  typingSpans,
  type CpuProfile,
  type TraceEvent,
} from './ui-trace-summary.ts';

/** What the in-page functions use of the page (this file is compiled without DOM types). */
type PageScope = {
  document: {
    querySelector(selector: string): { getAttribute(name: string): string | null } | null;
  };
  requestAnimationFrame(callback: () => void): void;
};

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    queries: { type: 'string', default: '3' },
    quick: { type: 'boolean', default: false },
    profile: { type: 'string' },
    trace: { type: 'string' },
  },
});

/** Types `query` as the UI bench does; returns the keystrokes that changed the query. */
async function type(page: Page, box: string, query: string): Promise<number> {
  let keys = 0;
  await typeQuery(page, box, query, async (expected) => {
    keys += 1;
    await page.waitForFunction(
      (value) =>
        (globalThis as unknown as PageScope).document
          .querySelector('[data-results-for]')
          ?.getAttribute('data-results-for') === value,
      expected,
      { timeout: 30_000, polling: 'raf' },
    );
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          const scope = globalThis as unknown as PageScope;
          scope.requestAnimationFrame(() => scope.requestAnimationFrame(done));
        }),
    );
  });
  return keys;
}

const db = await msdocsDatabase(false);
await buildRenderer();
const queries = (
  JSON.parse(
    await readFile(join(import.meta.dirname, 'queries-msdocs-cpp.json'), 'utf8'),
  ) as string[]
).slice(0, Number(values.queries));
const web = await spawnWeb(['--no-watch', '--db', db]);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const box = values.quick ? '.box' : 'input[type=search]';
  await page.goto(`${web.origin}/${values.quick ? 'quick.html' : ''}#token=${web.token}`);
  await page.locator(box).waitFor();
  await type(page, box, queries[0]!); // warm-up, not traced
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) =>
    events.push(...(data.value as unknown as TraceEvent[])),
  );
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
      ],
    },
  });
  if (values.profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  let keys = 0;
  for (const query of queries) keys += await type(page, box, query);
  const profile = values.profile ? (await cdp.send('Profiler.stop')).profile : null;
  await cdp.send('Tracing.end');
  await complete;
  console.log(summariseTrace(events, keys));
  if (values.trace) await writeFile(values.trace, JSON.stringify({ traceEvents: events }));
  if (profile && values.profile) {
    await writeFile(values.profile, JSON.stringify(profile));
    console.log(`CPU profile in ${values.profile}; most self time while typing, per keystroke:`);
    console.log(summariseProfile(profile as unknown as CpuProfile, typingSpans(events)));
  }
} finally {
  await browser.close();
  await web.stop();
}
