// Quick search, keyboard only (issue 14, items 11–13): type, move, Enter → the clipboard holds the
// result as Markdown; the row under the cursor is previewed beside the list; each row says its
// vault and path; Ctrl+K lists the actions; an empty box lists recent searches and opened sections
// and ↑ recalls the last search; Ctrl+Enter shows the result in the main window. Screenshots of
// each state, light and dark, go to test-results/screenshots.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { SearchResponse } from '#shared/contract/api.ts';
import { expect, test, screenshots } from './bridge-fixture.ts';
import { preview } from './locators.ts';

test.use({
  permissions: ['clipboard-read', 'clipboard-write'],
  viewport: { width: 860, height: 520 },
});

const box = (page: Page) => page.getByRole('combobox', { name: 'Quick search' });
const options = (page: Page) => page.getByRole('option');

/** Light and dark screenshots, then back to light for the rest of the test. */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshots(page, `quick-${name}`);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
}

test('keyboard only: type, move, preview, Enter copies the Markdown, history remembers', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.quickUrl);
  await expect(box(page)).toBeFocused();
  await expect(page.getByText('Type to search your notes')).toBeVisible();
  await shoot(page, 'empty');
  await page.keyboard.type('before');
  await expect(options(page)).toHaveCount(3);
  // Each row: its title, snippet and where it lives.
  await expect(options(page).nth(1)).toContainText('e2e · notes.txt:1');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  // The preview beside the list shows the row under the cursor, the matches marked.
  await expect(preview(page).locator('article')).toContainText('Plain text notes are indexed too');
  await expect(preview(page).locator('article mark.hit').first()).toHaveText('before');
  await shoot(page, 'results');

  const { results } = await bridge.call<SearchResponse>('search', { queries: ['before'] });
  expect(results[1]!.id).toBe('e2e:notes.txt');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Copied 1 result as Markdown');
  // The second result, exactly as docs/design.md#export lays out Markdown: breadcrumb heading,
  // source line (vault, path#slug link, lines), content: the breadcrumb once, in the heading.
  expect(await clipboard(page)).toBe(
    '## notes\n\nSource: e2e · [notes.txt](<notes.txt>) · line 1\n\n' +
      'Plain text notes are indexed too. The pond needs a new pump before summer.\n',
  );

  // Done: the box is empty, also after a reload; history lists the search and the section.
  await page.reload();
  await expect(box(page)).toHaveValue('');
  const recent = page.getByRole('listbox', { name: 'Recent' });
  await expect(recent.getByText('Recent searches')).toBeVisible();
  await expect(recent.getByRole('option')).toHaveText([/before/, /notes\s*e2e · notes\.txt/]);
  await shoot(page, 'history');
  // ↑ in the empty box recalls the last search.
  await page.keyboard.press('ArrowUp');
  await expect(box(page)).toHaveValue('before');
  await expect(options(page)).toHaveCount(3);
  // Esc asks to hide (a browser tab stays open) and does not clear the query.
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveValue('before');
});

test('Ctrl+K lists the actions; one runs from the menu; Esc closes the menu first', async ({
  page,
  context,
  bridge,
}) => {
  await page.goto(bridge.url);
  await expect(page.getByText('Type to search')).toBeVisible();
  const quick = await context.newPage();
  await quick.setViewportSize({ width: 860, height: 520 });
  await quick.goto(bridge.quickUrl);
  await quick.keyboard.type('barrels');
  await expect(options(quick).first()).toContainText('Rain barrels');
  await quick.keyboard.press('Control+k');
  const menu = quick.getByRole('menu', { name: 'Actions' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    /Copy as Markdown\s*Enter/,
    /Open in editor\s*in the app\s*Alt\+O/,
    /Reveal in folder\s*in the app\s*Alt\+R/,
    /Show in Folio\s*Ctrl\+Enter/,
  ]);
  await shoot(quick, 'menu');
  await quick.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(box(quick)).toHaveValue('barrels');

  // From the menu: ↓ to "Open", Enter → the browser says why it cannot; then "Show in Folio".
  // Each time the arrows go to the menu once it is shown.
  await quick.keyboard.press('Control+k');
  await expect(menu).toBeVisible();
  await quick.keyboard.press('ArrowDown');
  await quick.keyboard.press('Enter');
  await expect(quick.getByRole('status')).toHaveText(
    'Opening files in an editor is not available in the browser; use the Folio app.',
  );
  await quick.keyboard.press('Control+k');
  await expect(menu).toBeVisible();
  for (let step = 0; step < 3; step += 1) await quick.keyboard.press('ArrowDown');
  await quick.keyboard.press('Enter');
  await expect(quick.getByRole('status')).toContainText('Shown in the main window');
  await expect(preview(page).locator('article')).toContainText('Two barrels collect rain');
  await expect(
    page.getByRole('tree', { name: 'Outline' }).getByRole('treeitem', { selected: true }),
  ).toContainText('Rain barrels');

  // Shift+Enter opens (the browser says it cannot), Ctrl+Enter shows without the menu.
  await quick.keyboard.press('Shift+Enter');
  await expect(quick.getByRole('status')).toContainText('not available in the browser');
  await quick.keyboard.press('Control+Enter');
  await expect(quick.getByRole('status')).toContainText('Shown in the main window');
  await quick.close();
});

// Enter copies the row under the cursor: after typing, that is the answer's first row, not the row
// that was first a word ago and is further down now (docs/ui.md#results).
test('a query typed further puts the cursor on its own first row', async ({ page, bridge }) => {
  await page.goto(bridge.quickUrl);
  const list = page.locator('[data-results-for]');
  await page.keyboard.type('part');
  await expect(list).toHaveAttribute('data-results-for', 'part');
  const firstBefore = await options(page).first().textContent();
  await page.keyboard.type(' 3');
  await expect(list).toHaveAttribute('data-results-for', 'part 3');
  const after = await options(page).allTextContents();
  expect(after.indexOf(firstBefore!)).toBeGreaterThan(0); // still listed, no longer first
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('option', { selected: true })).toHaveCount(1);
  await expect(preview(page).locator('article')).toContainText('Filler text for chapter 3 ');
  await shoot(page, 'typed-further');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Copied 1 result as Markdown');
  expect(await clipboard(page)).toContain('## Chapter 3');
});

// A code line wider than the preview scrolls inside its block: the preview's column keeps its share
// of the window, its text wraps, and the page never scrolls sideways (docs/ui.md#quick-search).
test('a wide code block scrolls in its block; the window does not scroll sideways', async ({
  page,
  bridge,
}) => {
  const wide = 'INSERT INTO readings VALUES ' + '(?, ?, ?, ?, ?), '.repeat(12);
  writeFileSync(
    join(bridge.vaultDir, 'Wide code.md'),
    `# Wide code\n\n\`\`\`sql\n${wide}\n\`\`\`\n\nThe marmalade paragraph after the code ` +
      'block is long enough to wrap at this width, and all of it stays readable inside the window.\n',
  );
  await page.goto(bridge.quickUrl);
  await page.keyboard.type('marmalade');
  await expect(options(page).first()).toContainText('Wide code');
  const paragraph = preview(page).locator('article p');
  await expect(paragraph).toContainText('marmalade');
  await expect(preview(page).locator('article pre')).toBeVisible();
  const sideways = () =>
    page.evaluate(() => {
      const root = (
        globalThis as unknown as {
          document: { documentElement: { scrollWidth: number; clientWidth: number } };
        }
      ).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
  expect(await sideways()).toBe(0);
  const right = await paragraph.evaluate((p) => p.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(860);
  // The arrows move through the list; the window stays where it is.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(preview(page).locator('article p')).toContainText('marmalade');
  expect(await sideways()).toBe(0);
  expect(await page.evaluate(() => (globalThis as unknown as { scrollX: number }).scrollX)).toBe(0);
  await shoot(page, 'wide-code');
});

test('a narrow window keeps the list and drops the preview; no results says so', async ({
  page,
  bridge,
}) => {
  await page.setViewportSize({ width: 520, height: 420 });
  await page.goto(bridge.quickUrl);
  await page.keyboard.type('barrels');
  await expect(options(page).first()).toContainText('Rain barrels');
  await expect(preview(page)).toBeHidden();
  await shoot(page, 'narrow');
  await page.setViewportSize({ width: 860, height: 520 });
  await box(page).fill('zzzqqqnothing');
  await expect(page.getByText('No results.')).toBeVisible();
  await shoot(page, 'no-results');
});

// In the browser there is no window to hide: the hint does not promise "Esc hide", and Esc says
// why the tab stays, the query kept (docs/ui.md#quick-search).
test('in the browser Esc says the tab stays; the hint does not promise hiding', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.quickUrl);
  await page.keyboard.type('barrels');
  await expect(options(page).first()).toContainText('Rain barrels');
  const status = page.getByRole('status');
  await expect(status).toHaveText('Enter copy · Ctrl+K actions');
  await expect(preview(page).locator('article')).toContainText('barrels');
  await page.keyboard.press('Escape');
  await expect(status).toHaveText('Esc hides quick search in the app; a browser tab stays open.');
  await expect(box(page)).toHaveValue('barrels');
  await expect(box(page)).toBeFocused();
  await screenshots(page, 'quick-web-escape');
});

// A date filter that is no date is said in the status line, in place of the keys, for the answer
// shown (docs/ui.md#a-date-filter-that-is-no-date).
test('a date filter that is no date is said in the status line', async ({ page, bridge }) => {
  await page.setViewportSize({ width: 900, height: 600 });
  await page.goto(bridge.quickUrl);
  const status = page.getByRole('status');
  await box(page).fill('compost created:yesterday');
  await expect(page.locator('[data-results-for]')).toHaveAttribute(
    'data-results-for',
    'compost created:yesterday',
  );
  await expect(status).toHaveText(
    '"created:yesterday" is not a date — searched as words; dates look like modified:<30d, created:2025',
  );
  await expect(options(page).first()).toBeVisible();
  await shoot(page, 'not-a-date');
  await box(page).fill('compost modified:<30d');
  await expect(page.locator('[data-results-for]')).toHaveAttribute(
    'data-results-for',
    'compost modified:<30d',
  );
  await expect(status).toHaveText(/^Enter copy/);
});

// The words a query of more than 32 words left out are said in the status line, as a date filter
// that is no date is (docs/ui.md#a-query-longer-than-32-words).
test('a query of more than 32 words says in the status line which words it left out', async ({
  page,
  bridge,
}) => {
  await page.setViewportSize({ width: 900, height: 600 });
  await page.goto(bridge.quickUrl);
  const status = page.getByRole('status');
  const first = `compost ${Array.from({ length: 31 }, (_, i) => `w${i}`).join(' ')}`;
  await box(page).fill(`${first} heap`);
  await expect(page.locator('[data-results-for]')).toHaveAttribute(
    'data-results-for',
    `${first} heap`,
  );
  await expect(status).toHaveText(
    `only a query's first 32 words are searched: "heap" was left out`,
  );
  await expect(options(page).first()).toBeVisible();
  await shoot(page, 'words-left-out');
  await box(page).fill(first);
  await expect(page.locator('[data-results-for]')).toHaveAttribute('data-results-for', first);
  await expect(status).toHaveText(/^Enter copy/);
});
