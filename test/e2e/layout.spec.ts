// Results that are hard to lay out (test/fixtures/e2e-layout: a 15 kB heading, a heading that is
// one long identifier, a partial match with a long list of matched terms) stay inside their
// pane, and every result keeps its score (when shown) and merged count in view (docs/design.md#processes).
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import type { VaultInfo } from '#shared/contract/api.ts';
import { expect, test, type RunningBridge, screenshots } from './bridge-fixture.ts';
import { preview, results, searchBox } from './locators.ts';

const LAYOUT_VAULT = join(import.meta.dirname, '..', 'fixtures', 'e2e-layout');

async function addLayoutVault(bridge: RunningBridge): Promise<void> {
  const root = join(bridge.scratch, 'layout');
  cpSync(LAYOUT_VAULT, root, { recursive: true });
  await bridge.call('addVault', { root });
  await expect
    .poll(async () =>
      (await bridge.call<VaultInfo[]>('listVaults')).find((v) => v.name === 'layout'),
    )
    .toMatchObject({ documents: 3 });
  // Scores are hidden by default; these tests check that, shown, they stay in view.
  await bridge.call('updateSettings', { showScores: true });
}

/** Asserts that `inner` is drawn wholly inside `outer`'s box. */
async function expectInside(inner: Locator, outer: Locator): Promise<void> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b).toBeTruthy();
  expect(a!.x).toBeGreaterThanOrEqual(b!.x);
  expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x + b!.width);
}

/** Lines of text an element takes. */
async function lines(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const style = node.ownerDocument.defaultView!.getComputedStyle(node);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return Math.round(node.getBoundingClientRect().height / line);
  });
}

test('a 15 kB heading is clamped to two lines, its full text in the title', async ({
  page,
  bridge,
}) => {
  await addLayoutVault(bridge);
  const heading = readFileSync(join(LAYOUT_VAULT, 'Long heading.md'), 'utf8').split('\n')[0]!;
  await page.goto(bridge.url);
  await searchBox(page).fill('longtitlemarker');
  const title = results(page).first().locator('.title');
  // The engine titles a heading by its first 8 KiB: the whole of that is in the tooltip.
  const text = (await title.textContent()) ?? '';
  expect(text.length).toBeGreaterThan(8000);
  expect(heading.startsWith(`# ${text}`)).toBe(true);
  expect(await title.getAttribute('title')).toBe(text);
  expect(await lines(title)).toBeLessThanOrEqual(2);
  await expect(results(page).first().locator('.score')).toBeInViewport();
  await expect(results(page).first().locator('.tick')).toBeInViewport();
  // The preview's breadcrumb is clamped too; the heading is read in full in the section below.
  const previewPane = preview(page);
  expect(await lines(previewPane.locator('.crumb'))).toBeLessThanOrEqual(2);
  await expect(previewPane.locator('article')).toBeInViewport();
  await expect(searchBox(page)).toBeInViewport();
  await screenshots(page, 'results-long-title');
});

test('a long partial badge or an unbroken title word keeps score and merged count in view', async ({
  page,
  bridge,
}) => {
  await addLayoutVault(bridge);
  const pane = page.locator('[data-pane="results"]');
  await page.goto(bridge.url);
  await searchBox(page).fill('ownership rules memory stack heap allocation zzqqxx');
  const memory = results(page).filter({ hasText: 'merged 5 sections' });
  await expect(memory.locator('.partial-badge')).toContainText('partial: ownership');
  await expectInside(memory.locator('.score'), pane);
  await expectInside(memory.locator('.merged'), pane);
  expect(await lines(memory.locator('.title'))).toBe(1);
  await screenshots(page, 'results-partial');

  await searchBox(page).fill('unbrokenmarker');
  const unbroken = results(page).first();
  await expect(unbroken).toContainText('CompileTime');
  await expectInside(unbroken.locator('.score'), pane);
  await expectInside(unbroken.locator('.title'), pane);
});
