// "Linked from" beside the outline (issue 13, docs/links.md#backlinks): the sections linking to
// the shown note with their breadcrumb and the text around the link, reached by the keyboard,
// Enter showing the linking section; kept in step when a note starts linking here.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { VaultInfo } from '#shared/contract/api.ts';
import { expect, test, type RunningBridge, screenshots } from './bridge-fixture.ts';
import { preview, results, searchBox } from './locators.ts';

const LINKS_VAULT = join(import.meta.dirname, '..', 'fixtures', 'links-vault');

const linkedFrom = (page: Page) => page.getByRole('region', { name: /Linked from/ });
const linkedFromHeader = (page: Page) => page.getByRole('button', { name: /Linked from/ });
const entries = (page: Page) =>
  page.getByRole('list', { name: 'Sections linking to this note' }).getByRole('button');

/** Waits until the bridge's vault holds `documents` notes (what a test just wrote is indexed). */
async function indexed(bridge: RunningBridge, documents: number): Promise<void> {
  await expect
    .poll(async () => (await bridge.call<VaultInfo[]>('listVaults'))[0]?.documents, {
      timeout: 20_000,
    })
    .toBe(documents);
}

/**
 * From the search box by the keyboard: Enter to the results, Enter to the outline, Tab to the
 * "Linked from" header.
 */
async function keysToLinkedFromHeader(page: Page): Promise<void> {
  await searchBox(page).press('Enter');
  await expect(page.getByRole('listbox', { name: 'Results' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('tree', { name: 'Outline' }).getByRole('treeitem').first(),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(linkedFromHeader(page)).toBeFocused();
}

async function addLinksVault(bridge: RunningBridge): Promise<string> {
  const root = join(bridge.scratch, 'links');
  mkdirSync(root, { recursive: true });
  cpSync(LINKS_VAULT, root, { recursive: true });
  await bridge.call('addVault', { root, name: 'lv' });
  await expect
    .poll(async () => (await bridge.call<VaultInfo[]>('listVaults')).find((v) => v.name === 'lv'), {
      timeout: 20_000,
    })
    .toMatchObject({ documents: 16, status: 'watching' });
  return root;
}

test('Linked from lists the linking sections, by keyboard', async ({ page, bridge }) => {
  test.setTimeout(60_000);
  const root = await addLinksVault(bridge);
  await page.goto(bridge.url);
  await searchBox(page).fill('title:sibling');
  await expect(results(page).first()).toContainText('Sibling');
  await expect(linkedFrom(page)).toContainText('Linked from2');
  await expect(entries(page)).toHaveCount(2);
  await expect(entries(page).first()).toContainText('Relative');
  // The line as a reader sees it, the link's text marked (docs/links.md#backlinks).
  await expect(entries(page).first().locator('.context')).toHaveText(
    '../Sibling, ./Local, Local, ../../Note, up,',
  );
  await expect(entries(page).first().locator('mark')).toHaveText('../Sibling');
  await expect(entries(page).nth(1).locator('mark')).toHaveText('up');

  await screenshots(page, 'backlinks');

  // Keyboard only: Enter on the result puts the focus in the outline; Tab reaches the header
  // (open: the window has room), then the list (one stop); arrows move in it, Enter shows the
  // linking section.
  await keysToLinkedFromHeader(page);
  await expect(linkedFromHeader(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(entries(page).first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(entries(page).nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  const previewPane = preview(page);
  await expect(previewPane.locator('article')).toContainText('../Sibling, ./Local, Local');
  await expect(page.locator('.outline-pane .pane-title')).toHaveText('Relative');
  // The entry went with the list of the note before; the focus stays in the outline's pane.
  await expect(
    page.getByRole('tree', { name: 'Outline' }).getByRole('treeitem', { selected: true }),
  ).toBeFocused();

  // Back on the result (still selected in the list: the search did not change), then a note that
  // starts linking to the shown one appears in its list as soon as it is indexed.
  await results(page).first().click();
  await expect(page.locator('.outline-pane .pane-title')).toHaveText('Sibling');
  await expect(entries(page)).toHaveCount(2);
  writeFileSync(join(root, 'New link.md'), '# New link\n\nAlso see [[Sibling]].\n');
  await expect(entries(page)).toHaveCount(3);
  await expect(linkedFrom(page)).toContainText('Linked from3');

  // Its header folds the list away (Enter or Space), the count staying in view.
  await linkedFromHeader(page).focus();
  await page.keyboard.press('Enter');
  await expect(linkedFromHeader(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(entries(page)).toHaveCount(0);
  await expect(linkedFrom(page)).toContainText('Linked from3');
  await screenshots(page, 'backlinks-folded');
  await page.keyboard.press('Space');
  await expect(entries(page)).toHaveCount(3);
});

test('a note nothing links to says so', async ({ page, bridge }) => {
  await addLinksVault(bridge);
  await page.goto(bridge.url);
  await searchBox(page).fill('title:"from deep"');
  await expect(results(page).first()).toContainText('From deep');
  await expect(linkedFrom(page)).toContainText('No note links here.');
});

test('the vault panel lists the notes links name that do not exist', async ({ page, bridge }) => {
  await addLinksVault(bridge);
  await page.goto(bridge.url);
  await page.keyboard.press('Alt+v');
  const vault = page.locator('.vault[data-vault="lv"]');
  await vault.getByText('Unresolved links').click();
  const list = page.getByRole('list', { name: 'Unresolved links of lv' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expect(list).toContainText('Later — 1 link, in Home.md');
  await expect(list).toContainText('../Nowhere — 1 link, in a/b/Rel.md');
  await screenshots(page, 'vaults-unresolved-links');
});

// obsidian-hub's "Mobile-compatible plugins" has 2,207 backlinks; the engine sends the first 200,
// and the list said "The first 200 of 2207." with no way on to the rest (docs/links.md#backlinks).
test('Show all lists every backlink past the first page, by keyboard', async ({ page, bridge }) => {
  test.setTimeout(60_000);
  const parts = Array.from({ length: 1010 }, (_, i) => `## Part ${i + 1}\n\nSee [[Hub target]].\n`);
  writeFileSync(join(bridge.vaultDir, 'Hub target.md'), '# Hub target\n\nMany notes link here.\n');
  writeFileSync(
    join(bridge.vaultDir, 'Linking parts.md'),
    `# Linking parts\n\n${parts.join('\n')}`,
  );
  await indexed(bridge, 9);
  await page.goto(bridge.url);
  await searchBox(page).fill('title:"hub target"');
  await expect(results(page).first()).toContainText('Hub target');
  await expect(linkedFrom(page)).toContainText('Linked from1,010');
  await expect(entries(page)).toHaveCount(200);
  await expect(linkedFrom(page)).toContainText('The first 200 of 1,010');

  // Results, outline, the header, the list; End reaches the last entry of the page and Tab the
  // button, which loads the rest and moves the focus to the first entry it brought.
  await keysToLinkedFromHeader(page);
  await page.keyboard.press('Tab');
  await expect(entries(page).first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(entries(page).nth(199)).toBeFocused();
  await expect(entries(page).nth(199)).toContainText('Part 200');
  await page.keyboard.press('Tab');
  const showAll = page.getByRole('button', { name: 'Show all' });
  await expect(showAll).toBeFocused();
  await screenshots(page, 'backlinks-show-all');
  await page.keyboard.press('Enter');
  await expect(entries(page)).toHaveCount(1010);
  await expect(entries(page).nth(200)).toBeFocused();
  await expect(entries(page).nth(200)).toContainText('Part 201');
  await expect(showAll).toHaveCount(0);
  // PageDown and PageUp move ten entries.
  await page.keyboard.press('PageDown');
  await expect(entries(page).nth(210)).toBeFocused();
  await page.keyboard.press('PageUp');
  await expect(entries(page).nth(200)).toBeFocused();
  await page.keyboard.press('End');
  await expect(entries(page).last()).toBeFocused();
  await expect(entries(page).last()).toContainText('Part 1010');
});

// msdocs-cpp's option tables link `[`/Gm[-]`](gm-enable-minimal-rebuild.md)`: the mark began at
// the last `[` before the `]`, the option's own, and read "[-]`](…)"; the row now reads as its
// cells and the link as its text (docs/links.md#backlinks).
test('a link whose text holds brackets is marked whole', async ({ page, bridge }) => {
  writeFileSync(join(bridge.vaultDir, 'gm-quoll.md'), '# /Gm quoll\n\nDeprecated quoll option.\n');
  writeFileSync(
    join(bridge.vaultDir, 'Quoll options.md'),
    '# Quoll options\n\n| Option | Purpose |\n|---|---|\n| [`/Gm[-]`](gm-quoll.md) | Deprecated. |\n',
  );
  await indexed(bridge, 9);
  await page.goto(bridge.url);
  await searchBox(page).fill('title:"gm quoll"');
  await expect(results(page).first()).toContainText('/Gm quoll');
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first().locator('mark')).toHaveText('/Gm[-]');
  await expect(entries(page).first().locator('.context')).toHaveText('/Gm[-] · Deprecated.');
  await screenshots(page, 'backlinks-bracket-text');
});
