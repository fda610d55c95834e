// Copying from the main window (issue 14, item 6), keyboard only: the copy buttons say their size
// in tokens; a section with subsections offers "just this section" (Alt+Shift+C) beside "with
// subsections"; each result's breadcrumb is said once; a copy above the token budget asks first
// (all / cut / cancel); what was copied shows in a toast. Screenshots light and dark.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, screenshots } from './bridge-fixture.ts';
import { preview, searchBox } from './locators.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const toast = (page: Page) => page.getByRole('status');

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
}

/** Light and dark screenshots, then back to light for the rest of the test. */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshots(page, `copy-${name}`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('sizes on the buttons; just this section or with subsections; one breadcrumb; a toast', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('carbon');
  await expect(preview(page).locator('article h2')).toHaveText('Compost methods');
  // "Compost methods" (lines 11–24) holds three subsections: ≈ 400 bytes, ≈ 100 tokens.
  const results = page.locator('[data-pane="results"]');
  await expect(results.getByRole('button', { name: /^Copy ≈ \d+$/ })).toBeVisible();
  await expect(results.getByRole('button', { name: /^Copy all ≈ \d+$/ })).toBeVisible();
  const actions = preview(page).locator('header');
  await expect(
    actions.getByRole('button', { name: /^Copy just this section ≈ \d+$/ }),
  ).toBeVisible();
  await expect(
    actions.getByRole('button', { name: /^Copy with subsections ≈ \d+$/ }),
  ).toBeVisible();

  await page.keyboard.press('Alt+Shift+c');
  await expect(toast(page)).toHaveText(
    /^Copied 1 section without subsections as Markdown \(\d+ tokens\)\.$/,
  );
  await expect(toast(page)).toBeVisible();
  expect(await clipboard(page)).toBe(
    '## Composting › Compost methods\n\n' +
      'Source: e2e · [garden/Composting.md#compost-methods](<garden/Composting.md#compost-methods>) · line 11\n\n' +
      '## Compost methods\n',
  );
  await shoot(page, 'toast');

  await page.keyboard.press('Alt+c');
  await expect(toast(page)).toHaveText(/^Copied 1 result as Markdown \(\d+ tokens\)\.$/);
  const whole = await clipboard(page);
  // The breadcrumb once (the header); then the section itself, subsections included.
  expect(whole.match(/Composting › Compost methods/g)).toHaveLength(1);
  expect(whole).toContain('lines 11–24');
  expect(whole).toContain('### Worm compost');

  // A section without subsections has one copy button.
  await searchBox(page).fill('thermometer');
  await expect(preview(page).locator('article')).toContainText('A fork, a thermometer');
  await expect(actions.getByRole('button', { name: /^Copy ≈ \d+$/ })).toBeVisible();
  await expect(actions.getByRole('button', { name: /just this section/ })).toHaveCount(0);
});

test('a note that starts with its heading: "just this section" is that heading\'s text', async ({
  page,
  bridge,
}) => {
  // A tldr page: one heading, no subsection. Its document node had no text of its own, so the
  // preview offered "Copy just this section", which copied the heading's breadcrumb and nothing.
  writeFileSync(
    join(bridge.vaultDir, 'tar.md'),
    '# tar\n\n> Archiving utility.\n\n- [c]reate an archive from files:\n\n`tar cf {{target.tar}} {{file1}}`\n',
  );
  await page.goto(bridge.url);
  await searchBox(page).fill('tar archive');
  await expect(preview(page).locator('article h1')).toHaveText('tar');
  const actions = preview(page).locator('header');
  await expect(actions.getByRole('button', { name: /^Copy ≈ \d+$/ })).toBeVisible();
  await expect(actions.getByRole('button', { name: /just this section/ })).toHaveCount(0);
  await page.keyboard.press('Alt+Shift+c');
  await expect(toast(page)).toHaveText(/^Copied 1 section without subsections/);
  expect(await clipboard(page)).toContain('`tar cf {{target.tar}} {{file1}}`');
  await shoot(page, 'one-heading-note');

  // With frontmatter and a subsection: the document's own text was the frontmatter alone.
  writeFileSync(
    join(bridge.vaultDir, 'heron.md'),
    '---\ntags: [station]\n---\n\n# Heron\n\nThe heron station.\n\n## Mast\n\nThe heron mast.\n',
  );
  await searchBox(page).fill('heron');
  await expect(preview(page).locator('article h1')).toHaveText('Heron');
  await expect(actions.getByRole('button', { name: /^Copy just this section/ })).toBeVisible();
  await page.keyboard.press('Alt+Shift+c');
  // The toast of the first copy may still show: the clipboard says when this one is done.
  await expect.poll(() => clipboard(page)).toContain('# Heron\n\nThe heron station.\n');
  expect(await clipboard(page)).not.toMatch(/tags:|## Mast/);
});

test("a code block's Copy button copies the command alone, by the keyboard", async ({
  page,
  bridge,
}) => {
  // How a tldr page writes its commands: a line of inline code after each description.
  writeFileSync(
    join(bridge.vaultDir, 'tar.md'),
    '# tar\n\n> Archiving utility.\n\n- [c]reate an archive from files:\n\n' +
      '`tar cf {{target.tar}} {{file1}}`\n\n- E[x]tract an archive:\n\n`tar xf {{source.tar}}`\n\n' +
      'Inline `tar` in a sentence has no button.\n\n```sh\ntar tvf a.tar\ntar tvf b.tar\n```\n',
  );
  await page.goto(bridge.url);
  await searchBox(page).fill('extract archive');
  await expect(preview(page).locator('article h1')).toHaveText('tar');
  const buttons = preview(page).getByRole('button', { name: /^Copy code: / });
  await expect(buttons).toHaveCount(3);
  // F6 twice: results, outline; then the preview, whose Tab order reaches the buttons.
  await page.keyboard.press('F6');
  await page.keyboard.press('F6');
  await page.keyboard.press('F6');
  await expect(preview(page).locator('article')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(buttons.nth(1)).toBeFocused();
  await expect(buttons.nth(1)).toHaveAccessibleName('Copy code: tar xf {{source.tar}}');
  await page.keyboard.press('Enter');
  await expect(toast(page)).toHaveText('Copied “tar xf {{source.tar}}”.');
  expect(await clipboard(page)).toBe('tar xf {{source.tar}}');
  await shoot(page, 'code-button');

  await buttons.nth(2).press('Enter');
  await expect(toast(page)).toHaveText('Copied “tar tvf a.tar…” (2 lines).');
  expect(await clipboard(page)).toBe('tar tvf a.tar\ntar tvf b.tar');
});

test('a copy above the token budget asks first: Esc copies nothing, cut keeps to the budget', async ({
  page,
  bridge,
}) => {
  await bridge.call('updateSettings', { exportMaxTokens: 60 });
  await page.goto(bridge.url);
  await searchBox(page).fill('carbon');
  await expect(preview(page).locator('article h2')).toHaveText('Compost methods');
  await page.keyboard.press('Alt+a');
  const dialog = page.getByRole('dialog', { name: 'Copy a large selection?' });
  await expect(dialog).toContainText('more than your token budget of 60');
  await expect(dialog.getByRole('button', { name: /^Copy all \d+ tokens$/ })).toBeFocused();
  await shoot(page, 'confirm');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toHaveText('Nothing copied.');

  await page.keyboard.press('Alt+a');
  await expect(dialog.getByRole('button', { name: /^Copy all/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Copy the first 60 tokens' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page)).toHaveText(/cut to the token budget/);
  const cut = await clipboard(page);
  expect(cut.length).toBeLessThanOrEqual(60 * 4);
  expect(cut).toMatch(/^## Composting › Compost methods\n[^]*\[…\]\n$/);

  // Enter answers the dialog only once it is there (a person sees it first); pressed before, it
  // went to the page and the dialog opened afterwards, copying nothing.
  await page.keyboard.press('Alt+a');
  await expect(dialog.getByRole('button', { name: /^Copy all/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page)).toHaveText(/^Copied 1 result as Markdown \(\d+ tokens\)\.$/);
  expect(await clipboard(page)).toContain('### Worm compost');
});
