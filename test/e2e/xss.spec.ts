// A note full of script, event handlers and javascript: links executes nothing anywhere: not in
// the snippets, not in the outline, not in the preview — and loads nothing remote.
import type { Page } from '@playwright/test';
import { expect, test } from './bridge-fixture.ts';
import { preview, results, searchBox } from './locators.ts';

const pwned = (page: Page) => page.evaluate(() => (globalThis as Record<string, unknown>).__pwned);

// size: one scenario — every result, every outline row and every link of a hostile note.
test('hostile notes execute nothing in snippets, outline or preview', async ({ page, bridge }) => {
  const foreignRequests: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(bridge.origin)) foreignRequests.push(request.url());
  });
  page.on('dialog', (dialog) => {
    foreignRequests.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(bridge.url);
  await searchBox(page).fill('xsstarget');
  const options = results(page);
  await expect(options.first()).toBeVisible();
  // The markup shows as text (the title carries a <script> tag).
  await expect(page.getByRole('listbox', { name: 'Results' })).toContainText('<script>');

  const article = preview(page).locator('article');
  for (let index = 0; index < (await options.count()); index += 1) {
    await options.nth(index).click();
    await expect(article).toBeVisible();
    const items = page.getByRole('tree', { name: 'Outline' }).getByRole('treeitem');
    for (let item = 0; item < (await items.count()); item += 1) {
      await items.nth(item).click();
      await article.hover();
      await article
        .locator('a')
        .evaluateAll((links) => links.forEach((link) => (link as { click(): void }).click()));
    }
  }
  await page.waitForTimeout(300);

  expect(await pwned(page)).toBeUndefined();
  const app = page.locator('#app');
  for (const selector of [
    'script',
    'iframe',
    'svg',
    'img',
    'object',
    'embed',
    'style',
    '[onerror]',
    '[onload]',
    '[onclick]',
    '[onmouseover]',
  ]) {
    await expect(app.locator(selector), selector).toHaveCount(0);
  }
  const hrefs = await app
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => !/^(https?:|mailto:|#|quick\.html)/.test(href))).toEqual([]);
  // The image is named, not loaded (it is in the section under the first heading, which shares
  // its row with the note: the note has no text before that heading).
  await page
    .getByRole('tree', { name: 'Outline' })
    .getByRole('treeitem', { name: /Hostile/ })
    .click();
  await expect(article).toContainText('[an image that must not load (127.0.0.1)]');
  await expect(article.locator('.image-ref').first()).toHaveAttribute(
    'title',
    'Image not loaded: http://127.0.0.1:9/tracker.png',
  );
  expect(foreignRequests).toEqual([]);
  expect(page.url()).toContain(bridge.origin);
});
