// Opening (issue 14, item 12): Enter on a result shows it; Alt+O and Alt+R need the OS, and the
// browser says so in the status line of either window instead of doing nothing.
import { expect, test } from './bridge-fixture.ts';
import { preview, results, searchBox } from './locators.ts';

test('main window: Enter shows the result; Alt+O and Alt+R say the browser cannot', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('barrels');
  await expect(results(page).first()).toContainText('Rain barrels');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox', { name: 'Results' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('tree', { name: 'Outline' }).getByRole('treeitem', { selected: true }),
  ).toBeFocused();
  await expect(preview(page).locator('article')).toContainText('Two barrels collect rain');
  const status = page.getByRole('status');
  await page.keyboard.press('Alt+o');
  await expect(status).toHaveText(
    'Opening files in an editor is not available in the browser; use the Folio app.',
  );
  await page.keyboard.press('Alt+r');
  await expect(status).toHaveText(
    'Revealing files in the file manager is not available in the browser; use the Folio app.',
  );
});

test('quick search: Alt+O says the browser cannot open files, and stays', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.quickUrl);
  await page.keyboard.type('barrels');
  await expect(page.getByRole('option').first()).toContainText('Rain barrels');
  await page.keyboard.press('Alt+o');
  await expect(page.getByRole('status')).toHaveText(
    'Opening files in an editor is not available in the browser; use the Folio app.',
  );
  await expect(page.getByRole('combobox', { name: 'Quick search' })).toHaveValue('barrels');
});
