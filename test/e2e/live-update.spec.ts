// Edit a file on disk → the engine's watcher re-indexes it → the result and the preview update
// without reloading the page (no API call: only the disk changes).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './bridge-fixture.ts';
import { preview, results, searchBox } from './locators.ts';

test('an edited file updates its result without a reload', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await page.evaluate(() => ((globalThis as Record<string, unknown>).__sameDocument = true));
  await searchBox(page).fill('periwinkle');
  const result = results(page).first();
  await expect(result).toContainText('Changing section');
  await expect(result).not.toContainText('bluebell');

  const file = join(bridge.vaultDir, 'Edit me.md');
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace('periwinkle,', 'periwinkle and bluebell,'),
  );

  await expect(result).toContainText('bluebell');
  await expect(preview(page).locator('article')).toContainText('periwinkle and bluebell');
  expect(await page.evaluate(() => (globalThis as Record<string, unknown>).__sameDocument)).toBe(
    true,
  );
});
