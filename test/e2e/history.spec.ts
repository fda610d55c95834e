// History (issue 14 item 11): an empty box shows the searches acted on and the sections opened
// (frecency), ↑ in the empty box recalls the last search, and both survive a reload.
import { expect, test, screenshots } from './bridge-fixture.ts';
import { preview, results, searchBox } from './locators.ts';

test('recent searches and opened sections show on an empty query and persist', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  await expect(page.getByRole('region', { name: 'Recent searches' })).toHaveCount(0);
  // Typing alone records nothing: half-typed words are never kept.
  await searchBox(page).fill('barr');
  await searchBox(page).fill('carbon');
  await expect(results(page).first()).toContainText('Compost methods');
  // Enter in the box, then Enter on the result: the search and the section are remembered.
  await searchBox(page).press('Enter');
  await expect(page.getByRole('listbox', { name: 'Results' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('tree', { name: 'Outline' }).getByRole('treeitem', { selected: true }),
  ).toBeFocused();
  await searchBox(page).fill('');
  const recent = page.getByRole('region', { name: 'Recent searches' });
  await expect(recent.getByRole('button')).toHaveText(['carbon']);
  await expect(
    page.getByRole('region', { name: 'Recently opened' }).getByRole('button'),
  ).toHaveText(['Compost methods']);
  await screenshots(page, 'main-history');
  // ↑ in the empty box puts the last search back.
  await searchBox(page).press('ArrowUp');
  await expect(searchBox(page)).toHaveValue('carbon');
  await expect(results(page).first()).toContainText('Compost methods');
  // A reload (the app restarting) keeps both.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Recent searches' }).getByRole('button'),
  ).toHaveText(['carbon']);
  // A recent section opens in outline and preview; a recent search runs again.
  await page
    .getByRole('region', { name: 'Recently opened' })
    .getByRole('button', { name: 'Compost methods' })
    .click();
  await expect(preview(page).locator('.crumb')).toContainText('Compost methods');
  await page
    .getByRole('region', { name: 'Recent searches' })
    .getByRole('button', { name: 'carbon' })
    .click();
  await expect(searchBox(page)).toHaveValue('carbon');
  await expect(results(page).first()).toContainText('Compost methods');
  await searchBox(page).fill('');
  await page.getByRole('button', { name: 'Clear history' }).click();
  await expect(page.getByRole('region', { name: 'Recent searches' })).toHaveCount(0);
});

// Enter on a search that found nothing acts on no result: it is not remembered, so that ↑ in the
// empty box brings back the last search that found something (docs/ui.md#history).
test('a search that found nothing is not remembered by Enter', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('carbon');
  await expect(results(page).first()).toContainText('Compost methods');
  await searchBox(page).press('Enter');
  await searchBox(page).fill('xylophonequartz');
  await expect(page.getByText('No results for “xylophonequartz”')).toBeVisible();
  await searchBox(page).press('Enter');
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill('');
  await expect(
    page.getByRole('region', { name: 'Recent searches' }).getByRole('button'),
  ).toHaveText(['carbon']);
  await searchBox(page).press('ArrowUp');
  await expect(searchBox(page)).toHaveValue('carbon');
});
