// Type a query → merged results → select → the outline marks and scrolls → the preview shows the
// section; keyboard navigation; screenshots of the main states in light and dark.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SCREENSHOTS, expect, test, screenshots } from './bridge-fixture.ts';
import { preview, results, searchBox } from './locators.ts';

const outline = (page: Page) => page.getByRole('tree', { name: 'Outline' });

test('merged results, outline and preview follow the selection', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await expect(page.getByText('Type to search 7 notes by section')).toBeVisible();
  await searchBox(page).fill('carbon');

  // The three methods all say "carbon": they merge into their parent section.
  const first = results(page).first();
  await expect(first).toContainText('Compost methods');
  await expect(first).toContainText('merged 3 sections');
  await expect(first.locator('mark').first()).toHaveText('carbon');
  await expect(page).toHaveURL(/^[^#]*$/); // the token left the address bar

  // The outline: the document's nodes, the result and what it absorbed marked. The note has no
  // text before its one top heading, so note and heading are one row, not two with one title.
  const tree = outline(page);
  await expect(tree.getByRole('treeitem').locator('.label')).toHaveText([
    'Composting',
    'Compost methods',
    'Hot compost',
    'Cold compost',
    'Worm compost',
    'Tools',
  ]);
  const matched = tree.locator('.matched');
  await expect(matched).toHaveText([
    /Compost methods/,
    /Hot compost/,
    /Cold compost/,
    /Worm compost/,
  ]);
  await expect(tree.getByRole('treeitem', { selected: true })).toContainText('Compost methods');

  // The preview: the merged section, every "carbon" highlighted.
  await expect(preview(page).locator('article h2')).toHaveText('Compost methods');
  await expect(preview(page).locator('article mark.hit')).toHaveText([
    'carbon',
    'carbon',
    'carbon',
  ]);

  // Clicking another outline node shows that section.
  await tree.getByRole('treeitem', { name: /Tools/ }).click();
  await expect(preview(page).locator('article')).toContainText(
    'A fork, a thermometer and a sieve.',
  );
  await expect(tree.getByRole('treeitem', { selected: true })).toContainText('Tools');
});

test('the outline scrolls the selected node into view', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('zephyrine');
  await expect(results(page).first()).toContainText('The zephyrine part');
  const shown = outline(page).getByRole('treeitem', { selected: true });
  await expect(shown).toContainText('The zephyrine part');
  await expect(shown).toBeInViewport();
  await expect(outline(page).getByRole('treeitem').first()).not.toBeInViewport();
  // In the heading and in the body.
  await expect(preview(page).locator('article mark.hit')).toHaveText(['zephyrine', 'zephyrine']);
});

test('the outline scrolls to the selected node of another document', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('quillwort');
  await expect(results(page)).toHaveCount(2);
  await results(page).filter({ hasText: 'Morning' }).click();
  await expect(outline(page).getByRole('treeitem', { selected: true })).toContainText('Morning');
  // The long document's outline arrives after the selection has moved to it.
  await results(page).filter({ hasText: 'The zephyrine part' }).click();
  const shown = outline(page).getByRole('treeitem', { selected: true });
  await expect(shown).toContainText('The zephyrine part');
  await expect(shown).toBeInViewport();
});

// A reference page (msdocs-cpp's <memory> functions: 80 functions, each with Parameters, Remarks,
// Example) scrolled its shown function to the outline's last line, the subsections its result
// merged out of sight below it (docs/ui.md#the-outline).
test('the outline shows the subsections under a node it scrolls to', async ({ page, bridge }) => {
  const functions = Array.from(
    { length: 80 },
    (_, i) =>
      `## function_${i + 1}\n\n${i === 59 ? 'Makes a quokkalith. ' : ''}Does step ${i + 1}.\n\n` +
      `### Parameters\n\nThe arguments.\n\n### Remarks\n\nNotes.\n\n### Example\n\nCode.\n`,
  );
  writeFileSync(join(bridge.vaultDir, 'Reference.md'), `# Reference\n\n${functions.join('\n')}`);
  await page.goto(bridge.url);
  await expect(async () => {
    await searchBox(page).fill('');
    await searchBox(page).fill('quokkalith');
    await expect(results(page).first()).toContainText('function_60', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const shown = outline(page).getByRole('treeitem', { selected: true });
  await expect(shown).toContainText('function_60');
  await expect(shown).toBeInViewport();
  const rows = outline(page).getByRole('treeitem');
  const at = await rows.evaluateAll((items) =>
    items.findIndex((item) => item.getAttribute('aria-selected') === 'true'),
  );
  // A row above it (context) and its three subsections below it are in view.
  await expect(rows.nth(at - 1)).toBeInViewport();
  for (const [offset, title] of [
    [1, 'Parameters'],
    [2, 'Remarks'],
    [3, 'Example'],
  ] as const) {
    await expect(rows.nth(at + offset)).toContainText(title);
    await expect(rows.nth(at + offset)).toBeInViewport();
  }
  await screenshots(page, 'main-outline-scrolled');

  // PageDown and PageUp move the focus a page of rows, as in the results: the tree's own
  // scrolling left the focus on a row out of view, and the next arrow jumped back to it.
  await searchBox(page).press('Enter');
  await page.keyboard.press('Enter');
  await expect(shown).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(rows.nth(at + 10)).toBeFocused();
  await expect(rows.nth(at + 10)).toBeInViewport();
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await expect(rows.nth(at - 10)).toBeFocused();
  await expect(rows.nth(at - 10)).toBeInViewport();
});

// obsidian-hub keeps its notes three folders deep ("02 - Community Expansions/02.05 All Community
// Expansions/Plugins/…"): the row's place was cut at its end, so every row said the same folders
// and none its file (docs/ui.md#results). The folders give way now, the file name shows whole.
test("a row's place cuts its folders before its file name", async ({ page, bridge }) => {
  const folder = join(
    bridge.vaultDir,
    '02 - Community Expansions',
    '02.05 All Community Expansions',
    'Plugins',
  );
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'obsidian-numbat-board.md'), '# Numbat board\n\nNumbat cards.\n');
  await page.setViewportSize({ width: 900, height: 600 });
  await page.goto(bridge.url);
  await searchBox(page).fill('numbat');
  await expect(results(page).first()).toContainText('Numbat board');
  const where = results(page).first().locator('.where');
  await expect(where).toHaveText(
    'e2e · 02 - Community Expansions/02.05 All Community Expansions/Plugins/obsidian-numbat-board.md:1–3',
  );
  await expect(where).toHaveAttribute('title', /Plugins\/obsidian-numbat-board\.md:1–3$/);
  // Where the file name's characters are drawn: inside the line, not past its clipped end.
  const overflow = await where.evaluate((element) => {
    const walker = element.ownerDocument.createTreeWalker(element, 4); // NodeFilter.SHOW_TEXT
    const range = element.ownerDocument.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf('obsidian-numbat-board.md:1–3');
      if (at === -1) continue;
      range.setStart(node, at);
      range.setEnd(node, at + 'obsidian-numbat-board.md:1–3'.length);
      return range.getBoundingClientRect().right - element.getBoundingClientRect().right;
    }
    return null;
  });
  expect(overflow).not.toBeNull();
  expect(overflow!).toBeLessThanOrEqual(0.5);
  await screenshots(page, 'main-place-file-name');
});

test('multi-byte text is highlighted at the right characters', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('quokkaword');
  await expect(preview(page).locator('article mark.hit')).toHaveText(['quokkaword']);
});

test('several topics are searched at once', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('carbon');
  await searchBox(page).press('Alt+Enter');
  await page.getByRole('searchbox', { name: 'Topic 2' }).fill('barrels');
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).filter({ hasText: 'Rain barrels' })).toHaveCount(1);
  await expect(results(page).filter({ hasText: 'Compost methods' })).toHaveCount(1);
  // Backspace in an empty extra topic removes it.
  await page.getByRole('searchbox', { name: 'Topic 2' }).fill('');
  await page.getByRole('searchbox', { name: 'Topic 2' }).press('Backspace');
  await expect(page.getByRole('searchbox')).toHaveCount(1);
  // The caret lands after the first topic's text: the next Backspace deletes one character.
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(searchBox(page)).toHaveValue('carbo');
});

// A topic that finds nothing says so on its own line (the engine's `unmatchedTopics`): the other
// topics fill the list, which alone would not tell a topic outranked from one that found nothing
// (docs/ui.md#topics-that-find-nothing).
test('a topic that finds nothing says so on its line', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await searchBox(page).focus();
  await page.keyboard.type('carbon');
  await page.keyboard.press('Alt+Enter');
  await page.keyboard.type('zyzzyva');
  const second = page.getByRole('searchbox', { name: 'Topic 2' });
  await expect(page.locator('[data-results-for]')).toHaveAttribute(
    'data-results-for',
    'carbon\nzyzzyva',
  );
  await expect(results(page).filter({ hasText: 'Compost methods' })).toHaveCount(1);
  await expect(second).toHaveAccessibleDescription('nothing found');
  await expect(page.getByText('nothing found')).toHaveCount(1);
  await expect(page.getByRole('searchbox', { name: 'Topic 1' })).toHaveAccessibleDescription('');
  // The current row's topic badge stands out from the row (it had the row's own background).
  const current = results(page).first();
  await expect(current).toHaveClass(/current/);
  const background = (selector: string) =>
    current.evaluate((row, s) => {
      const shown = s === '' ? row : row.querySelector(s)!;
      const page = globalThis as unknown as {
        getComputedStyle(e: unknown): { backgroundColor: string };
      };
      return page.getComputedStyle(shown).backgroundColor;
    }, selector);
  expect(await background('.badge.topic')).not.toBe(await background(''));
  await screenshots(page, 'main-topic-nothing-found');
  // Once the topic finds something, the word goes.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('barrels');
  await expect(results(page).filter({ hasText: 'Rain barrels' })).toHaveCount(1);
  await expect(page.getByText('nothing found')).toHaveCount(0);
  await expect(second).toHaveAccessibleDescription('');
});

// A date filter that is no date is searched as its words, and the line under the toolbar says
// so for the answer shown: while `modified:<3` is half typed, and no more once it reads
// `modified:<30d` (docs/ui.md#a-date-filter-that-is-no-date).
test('a date filter that is no date is said under the toolbar', async ({ page, bridge }) => {
  await page.setViewportSize({ width: 900, height: 600 });
  await page.goto(bridge.url);
  const notDate = page.locator('p.not-date');
  await searchBox(page).fill('compost modified:<abc');
  await expect(page.locator('[data-results-for]')).toHaveAttribute(
    'data-results-for',
    'compost modified:<abc',
  );
  await expect(notDate).toHaveText(
    '"modified:<abc" is not a date — searched as words; dates look like modified:<30d, created:2025',
  );
  await expect(preview(page).locator('article')).toContainText('How the community garden');
  await screenshots(page, 'main-not-a-date');
  await page.emulateMedia({ colorScheme: 'light' });
  // Typed a key at a time: the line follows the answer shown, then goes with the date.
  await searchBox(page).fill('compost modified:<');
  await page.keyboard.type('3');
  await expect(page.locator('[data-results-for]')).toHaveAttribute(
    'data-results-for',
    'compost modified:<3',
  );
  await expect(notDate).toHaveText(/^"modified:<3" is not a date/);
  await page.keyboard.type('0d');
  await expect(page.locator('[data-results-for]')).toHaveAttribute(
    'data-results-for',
    'compost modified:<30d',
  );
  await expect(notDate).toHaveCount(0);
  // A filter's value that is a date says nothing; an emptied box drops the line too.
  await searchBox(page).fill('created:yesterday');
  await expect(notDate).toHaveText(/^"created:yesterday" is not a date/);
  await searchBox(page).fill('');
  await expect(notDate).toHaveCount(0);
});

// A query searches its first 32 words; the line under the toolbar says which a longer one left
// out, for the answer shown (docs/ui.md#a-query-longer-than-32-words).
test('a query of more than 32 words says which words it left out', async ({ page, bridge }) => {
  await page.setViewportSize({ width: 900, height: 600 });
  await page.goto(bridge.url);
  const note = page.locator('p.words-left-out');
  const first = `compost ${Array.from({ length: 31 }, (_, i) => `w${i}`).join(' ')}`;
  const pasted = `${first} heap ${'of leaves '.repeat(40)}`.trim();
  await searchBox(page).fill(pasted);
  await expect(page.locator('[data-results-for]')).toHaveAttribute('data-results-for', pasted);
  await expect(note).toHaveText(
    `only a query's first 32 words are searched: "heap" and the 80 words after it were left out`,
  );
  await expect(results(page).first()).toContainText('compost');
  await expect(preview(page).locator('article')).toContainText('How the community garden');
  await expect(outline(page).getByRole('treeitem').first()).toBeVisible();
  await screenshots(page, 'main-words-left-out');
  await page.emulateMedia({ colorScheme: 'light' });
  await searchBox(page).fill(first);
  await expect(page.locator('[data-results-for]')).toHaveAttribute('data-results-for', first);
  await expect(note).toHaveCount(0);
});

test('everything is reachable from the keyboard', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await page.keyboard.type('before');
  await expect(results(page)).toHaveCount(3);
  // Arrows in the search box move the result cursor.
  await page.keyboard.press('ArrowDown');
  await expect(results(page).nth(1)).toHaveClass(/current/);
  // Enter: results list; Space ticks; Enter: outline; arrows and Enter show a section.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox', { name: 'Results' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(results(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(results(page).nth(0)).toHaveClass(/current/);
  await page.keyboard.press('Enter');
  const items = outline(page).getByRole('treeitem');
  await expect(outline(page).getByRole('treeitem', { selected: true })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(items.last()).toHaveAttribute('aria-selected', 'true');
  const title = (await items.last().locator('.label').textContent()) ?? '';
  await expect(
    preview(page).locator('article :is(h1, h2, h3, h4, h5, h6, p)').first(),
  ).toContainText(title.slice(0, 10));
  // F6 cycles the panes; Ctrl+K returns to the search box.
  await page.keyboard.press('F6');
  await expect(preview(page).locator('article')).toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  // F1 opens the help with the query syntax; Esc closes it.
  await page.keyboard.press('F1');
  await expect(page.locator('#help')).toBeVisible();
  await expect(page.locator('#help')).toContainText('"error handling"');
  await page.keyboard.press('Escape');
  await expect(page.locator('#help')).toBeHidden();
});

// Every pane F6 reaches shows that it has the focus: the keys do different things in each (the
// arrows move the cursor, the tree, or scroll the preview) (docs/ui.md#layout).
test('each pane F6 moves to shows a focus ring', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('carbon');
  await expect(preview(page).locator('article')).toContainText('carbon');
  /** The outline drawn around what shows the focus: the element, or the list's current row. */
  const ring = () =>
    page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { activeElement: FocusedLike | null } })
        .document;
      const focused = doc.activeElement!;
      const shown =
        focused.getAttribute('role') === 'listbox' ? focused.querySelector('.current')! : focused;
      const style = (
        globalThis as unknown as {
          getComputedStyle(e: unknown): { outlineStyle: string; outlineWidth: string };
        }
      ).getComputedStyle(shown);
      return `${focused.tagName.toLowerCase()} ${style.outlineStyle} ${style.outlineWidth}`;
    });
  await page.keyboard.press('F6');
  await expect.poll(ring).toBe('div solid 2px'); // the results, at the current row
  await page.keyboard.press('F6');
  await expect.poll(ring).toBe('div solid 2px'); // the outline's row
  await page.keyboard.press('F6');
  await expect.poll(ring).toBe('article solid 2px'); // the preview
  await screenshots(page, 'main-preview-focused');
});

// A row says where its section sits above its title, without the export's `> ` and without saying
// the title twice; a note's own result has no line above its title (docs/ui.md#results).
test('a result row names the sections above its title, once and without a quote sign', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('carbon');
  const first = results(page).first();
  await expect(first.locator('.title')).toHaveText('Compost methods');
  await expect(first.locator('.breadcrumb')).toHaveText('Composting');
  await expect(first.locator('.breadcrumb')).toHaveAttribute(
    'title',
    'Composting › Compost methods',
  );
  await expect(preview(page).locator('header .crumb')).toHaveText('Composting › Compost methods');
  await screenshots(page, 'main-breadcrumbs');
  await searchBox(page).fill('quillwort barrels');
  await expect(page.locator('[data-results-for="quillwort barrels"]')).toHaveCount(1);
  const note = results(page).first();
  await expect(note.locator('.title')).toHaveText('Watering');
  await expect(note.locator('.breadcrumb')).toBeHidden();
  await expect(preview(page).locator('header .crumb')).toHaveText('Watering');
});

// A heading with no text (`##` alone) keeps its title '' in the index (SPEC 2.1); the window names
// it "(untitled section)", muted, wherever the title or a breadcrumb shows
// (docs/ui.md#untitled-sections).
test('a heading with no text shows as "(untitled section)" in rows, outline and crumbs', async ({
  page,
  bridge,
}) => {
  writeFileSync(
    join(bridge.vaultDir, 'Radio log.md'),
    '# Radio log\n\nNotes from the shack.\n\n## \n\nThe quokka dipole is tuned.\n\n' +
      '##\n\n### Feedline\n\nThe wallaby coax runs north.\n',
  );
  await page.goto(bridge.url);
  await searchBox(page).fill('quokka dipole');
  const row = results(page).first();
  await expect(row.locator('.title')).toHaveText('(untitled section)');
  await expect(row.locator('.title')).toHaveClass(/untitled/);
  await expect(row.locator('.breadcrumb')).toHaveText('Radio log');
  await expect(preview(page).locator('header .crumb')).toHaveText('Radio log › (untitled section)');
  await expect(outline(page).getByRole('treeitem').locator('.label')).toHaveText([
    'Radio log',
    '(untitled section)',
    '(untitled section)',
    'Feedline',
  ]);
  await screenshots(page, 'main-untitled-section');
  // A section under one: its crumb names the heading with no text.
  await searchBox(page).fill('wallaby coax');
  await expect(page.locator('[data-results-for="wallaby coax"]')).toHaveCount(1);
  await expect(results(page).first().locator('.title')).toHaveText('Feedline');
  await expect(results(page).first().locator('.breadcrumb')).toHaveText(
    'Radio log › (untitled section)',
  );
});

// A heading holding a wikilink (obsidian-hub: `# An Introduction to [[dataview|Dataview]]`) shows
// as Obsidian shows it, by the link's alias or target, wherever a title or crumb shows
// (docs/ui.md#wikilinks-in-headings).
test('wikilinks in headings show as their text in rows, outline and crumbs', async ({
  page,
  bridge,
}) => {
  writeFileSync(
    join(bridge.vaultDir, 'Dataview intro.md'),
    '# An Introduction to [[dataview|Dataview]]\n\nThe plugin.\n\n' +
      '## Using [[Templater]] and [[Tasks#Queries]]\n\nThe wombat queries.\n',
  );
  await page.goto(bridge.url);
  await searchBox(page).fill('wombat');
  const row = results(page).first();
  await expect(row.locator('.title')).toHaveText('Using Templater and Tasks > Queries');
  await expect(row.locator('.breadcrumb')).toHaveText('An Introduction to Dataview');
  await expect(preview(page).locator('header .crumb')).toHaveText(
    'An Introduction to Dataview › Using Templater and Tasks > Queries',
  );
  await expect(outline(page).getByRole('treeitem').locator('.label')).toHaveText([
    'An Introduction to Dataview',
    'Using Templater and Tasks > Queries',
  ]);
  await expect(page.locator('.pane-title').first()).toContainText('An Introduction to Dataview');
  await screenshots(page, 'main-wikilink-headings');
});

// A table written without its outer pipes reads in a row's snippet as one written with them: cells
// set apart by ' · ', rows by ';' (docs/design.md#snippets).
test('a table without outer pipes reads as cells in its snippet', async ({ page, bridge }) => {
  const note = (name: string, table: string) =>
    writeFileSync(join(bridge.vaultDir, `${name}.md`), `# ${name}\n\nThe pins.\n\n${table}\n`);
  note('Bare pins', 'state | current\n--|--\nnumbat sleep | 0.02 mA\nrun | 40 mA');
  note('Piped pins', '| state | current |\n|-|-|\n| numbat wake | 0.03 mA |');
  await page.goto(bridge.url);
  await searchBox(page).fill('numbat');
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).locator('.snippet')).toHaveText([
    'The pins. state · current; numbat wake · 0.03 mA',
    'The pins. state · current; numbat sleep · 0.02 mA; run · 40 mA',
  ]);
  await expect(preview(page).locator('article')).toContainText('numbat wake');
  await screenshots(page, 'main-table-snippets');
});

// F1 from anywhere opens the help with the focus in it, so that the keys scroll it to its last
// shortcut in a window too low to show it all; Esc gives the focus back (docs/ui.md#help).
test('the help opened by F1 takes the focus and scrolls by the keys; Esc gives it back', async ({
  page,
  bridge,
}) => {
  await page.setViewportSize({ width: 1400, height: 600 });
  await page.goto(bridge.url);
  await page.keyboard.type('carbon');
  await page.keyboard.press('Enter');
  const list = page.getByRole('listbox', { name: 'Results' });
  await expect(list).toBeFocused();
  await page.keyboard.press('F1');
  const help = page.locator('#help');
  await expect(help).toBeVisible();
  await expect(help).toBeFocused();
  const lastShown = () =>
    help.evaluate((box) => {
      const last = box.querySelector('tr:last-child:has(kbd)')!.getBoundingClientRect();
      return last.bottom <= box.getBoundingClientRect().bottom;
    });
  expect(await lastShown()).toBe(false); // the window is too low for all of it
  await page.keyboard.press('End');
  await expect.poll(lastShown).toBe(true);
  await screenshots(page, 'main-help-end');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(list).toBeFocused();
  // An example tried from the help leaves the focus in the search box.
  await page.keyboard.press('F1');
  await expect(help).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(help).toBeHidden();
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue('error handling');
});

// Result rows are kept by position and filled with each answer's results (docs/ui.md#results):
// the tick and the cursor the user put on a result belong to it, so they move with it to its new
// row.
test('the tick and the cursor follow their result into another row', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  const id = 'e2e:Edit me.md#changing-section';
  const row = (page: Page) => results(page).and(page.locator(`[data-id="${id}"]`));
  const rowIndex = async () =>
    (await results(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')))).indexOf(
      id,
    );
  await searchBox(page).fill('is');
  await expect(row(page)).toHaveCount(1);
  const before = await rowIndex();
  await row(page).locator('.title').click(); // the cursor put there by the user stays with it
  await row(page).locator('input.tick').click();
  await expect(row(page)).toHaveAttribute('aria-selected', 'true');
  await expect(row(page)).toHaveClass(/current/);

  await searchBox(page).fill('and');
  await expect(page.locator('[data-results-for="and"]')).toHaveCount(1);
  await expect(row(page)).toHaveCount(1);
  expect(await rowIndex()).not.toBe(before); // another row shows it now
  await expect(results(page).and(page.locator('[aria-selected="true"]'))).toHaveCount(1);
  await expect(row(page)).toHaveAttribute('aria-selected', 'true');
  await expect(row(page).locator('input.tick')).toBeChecked();
  await expect(page.locator('input.tick:checked')).toHaveCount(1);
  await expect(results(page).and(page.locator('.current'))).toHaveCount(1);
  await expect(row(page)).toHaveClass(/current/);
});

// Each answer puts the cursor on its first result unless the user put it on one (docs/ui.md#results):
// a query typed further must not leave it on what was first a word ago, now further down.
test('a query typed further puts the cursor on its own first result', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  const ids = () => results(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
  await page.keyboard.type('part');
  await expect(page.locator('[data-results-for="part"]')).toHaveCount(1);
  const firstBefore = (await ids())[0];
  await page.keyboard.type(' 3');
  await expect(page.locator('[data-results-for="part 3"]')).toHaveCount(1);
  const after = await ids();
  expect(after.indexOf(firstBefore!)).toBeGreaterThan(0); // still listed, no longer first
  await expect(results(page).first()).toHaveClass(/current/);
  await expect(results(page).and(page.locator('.current'))).toHaveCount(1);
  await expect(preview(page).locator('article')).toHaveAttribute('data-node', after[0]!);
  await expect(preview(page).locator('article')).not.toHaveClass(/stale/);
  await screenshots(page, 'main-typed-further');
  // A result the user moved to stays under the cursor as the query grows.
  await page.keyboard.press('ArrowDown');
  await expect(results(page).nth(1)).toHaveClass(/current/);
  await page.keyboard.type('*');
  await expect(page.locator('[data-results-for="part 3*"]')).toHaveCount(1);
  await expect(results(page).and(page.locator(`[data-id="${after[1]}"]`))).toHaveClass(/current/);
});

/** The page's focused element, as the focus-ring check reads it. */
interface FocusedLike {
  tagName: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): unknown;
}

/** What a frame showed: the cursor's result, the preview's node, and whether it was dimmed. */
interface Frame {
  current: string | null;
  shown: string | null;
  dimmed: boolean;
}

/** What the in-page function uses of the page (the tests are compiled without DOM types). */
type FrameScope = {
  frames: Frame[];
  requestAnimationFrame(callback: () => void): number;
  document: {
    querySelector(selector: string): {
      getAttribute(name: string): string | null;
      classList: { contains(name: string): boolean };
    } | null;
  };
};

// The preview follows the cursor once the results stand (docs/ui.md#the-preview): until then it
// shows the result before, dimmed. Checked at every frame from one query to another.
test("the preview is never shown undimmed for another result than the cursor's", async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  const article = preview(page).locator('article');
  await searchBox(page).fill('carbon');
  const firstId = async () => results(page).first().getAttribute('data-id');
  await expect(article).toHaveAttribute('data-node', (await firstId())!);
  await expect(article).not.toHaveClass(/stale/);
  await page.evaluate(() => {
    const scope = globalThis as unknown as FrameScope;
    scope.frames = [];
    const look = () => {
      const shown = scope.document.querySelector('[data-pane="preview"] article');
      scope.frames.push({
        current: scope.document.querySelector('.result.current')?.getAttribute('data-id') ?? null,
        shown: shown?.getAttribute('data-node') ?? null,
        dimmed: shown?.classList.contains('stale') ?? false,
      });
      if (scope.frames.length < 2000) scope.requestAnimationFrame(look);
    };
    scope.requestAnimationFrame(look);
  });
  // Another query at once (no empty box in between, and every input has results).
  await searchBox(page).fill('rain');
  await expect(page.locator('[data-results-for="rain"]')).toHaveCount(1);
  await expect(article).toHaveAttribute('data-node', (await firstId())!);
  await expect(article).not.toHaveClass(/stale/);
  const frames = await page.evaluate(() => (globalThis as unknown as FrameScope).frames);
  const other = (frame: Frame) =>
    frame.current !== null && frame.shown !== null && frame.current !== frame.shown;
  expect(frames.filter((frame) => other(frame) && frame.dimmed).length).toBeGreaterThan(0);
  expect(frames.filter((frame) => other(frame) && !frame.dimmed)).toEqual([]);
});

test('empty and no-result states', async ({ page, bridge }) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('xylophonequartz');
  await expect(page.getByText('No results for “xylophonequartz”')).toBeVisible();
  await searchBox(page).fill('');
  await expect(page.getByText('Type to search 7 notes by section')).toBeVisible();
  // Without the sample vault there are no sample queries to suggest, only the syntax.
  await expect(page.getByRole('list', { name: 'Query syntax' })).toContainText('title:word');
  await expect(page.getByRole('button', { name: 'battery' })).toHaveCount(0);
  // The filters a large vault needs are named before any search, the date one too.
  await expect(page.getByRole('list', { name: 'Query syntax' })).toContainText(
    'path:folder/ in one folder',
  );
  await expect(page.getByRole('list', { name: 'Query syntax' })).toContainText(
    'modified:<30d changed in the last 30 days',
  );
  // F1 offers it to try: it lists the notes changed lately, newest first.
  await page.keyboard.press('F1');
  await page.locator('#help').getByRole('button', { name: 'modified:<30d' }).click();
  await expect(searchBox(page)).toHaveValue('modified:<30d');
  await expect(page.getByRole('listbox', { name: 'Results' }).getByRole('option')).toHaveCount(7);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots of the main states (${scheme})`, async ({ page, bridge }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const shot = (name: string) =>
      page.screenshot({ path: join(SCREENSHOTS, `${name}-${scheme}.png`) });
    await page.goto(bridge.url);
    await expect(page.getByText('Type to search')).toBeVisible();
    await shot('main-idle');
    await searchBox(page).fill('carbon');
    await expect(preview(page).locator('article mark.hit')).toHaveCount(3);
    await shot('main-results');
    await page.keyboard.press('F1');
    await expect(page.locator('#help')).toBeVisible();
    await shot('main-help');
    // Each key once what it answers is there (the help closed, then the vault panel).
    await page.keyboard.press('Escape');
    await expect(page.locator('#help')).toBeHidden();
    await page.keyboard.press('Alt+v');
    await expect(page.getByRole('dialog', { name: 'Vaults' })).toBeVisible();
    await shot('vaults');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Vaults' })).toBeHidden();
    await page.keyboard.press('Alt+s');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toContainText('Results shown');
    await shot('settings');
    await page.keyboard.press('Escape');
    // Another query: until the new first result is loaded (held here), the preview and the
    // outline show the one before, dimmed.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/nodeContent', async (route) => {
      await held;
      await route.continue();
    });
    await searchBox(page).fill('rain');
    await expect(page.locator('[data-results-for="rain"]')).toHaveCount(1);
    await expect(preview(page).locator('article')).toHaveClass(/stale/);
    await shot('main-following');
    release();
    await expect(preview(page).locator('article')).not.toHaveClass(/stale/);
    await page.unroute('**/api/nodeContent');
    await searchBox(page).fill('xylophonequartz');
    await expect(page.getByText('No results')).toBeVisible();
    await shot('main-no-results');
    await page.goto(bridge.quickUrl);
    await page.keyboard.type('barrels');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.setViewportSize({ width: 720, height: 420 });
    await shot('quick-search');
  });
}
