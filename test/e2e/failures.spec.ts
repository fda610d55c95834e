// When the engine cannot answer, the page says so instead of showing what it showed before:
// a failed request is faked with page.route, the rest is the real bridge.
import type { Page } from '@playwright/test';
import { expect, test } from './bridge-fixture.ts';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Results' }).getByRole('option');
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });

test('a section that fails to load shows the error, not the previous section', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('quillwort');
  await expect(results(page)).toHaveCount(2);
  const shown = (await preview(page).locator('.crumb').textContent()) ?? '';
  expect(shown).not.toBe('');
  await page.route('**/api/nodeContent', (route) =>
    route.fulfill({
      json: { ok: false, error: { code: 'invalid-argument', message: 'id is too long (id)' } },
    }),
  );
  await results(page).nth(1).click();
  await expect(preview(page).getByRole('alert')).toContainText('id is too long (id)');
  await expect(preview(page).locator('article, .crumb')).toHaveCount(0);
  await expect(preview(page)).not.toContainText(shown);
});
