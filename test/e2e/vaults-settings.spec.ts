// The vault panel adds and removes a folder; a settings change applies at once and persists.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Settings, VaultInfo } from '#shared/contract/api.ts';
import { DEFAULT_SETTINGS } from '#shared/contract/defaults.ts';
import { expect, screenshots, spawnWeb, test } from './bridge-fixture.ts';
import { results, searchBox } from './locators.ts';

/** Light and dark screenshots, then back to light for the rest of the test. */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshots(page, name);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('vault panel: add a folder, find its notes, remove it', async ({ page, bridge }) => {
  const extra = join(bridge.scratch, 'extra-notes');
  mkdirSync(extra, { recursive: true });
  writeFileSync(join(extra, 'Otters.md'), '# Otters\n\nThe otterword lives only in this vault.\n');
  await page.goto(bridge.url);
  await page.keyboard.press('Alt+v');
  const panel = page.getByRole('dialog', { name: 'Vaults' });
  await expect(panel.locator('[data-vault="e2e"]')).toContainText('7 documents');
  await panel.getByLabel('Add a folder').fill(join(bridge.scratch, 'missing'));
  await panel.getByLabel('Add a folder').press('Enter');
  await expect(panel.getByRole('alert')).toContainText('missing');

  await panel.getByLabel('Add a folder').fill(extra);
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  const added = panel.locator('[data-vault="extra-notes"]');
  await expect(added).toContainText('1 document');
  await page.keyboard.press('Escape');
  await searchBox(page).fill('otterword');
  await expect(results(page).first()).toContainText('Otters');

  // Keyboard only: the focus stays on the button through each action (it was lost to <body>
  // while the buttons were disabled), and goes to the neighbour row when its row is removed.
  await page.keyboard.press('Alt+v');
  // Each action says what it does (docs/ui.md#looked-at-as-a-new-user).
  await expect(added.getByRole('button', { name: 'Pin' })).toHaveAttribute(
    'title',
    /higher \(×1\.5\)/,
  );
  await expect(added.getByRole('button', { name: 'Re-index' })).toHaveAttribute(
    'title',
    /^Look in the folder for notes added, changed or deleted .* unreadable files are tried again$/,
  );
  await added.getByRole('button', { name: 'Pin' }).focus();
  await page.keyboard.press('Space');
  await expect(added.getByRole('button', { name: 'Unpin' })).toBeFocused();
  await expect(added).toContainText('pinned ×1.5');
  await page.keyboard.press('Space');
  await expect(added.getByRole('button', { name: 'Pin' })).toBeFocused();
  await expect(added).not.toContainText('pinned');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(added.getByRole('button', { name: 'Re-index' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(added.getByRole('button', { name: 'Really remove?' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(added).toHaveCount(0);
  await expect(
    panel.locator('[data-vault="e2e"]').getByRole('button', { name: 'Remove' }),
  ).toBeFocused();
  await page.keyboard.press('Escape');
  // The search reruns by itself: the removed vault's note is gone.
  await expect(page.getByText('No results for “otterword”')).toBeVisible();
});

// obsidian-hub in the panel read "6571 documents" beside the status line's "6,571 notes".
test('the vault panel groups its counts', async ({ page, bridge }) => {
  test.setTimeout(60_000);
  const many = join(bridge.scratch, 'many-notes');
  mkdirSync(many, { recursive: true });
  for (let i = 1; i <= 1000; i++) writeFileSync(join(many, `Note ${i}.md`), `# Note ${i}\n`);
  await bridge.call('addVault', { root: many, name: 'many' });
  await page.goto(bridge.url);
  await page.keyboard.press('Alt+v');
  const panel = page.getByRole('dialog', { name: 'Vaults' });
  await expect(panel.locator('[data-vault="many"]')).toContainText('1,000 documents', {
    timeout: 30_000,
  });
  await expect(page.locator('footer.status')).toContainText('1,007 notes');
  await screenshots(page, 'vaults-grouped-counts');
});

test('settings apply at once and persist', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('before');
  await expect(results(page)).toHaveCount(3);

  await page.keyboard.press('Alt+s');
  const panel = page.getByRole('dialog', { name: 'Settings' });
  await panel.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const limit = panel.getByLabel('Results shown');
  await limit.fill('1');
  await limit.press('Tab');
  await expect(results(page)).toHaveCount(1);
  // A refused value: the message names the field, the field shows the value in effect.
  await limit.fill('0');
  await limit.press('Tab');
  await expect(panel.getByRole('alert')).toContainText('Results shown');
  await expect(limit).toHaveValue('1');
  // Ranking is under Advanced, each setting with a line on what it does.
  await panel.getByText('Advanced: ranking and merging').click();
  await expect(panel.getByLabel('Sibling share to merge')).toHaveAccessibleDescription(
    /instead of its subsections/,
  );
  const title = panel.getByLabel('Title');
  await title.fill('-1');
  await title.press('Tab');
  await expect(panel.getByRole('alert')).toContainText('Title weight');
  await expect(title).toHaveValue('3');
  const budget = panel.getByLabel('Token budget');
  await budget.fill('0');
  await budget.press('Tab');
  await expect(panel.getByRole('alert')).toContainText('Token budget');
  await expect(budget).toHaveValue('');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Alt+s');
  await expect(
    page.getByRole('dialog', { name: 'Settings' }).getByLabel('Results shown'),
  ).toHaveValue('1');
  expect(
    (await bridge.call<{ settings: { resultLimit: number } }>('getSettings')).settings.resultLimit,
  ).toBe(1);
});

test('the theme setting overrides the OS either way; System follows it', async ({
  page,
  bridge,
}) => {
  const background = page.locator('body');
  const DARK = 'rgb(22, 24, 28)';
  const LIGHT = 'rgb(255, 255, 255)';
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(bridge.url);
  await expect(background).toHaveCSS('background-color', LIGHT);
  await page.keyboard.press('Alt+s');
  const theme = page.getByRole('dialog', { name: 'Settings' }).getByLabel('Theme');
  await theme.selectOption('dark');
  await expect(background).toHaveCSS('background-color', DARK);
  await page.emulateMedia({ colorScheme: 'dark' });
  await theme.selectOption('light');
  await expect(background).toHaveCSS('background-color', LIGHT);
  await theme.selectOption('system');
  await expect(background).toHaveCSS('background-color', DARK);
});

test('settings: the shortcut is recorded by pressing it; Reset to defaults asks, then resets', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  await page.keyboard.press('Alt+s');
  const panel = page.getByRole('dialog', { name: 'Settings' });
  const record = panel.getByRole('button', { name: 'Record shortcut' });
  await expect(record).toHaveAccessibleDescription(/Quick search shortcut Ctrl\+Shift\+Space/);
  await record.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Press the keys…')).toBeVisible();
  await shoot(page, 'settings-recording');
  // A key without Ctrl or Alt is refused, and recording goes on; Esc stops it, the dialog stays.
  await page.keyboard.press('k');
  await expect(panel.getByRole('alert')).toContainText('needs Ctrl');
  await page.keyboard.press('Escape');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Record shortcut' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Press the keys…')).toBeVisible(); // recording, as a person sees
  await page.keyboard.press('Control+Alt+KeyK');
  await expect(panel.locator('kbd')).toHaveText('Ctrl+Alt+K');
  await expect
    .poll(async () => (await bridge.call<{ settings: Settings }>('getSettings')).settings)
    .toMatchObject({ quickSearchHotkey: 'CommandOrControl+Alt+K' });

  const limit = panel.getByLabel('Results shown');
  await limit.fill('3');
  await limit.press('Tab');
  await expect
    .poll(async () => (await bridge.call<{ settings: Settings }>('getSettings')).settings)
    .toMatchObject({ resultLimit: 3 });
  await shoot(page, 'settings-everyday');
  await panel.getByText('Advanced: ranking and merging').click();
  await panel.getByLabel('Merged score cap (× best)').scrollIntoViewIfNeeded();
  await shoot(page, 'settings-advanced');

  const reset = panel.getByRole('button', { name: 'Reset to defaults' });
  await reset.focus();
  await page.keyboard.press('Enter');
  const really = panel.getByRole('button', { name: 'Really reset every setting?' });
  await expect(really).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(limit).toHaveValue('20');
  await expect(panel.locator('kbd')).toHaveText('Ctrl+Shift+Space');
  expect((await bridge.call<{ settings: Settings }>('getSettings')).settings).toEqual(
    DEFAULT_SETTINGS,
  );
});

// A number out of bounds is said under its field, where the eye is, and is the field's description
// — not at the foot of the panel, below Advanced, out of view while the field snaps back
// (docs/ui.md#settings).
test('a refused number is explained under its own field', async ({ page, bridge }) => {
  await page.setViewportSize({ width: 1400, height: 850 });
  await page.goto(bridge.url);
  await page.keyboard.press('Alt+s');
  const panel = page.getByRole('dialog', { name: 'Settings' });
  const limit = panel.getByLabel('Results shown');
  await limit.fill('0');
  await limit.press('Tab');
  const problem = panel.getByRole('alert');
  await expect(problem).toHaveText('Results shown: enter a whole number from 1 to 500.');
  await expect(problem).toBeInViewport();
  await expect(limit).toHaveAccessibleDescription(/Results shown: enter a whole number/);
  await expect(limit).toHaveValue(String(DEFAULT_SETTINGS.resultLimit));
  await shoot(page, 'settings-problem');
  // Another field's problem replaces it; a good value clears it.
  const budget = panel.getByLabel('Token budget');
  await budget.fill('0');
  await budget.press('Tab');
  await expect(problem).toHaveCount(1);
  await expect(budget).toHaveAccessibleDescription(/Token budget: enter/);
  await expect(limit).not.toHaveAccessibleDescription(/enter/);
  await budget.fill('500');
  await budget.press('Tab');
  await expect(problem).toHaveCount(0);
});

// docs/ui.md#vaults: a user adding a folder by the keyboard types its path at once (the focus was on
// the panel's ×, where the typing went nowhere and Enter closed the panel); a vault's ignore globs
// are set in the panel (the engine took them, the window had no field); a file that could not be
// indexed is reached from its vault's count, and its path on disk is one key away.
test.describe('vault panel by the keyboard', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('add a folder, ignore a glob, reach a failed file', async ({ page, bridge }) => {
    const extra = join(bridge.scratch, 'extra-notes');
    mkdirSync(join(extra, 'drafts'), { recursive: true });
    writeFileSync(join(extra, 'Otters.md'), '# Otters\n\nThe otterword lives here.\n');
    writeFileSync(join(extra, 'drafts', 'Draft.md'), '# Draft\n\nThe otterword, unfinished.\n');
    // UTF-16 with its byte order mark: not indexed, and said why.
    writeFileSync(join(extra, 'wide.md'), Buffer.from('\ufeff# Wide\n', 'utf16le'));
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.goto(bridge.url);
    await page.keyboard.press('Alt+v');
    const panel = page.getByRole('dialog', { name: 'Vaults' });
    await expect(panel.getByLabel('Add a folder')).toBeFocused();
    await page.keyboard.type(extra);
    await page.keyboard.press('Enter');
    const added = panel.locator('[data-vault="extra-notes"]');
    await expect(added).toContainText('2 documents, 1 file could not be indexed');

    // Ignore drafts/**: its note leaves the index; a glob refused is said beside the field.
    await added.getByText('Ignored files').focus();
    await page.keyboard.press('Enter');
    const field = added.getByLabel('Ignore files matching');
    await field.focus();
    await page.keyboard.type('*a*b*c*d*e*f*g*h*');
    await page.keyboard.press('Enter');
    await expect(added.getByRole('alert')).toContainText('could take minutes to match');
    await expect(field).toHaveAccessibleDescription(/could take minutes/);
    await expect(panel.locator('.add').getByRole('alert')).toHaveCount(0);
    await shoot(page, 'vaults-ignore-refused');
    await field.fill('drafts/**');
    await page.keyboard.press('Enter');
    await expect(added.getByRole('list', { name: 'Ignored in extra-notes' })).toHaveText(
      /drafts\/\*\*/,
    );
    await expect(added).toContainText('1 document,');
    await expect(added.getByText('Ignored files: 1 pattern')).toBeVisible();
    await expect(field).toHaveValue('');
    expect(
      (await bridge.call<VaultInfo[]>('listVaults')).find((v) => v.name === 'extra-notes')?.ignore,
    ).toEqual(['drafts/**']);
    await shoot(page, 'vaults-ignore');

    // Stop ignoring it: the note comes back, the focus goes back to the field.
    await added.getByRole('button', { name: 'Stop ignoring drafts/**' }).focus();
    await page.keyboard.press('Enter');
    await expect(field).toBeFocused();
    await expect(added).toContainText('2 documents,');

    // The count leads to the failed file; Enter copies its path on disk.
    await added.getByRole('button', { name: '1 file could not be indexed' }).focus();
    await page.keyboard.press('Enter');
    const copy = panel.getByRole('button', { name: 'Copy the path of wide.md' });
    await expect(copy).toBeFocused();
    await expect(copy).toBeInViewport();
    await expect(panel.locator('.file-errors')).toContainText('only UTF-8 is read');
    await page.keyboard.press('Enter');
    await expect(copy).toHaveText('Copied');
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(join(extra, 'wide.md'));
    await shoot(page, 'vaults-file-errors');

    // Opened again in a small window, it shows its top: the field first, then the first vault (with
    // the field at the foot, focusing it scrolled the first vaults out of view).
    await page.keyboard.press('Escape');
    for (const name of ['more-a', 'more-b']) {
      mkdirSync(join(bridge.scratch, name));
      writeFileSync(join(bridge.scratch, name, 'Note.md'), `# ${name}\n`);
      await bridge.call('addVault', { root: join(bridge.scratch, name), name });
    }
    await page.setViewportSize({ width: 900, height: 500 });
    await page.keyboard.press('Alt+v');
    await expect(panel.getByLabel('Add a folder')).toBeFocused();
    await expect(panel.locator('[data-vault="e2e"] strong')).toBeInViewport();
    await shoot(page, 'vaults-open-small');
  });
});

// Esc from a text field of a panel gave the focus back to the search box, which then took no
// typing: keys reached it and inserted nothing, until it was clicked (docs/ui.md#vaults).
test('after Esc from a panel text field, typing goes into the search box', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  await page.keyboard.press('Alt+v');
  await expect(
    page.getByRole('dialog', { name: 'Vaults' }).getByLabel('Add a folder'),
  ).toBeFocused();
  await page.keyboard.type('/tm');
  await page.keyboard.press('Escape');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('before');
  await expect(searchBox(page)).toHaveValue('before');
  await expect(results(page)).toHaveCount(3);
});

// A vault whose folder is gone said "folder not found" and nothing of what that means: its notes
// are still searched as they were, and it comes back by itself (docs/ui.md#vaults).
test('a vault whose folder vanished says what that means, and comes back with it', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  await page.keyboard.press('Alt+v');
  const card = page.getByRole('dialog', { name: 'Vaults' }).locator('[data-vault="e2e"]');
  await expect(card).toContainText('watching for changes');
  const away = `${bridge.vaultDir}-moved`;
  renameSync(bridge.vaultDir, away);
  await expect(card).toContainText('folder not found');
  await expect(card).toContainText('Its notes are still searched, as last indexed.');
  await shoot(page, 'vaults-folder-missing');
  writeFileSync(
    join(away, 'Returned.md'),
    '# Returned\n\nThe wombatword came back with its folder.\n',
  );
  renameSync(away, bridge.vaultDir);
  await expect(card).toContainText('watching for changes', { timeout: 20_000 });
  await expect(card).not.toContainText('still searched');
  await expect(card).toContainText('8 documents');
  await page.keyboard.press('Escape');
  await searchBox(page).fill('wombatword');
  await expect(results(page).first()).toContainText('Returned');
});

// The first run searched Folio's sample notes and said nothing of it, nor of how to search one's
// own: the Vaults panel was a button among others (docs/ui.md#help).
test('first run: the sample notes say so and lead to adding a folder', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-first-run-'));
  const mine = join(dir, 'my-notes');
  mkdirSync(mine);
  writeFileSync(join(mine, 'Mine.md'), '# Mine\n\nThe quokkaword is in my notes.\n');
  const web = await spawnWeb(['--no-watch', '--db', join(dir, 'first.db')]);
  try {
    await page.goto(`${web.origin}/#token=${web.token}`);
    const firstRun = page.getByText("These are Folio's sample notes.");
    await expect(firstRun).toBeVisible();
    await screenshots(page, 'first-run');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'add their folder (Alt+V)' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Vaults' });
    await expect(panel.getByLabel('Add a folder')).toBeFocused();
    await page.keyboard.type(mine);
    await page.keyboard.press('Enter');
    await expect(panel.locator('[data-vault="my-notes"]')).toContainText('1 document');
    await page.keyboard.press('Escape');
    await expect(firstRun).toHaveCount(0);
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('quokkaword');
    await expect(results(page).first()).toContainText('Mine');
  } finally {
    await web.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
