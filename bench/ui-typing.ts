// How the UI benchmarks type (bench/ui.bench.ts, bench/ui-trace.ts): a query key by key, at most
// one key every 120 ms (about 100 words a minute), each key that changes the query waiting for
// `onKey` (its results); 1.5 s before each query (reading the results of the one before).
import type { Page } from '@playwright/test';

const KEY_INTERVAL_MS = 120;
/** The pause before each query (bench/ui-trace-summary.ts tells queries apart by it). */
export const QUERY_PAUSE_MS = 1500;

/** Types `query` into `box`; `onKey(expected)` runs after each key that changed the query. */
export async function typeQuery(
  page: Page,
  box: string,
  query: string,
  onKey: (expected: string) => Promise<void>,
): Promise<void> {
  await page.waitForTimeout(QUERY_PAUSE_MS);
  await page.locator(box).fill('');
  await page.locator(box).focus();
  for (let at = 1; at <= query.length; at += 1) {
    const started = Date.now();
    await page.keyboard.type(query[at - 1]!);
    const expected = query.slice(0, at).trim();
    if (expected === '' || query[at - 1] === ' ') continue; // a space changes no query
    await onKey(expected);
    const rest = KEY_INTERVAL_MS - (Date.now() - started);
    if (rest > 0) await page.waitForTimeout(rest);
  }
}
