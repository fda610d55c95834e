// Quick search, keyboard only: type, move, Enter → the clipboard holds the result as Markdown;
// the last query is kept; Ctrl+Enter shows the result in the main window.
import type { SearchResponse } from '#shared/contract/api.ts';
import { expect, test } from './bridge-fixture.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('keyboard only: type, move, Enter copies the Markdown', async ({ page, bridge }) => {
  await page.goto(bridge.quickUrl);
  const box = page.getByRole('combobox', { name: 'Quick search' });
  await expect(box).toBeFocused();
  await page.keyboard.type('before');
  const options = page.getByRole('option');
  await expect(options).toHaveCount(3);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');

  const { results } = await bridge.call<SearchResponse>('search', { queries: ['before'] });
  const chosen = results[1]!;
  expect(chosen.id).toBe('e2e:notes.txt');
  const expected = await bridge.call<{ text: string }>('exportResults', {
    ids: [chosen.id],
    format: 'md',
  });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Copied 1 result as Markdown');
  const copied = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(copied).toBe(expected.text);
  // The second result, exactly as docs/design.md#export lays out Markdown: breadcrumb heading,
  // source line (vault, path#slug link, lines), breadcrumb line (conditional mode), content.
  expect(copied).toBe(
    '## notes\n\nSource: e2e · [notes.txt](<notes.txt>) · line 1\n\nnotes\n\n' +
      'Plain text notes are indexed too. The pond needs a new pump before summer.\n',
  );

  // The last query is kept.
  await page.reload();
  await expect(box).toHaveValue('before');
  await expect(options).toHaveCount(3);
  // Esc asks to hide (a browser tab stays open) and does not clear the query.
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('before');
});

test('Ctrl+Enter shows the result in the main window; Shift+Enter says why it cannot open', async ({
  page,
  context,
  bridge,
}) => {
  await page.goto(bridge.url);
  await expect(page.getByText('Type to search')).toBeVisible();
  const quick = await context.newPage();
  await quick.goto(bridge.quickUrl);
  await quick.keyboard.type('barrels');
  await expect(quick.getByRole('option').first()).toContainText('Rain barrels');
  await quick.keyboard.press('Shift+Enter');
  await expect(quick.getByRole('status')).toContainText('not available in the browser');
  await quick.keyboard.press('Control+Enter');
  await expect(quick.getByRole('status')).toContainText('Shown in the main window');
  await expect(page.getByRole('region', { name: 'Preview' }).locator('article')).toContainText(
    'Two barrels collect rain',
  );
  await expect(
    page.getByRole('tree', { name: 'Outline' }).getByRole('treeitem', { selected: true }),
  ).toContainText('Rain barrels');
  await quick.close();
});
