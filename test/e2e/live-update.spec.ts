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

// The same search answered again (a note changed on disk) keeps the cursor on the result the user
// is reading, even when that result is no longer first: only a new query's answer puts it on its
// first result (docs/ui.md#results).
test('a note edited elsewhere does not move the cursor off the result being read', async ({
  page,
  bridge,
}) => {
  writeFileSync(join(bridge.vaultDir, 'Alpha.md'), '# Alpha\n\nThe quokka met a wallaby.\n');
  writeFileSync(join(bridge.vaultDir, 'Beta.md'), '# Beta\n\nNothing to see here, a quokka.\n');
  await page.goto(bridge.url);
  await searchBox(page).fill('quokka wallaby');
  await expect(results(page)).toHaveCount(2);
  const first = await results(page).first().getAttribute('data-id');
  expect(first).toMatch(/^e2e:Alpha\.md/);
  await expect(preview(page).locator('article')).toHaveAttribute('data-node', first!);
  // Beta now holds every word, in its title too: it outranks Alpha when the search runs again.
  writeFileSync(
    join(bridge.vaultDir, 'Beta.md'),
    '# Beta quokka wallaby\n\nThe quokka wallaby, the quokka wallaby, and the wallaby quokka.\n',
  );
  await expect(results(page).first()).toHaveAttribute('data-id', /^e2e:Beta\.md/);
  await expect(results(page).and(page.locator('.current'))).toHaveAttribute('data-id', first!);
  await expect(preview(page).locator('article')).toHaveAttribute('data-node', first!);
});
