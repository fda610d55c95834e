// The results header's sort control (issue 13, docs/ui.md#sorting): relevance, or newest first by
// modification or creation date; reached and changed by the keyboard, kept as the resultSort
// setting across a reload.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { VaultInfo } from '#shared/contract/api.ts';
import { expect, test, type RunningBridge, screenshots } from './bridge-fixture.ts';
import { results, searchBox } from './locators.ts';

const sortControl = (page: Page) => page.getByRole('combobox', { name: 'Sort results' });

/**
 * Three notes on 'lantern': by relevance Often (the word in its title and body) comes first; by
 * modification time Recent (modified yesterday) first; by creation date Founded (created 2024)
 * before Often (created 2019), and Recent, which gives no creation date, last.
 */
async function addDatedVault(bridge: RunningBridge): Promise<void> {
  const root = join(bridge.scratch, 'dated');
  mkdirSync(root, { recursive: true });
  const day = 86_400_000;
  const notes: Array<[string, string, number]> = [
    [
      'Often.md',
      '---\ncreated: 2019-05-01\n---\n# Lantern care\n\nLantern, lantern, lantern.\n',
      300,
    ],
    ['Founded.md', '---\ncreated: 2024-02-10\n---\n# Founding\n\nA lantern was lit.\n', 200],
    ['Recent.md', '# Recent work\n\nThe lantern again.\n', 1],
  ];
  for (const [name, text, daysAgo] of notes) {
    const file = join(root, name);
    writeFileSync(file, text);
    const at = new Date(Date.now() - daysAgo * day);
    utimesSync(file, at, at);
  }
  await bridge.call('addVault', { root, name: 'dated' });
  await expect
    .poll(
      async () => (await bridge.call<VaultInfo[]>('listVaults')).find((v) => v.name === 'dated'),
      {
        timeout: 20_000,
      },
    )
    .toMatchObject({ documents: 3 });
}

const titles = (page: Page) => results(page).locator('.title').allInnerTexts();

test('results sort by relevance, modified or created, by keyboard, and the order is kept', async ({
  page,
  bridge,
}) => {
  test.setTimeout(90_000);
  await addDatedVault(bridge);
  await page.goto(bridge.url);
  await searchBox(page).fill('lantern vault:dated');
  await expect(results(page)).toHaveCount(3);
  await expect(sortControl(page)).toHaveValue('relevance');
  await expect(results(page).first()).toContainText('Lantern care');

  // Keyboard only: Tab from the search box reaches the control; an arrow changes the order.
  await searchBox(page).focus();
  for (let i = 0; i < 8; i++) {
    if (await sortControl(page).evaluate((el) => el.matches(':focus'))) break;
    await page.keyboard.press('Tab');
  }
  await expect(sortControl(page)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(sortControl(page)).toHaveValue('modified');
  await expect.poll(() => titles(page)).toEqual(['Recent work', 'Founding', 'Lantern care']);
  // A recent day reads as such; the whole date is in the tooltip.
  await expect(results(page).first().locator('.date')).toHaveText('yesterday');
  await expect(results(page).first().locator('.date')).toHaveAttribute('title', /^Modified \w/);

  await screenshots(page, 'sort-modified');

  // The order is a setting: a reload keeps it, and the search runs in it.
  await page.reload();
  await searchBox(page).fill('lantern vault:dated');
  await expect(sortControl(page)).toHaveValue('modified');
  await expect.poll(() => titles(page)).toEqual(['Recent work', 'Founding', 'Lantern care']);

  await sortControl(page).focus();
  await page.keyboard.press('ArrowDown');
  await expect(sortControl(page)).toHaveValue('created');
  await expect.poll(() => titles(page)).toEqual(['Founding', 'Lantern care', 'Recent work']);
  // Each row shows the date it is sorted by: the modification dates, all this week, said nothing
  // of this order. A note without one says so, and why it is last.
  const dates = results(page).locator('.date');
  await expect(dates).toHaveText([/2024/, /2019/, 'undated']);
  await expect(dates.first()).toHaveAttribute('title', /^Created .*2024/);
  await screenshots(page, 'sort-created');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.keyboard.press('Home');
  await expect(sortControl(page)).toHaveValue('relevance');
  await expect(results(page).first()).toContainText('Lantern care');
});
