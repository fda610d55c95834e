// The preview reads Obsidian notes as Obsidian shows them (test/fixtures/e2e-obsidian): wikilinks
// open their note or section in Folio, missing ones look missing, embeds load when opened,
// callouts keep their type and fold state; and no note, however deeply nested, freezes the page
// or leaves the preview "Loading…" (issue 16: 10,000 nested quotes or list items, 20,000 `[`
// and 20,000 `*`, 10,000 `*a`).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { VaultInfo } from '#shared/contract/api.ts';
import { SCREENSHOTS, expect, test, type RunningBridge, screenshots } from './bridge-fixture.ts';
import { preview, results, searchBox } from './locators.ts';

const OBSIDIAN_VAULT = join(import.meta.dirname, '..', 'fixtures', 'e2e-obsidian');

const article = (page: Page) => preview(page).locator('article');

async function addVault(
  bridge: RunningBridge,
  name: string,
  documents: number,
  fill: (root: string) => void,
) {
  const root = join(bridge.scratch, name);
  mkdirSync(root, { recursive: true });
  fill(root);
  await bridge.call('addVault', { root, name });
  await expect
    .poll(async () => (await bridge.call<VaultInfo[]>('listVaults')).find((v) => v.name === name), {
      timeout: 20_000,
    })
    .toMatchObject({ documents, status: 'watching' });
}

test('the preview renders Obsidian syntax and follows wikilinks', async ({ page, bridge }) => {
  test.setTimeout(60_000);
  await addVault(bridge, 'obsidian', 3, (root) =>
    cpSync(OBSIDIAN_VAULT, root, { recursive: true }),
  );
  await page.goto(bridge.url);
  await searchBox(page).fill('syntax tour');
  await expect(results(page).first()).toContainText('Syntax tour');
  const body = article(page);
  await expect(body.locator('a.wikilink')).toHaveCount(4);
  // Resolved by path (beside the note, in a folder) or missing.
  await expect(body.locator('a.wikilink.missing')).toHaveText(['Nowhere to be found']);
  await expect(body.locator('a.wikilink:not(.missing)')).toHaveText([
    'Target note',
    'the second part',
    'folder/Deep note',
  ]);
  // Comments hidden; highlights, tags, math, task lists, footnotes, Mermaid as code.
  await expect(body).not.toContainText('hidden remark');
  await expect(body).toContainText('Visible after the comment.');
  await expect(body.locator('mark.highlight')).toHaveText('lumenwort glow');
  await expect(body.locator('.tag')).toHaveText('#gardening');
  await expect(body.locator('code').filter({ hasText: 'a*b*c' })).toHaveCount(1);
  await expect(body.locator('input[type="checkbox"]')).toHaveCount(2);
  await expect(body.locator('section.footnotes')).toContainText('The footnote behind the claim.');
  await expect(body.locator('pre code.language-mermaid')).toContainText('A-->B');
  // Callouts: type and fold state.
  const todo = body.locator('details.callout-todo');
  await expect(todo.locator('summary')).toHaveText('Remember the lumenwort');
  await expect(todo).not.toHaveAttribute('open');
  await expect(todo.getByText('Water it every morning.')).toBeHidden();
  await todo.locator('summary').click();
  await expect(todo.getByText('Water it every morning.')).toBeVisible();
  await expect(body.locator('div.callout-warning .callout-title')).toHaveText('Frost');
  // The embed loads its section when opened.
  const embed = body.locator('details.embed');
  await expect(embed).not.toContainText('quillfeather');
  await embed.locator('summary').click();
  await expect(embed).toContainText('quillfeather moss grows here');
  await expect(embed).toContainText('obsidian · Target note.md');
  await screenshots(page, 'preview-obsidian');
  // A missing link says so; a link opens its section in outline and preview.
  await body.locator('a.wikilink.missing').click();
  await expect(page.getByRole('status')).toContainText(
    'No note or heading matches [[Nowhere to be found]]',
  );
  await body.getByRole('link', { name: 'the second part' }).click();
  await expect(preview(page).locator('.crumb')).toContainText('Second part');
  await expect(
    page.getByRole('tree', { name: 'Outline' }).getByRole('treeitem', { selected: true }),
  ).toContainText('Second part');
});

test('a wikilink followed by the keyboard leaves the focus in the preview; Alt+← goes back', async ({
  page,
  bridge,
}) => {
  await addVault(bridge, 'obsidian', 3, (root) =>
    cpSync(OBSIDIAN_VAULT, root, { recursive: true }),
  );
  await page.goto(bridge.url);
  await searchBox(page).fill('syntax tour');
  await expect(results(page).first()).toContainText('Syntax tour');
  const link = article(page).getByRole('link', { name: 'the second part' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(preview(page).locator('.crumb')).toContainText('Second part');
  // The link went with the note it was in: the focus was left on the page's body, where the
  // arrows, Tab and F6 had nothing to act on. It is the preview's, which shows it.
  await expect(article(page)).toBeFocused();
  await screenshots(page, 'preview-followed-focus');
  // Back where the link was: Alt+← (or the Back button the preview now shows).
  const back = preview(page).getByRole('button', { name: '← Back' });
  await expect(back).toBeVisible();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(preview(page).locator('.crumb')).toHaveText('Syntax tour');
  await expect(back).toHaveCount(0);
  await expect(results(page).first()).toHaveClass(/\bcurrent\b/);
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByRole('status')).toHaveText(/^Nothing to go back to/);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(preview(page).locator('.crumb')).toContainText('Second part');
  await expect(article(page)).toBeFocused();
  await page.keyboard.press('Shift+F6');
  await expect(
    page.getByRole('tree', { name: 'Outline' }).getByRole('treeitem', { selected: true }),
  ).toBeFocused();
  await back.click();
  await expect(preview(page).locator('.crumb')).toHaveText('Syntax tour');
});

const DEEP_NOTES: Record<string, string> = {
  'quotes.md': `# Deepquotes\n\n${'>'.repeat(10_000)} x\n`,
  'lists.md': `# Deeplists\n\n${'- '.repeat(10_000)}x\n`,
  'brackets.md': `# Deepbrackets\n\n${'['.repeat(20_000)}${'*'.repeat(20_000)}\n`,
  'stars.md': `# Deepstars\n\n${'*a'.repeat(10_000)}\n`,
};

test('deeply nested notes render in bounded time, or as plain text saying why', async ({
  page,
  bridge,
}) => {
  test.setTimeout(90_000);
  await addVault(bridge, 'deep', 4, (root) => {
    for (const [name, text] of Object.entries(DEEP_NOTES)) writeFileSync(join(root, name), text);
  });
  await page.goto(bridge.url);
  for (const title of ['Deepquotes', 'Deeplists', 'Deepbrackets', 'Deepstars']) {
    await searchBox(page).fill(title.toLowerCase());
    await expect(results(page).first()).toContainText(title);
    const previewPane = preview(page);
    // Rendered or shown as text within the renderer's limit (3 s) plus the page's own work.
    await expect(previewPane.locator('article :is(h1, .plain-reason)').first()).toBeVisible({
      timeout: 6_000,
    });
    await expect(previewPane).not.toContainText('Loading…');
    // The page never froze: it answers at once.
    const started = Date.now();
    await page.evaluate(() => 1);
    expect(Date.now() - started).toBeLessThan(1_000);
    if (title === 'Deepquotes' || title === 'Deeplists')
      await expect(previewPane.locator('.plain-reason')).toContainText('nest 10000 levels deep');
  }
  await page.screenshot({ path: join(SCREENSHOTS, 'preview-plain-fallback-light.png') });
});

test("a long section's preview waits, past its first chunk, while a search is on its way", async ({
  page,
  bridge,
}) => {
  const paragraphs = Array.from(
    { length: 400 },
    (_, at) => `Paragraph ${at} of the ${at === 0 ? 'longnote' : 'note'}, with a few more words.`,
  );
  await addVault(bridge, 'long', 1, (root) =>
    writeFileSync(
      join(root, 'Longnote.md'),
      `# Longnote\n\n${paragraphs.join('\n\n')}\n\nThe closing paragraph.\n`,
    ),
  );
  // The section's content is held until the next search is on its way, and that search's answer
  // until the preview has had time to go in.
  let releaseContent = () => {};
  const contentHeld = new Promise<void>((release) => (releaseContent = release));
  let contentAsked = () => {};
  const asked = new Promise<void>((resolve) => (contentAsked = resolve));
  await page.route('**/api/nodeContent', async (route) => {
    contentAsked();
    await contentHeld;
    await route.continue();
  });
  let holdAnswers = false;
  const heldAnswers: Array<() => void> = [];
  await page.routeWebSocket('**/api/socket**', (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (holdAnswers) heldAnswers.push(() => socket.send(message));
      else socket.send(message);
    });
  });
  await page.goto(bridge.url);
  await searchBox(page).fill('longnote');
  await expect(results(page).first()).toContainText('Longnote');
  await asked; // the results stood: the preview follows them
  holdAnswers = true;
  await searchBox(page).press('End');
  await page.keyboard.type(' paragraph');
  releaseContent();
  await expect(article(page)).toContainText('Paragraph 0 of the longnote');
  // Its other chunks wait for the search's answer (a chunk goes in per task when they do not).
  await page.waitForTimeout(500);
  await expect(article(page)).not.toContainText('The closing paragraph.');
  holdAnswers = false;
  for (const answer of heldAnswers.splice(0)) answer();
  await expect(article(page)).toContainText('The closing paragraph.');
});

// A note with nothing but frontmatter (Dendron's hierarchy stubs, a note made from a link and never
// written) says so, rather than leaving a blank pane that looks like a preview still loading
// (docs/ui.md#the-preview).
test('a note without text says so in the preview', async ({ page, bridge }) => {
  writeFileSync(
    join(bridge.vaultDir, 'Okapi stub.md'),
    '---\ntitle: Okapi stub\ncreated: 2026-01-02\n---\n\n',
  );
  await page.goto(bridge.url);
  await searchBox(page).fill('okapi');
  await expect(results(page).first()).toContainText('Okapi stub');
  await expect(preview(page).locator('article')).toHaveAttribute('data-node', 'e2e:Okapi stub.md');
  await expect(preview(page).locator('article')).toHaveText(
    'This note has no text besides its frontmatter.',
  );
  await screenshots(page, 'preview-no-text');
});

// obsidian-hub's plugin notes (some 1,600) open with four shields.io badges. Written as
// `[alt: address]`, their addresses filled the preview's first screen, and quick search's; each
// shows as its alt text and host now, the address in its tooltip (docs/ui.md#the-preview).
test('remote images show as their alt text and host, not their whole address', async ({
  page,
  bridge,
}) => {
  const badge = (alt: string, path: string) =>
    `![${alt}](https://img.shields.io/github/${path}/mgmeyers/obsidian-kanban?color=573E7A&logo=github&style=for-the-badge)`;
  writeFileSync(
    join(bridge.vaultDir, 'Wombat board.md'),
    [
      `${badge('GitHub all releases', 'downloads')}   `,
      `${badge('GitHub manifest version', 'manifest-json/v')}   `,
      `${badge('GitHub Repo stars', 'stars')}`,
      '',
      '# Wombat board',
      '',
      'Create markdown-backed wombat boards.',
      '',
    ].join('\n'),
  );
  await page.goto(bridge.url);
  await searchBox(page).fill('wombat board');
  await expect(results(page).first()).toContainText('Wombat board');
  const images = article(page).locator('.image-ref');
  await expect(images).toHaveText([
    '[GitHub all releases (img.shields.io)]',
    '[GitHub manifest version (img.shields.io)]',
    '[GitHub Repo stars (img.shields.io)]',
  ]);
  await expect(images.last()).toHaveAttribute(
    'title',
    /^Image not loaded: https:\/\/img\.shields\.io\/github\/stars\/mgmeyers\/obsidian-kanban\?/,
  );
  await expect(article(page)).not.toContainText('https://');
  await expect(article(page).getByRole('heading', { name: 'Wombat board' })).toBeInViewport();
  await screenshots(page, 'preview-remote-images');
});

// msdocs-cpp's "Compiler options listed by category" is tables of hundreds of rows: a page down
// into one, the header row had scrolled away, and with it what each column is
// (docs/ui.md#the-preview).
test("a long table's header row stays in view as the preview scrolls", async ({ page, bridge }) => {
  const rows = Array.from({ length: 120 }, (_, i) => `| /Kx${i + 1} | Does step ${i + 1}. |`);
  writeFileSync(
    join(bridge.vaultDir, 'Kiwi options.md'),
    `# Kiwi options\n\nEvery kiwi option.\n\n| Option | Purpose |\n|---|---|\n${rows.join('\n')}\n`,
  );
  await page.goto(bridge.url);
  await searchBox(page).fill('kiwi options');
  await expect(results(page).first()).toContainText('Kiwi options');
  const header = article(page).locator('thead th').first();
  await expect(header).toHaveText('Option');
  // F6 three times: the results, the outline, the preview; then the keys scroll it.
  for (let i = 0; i < 3; i++) await page.keyboard.press('F6');
  await expect(article(page)).toBeFocused();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expect(article(page).getByRole('cell', { name: '/Kx1', exact: true })).not.toBeInViewport();
  await expect(header).toBeInViewport();
  const [headerBox, articleBox] = await Promise.all([
    header.boundingBox(),
    article(page).boundingBox(),
  ]);
  // At the pane's top edge, inside its focus ring.
  expect(headerBox!.y - articleBox!.y).toBeGreaterThanOrEqual(1.5);
  expect(headerBox!.y - articleBox!.y).toBeLessThan(3);
  await screenshots(page, 'preview-table-header');
});

// A merged section runs to hundreds of lines, and its first match is often one common word: the
// preview opened there, far from the passage that holds the query (docs/ui.md#the-preview).
test('the preview lands on the passage marking the most words of the query', async ({
  page,
  bridge,
}) => {
  const filler = Array.from({ length: 80 }, (_, i) => `Filler paragraph ${i + 1}.`);
  writeFileSync(
    join(bridge.vaultDir, 'Wallaby guide.md'),
    [
      '# Wallaby guide',
      '',
      'A wallaby sat here.',
      '',
      ...filler.join('\n\n').split('\n'),
      '',
      'The wallaby harness needs a tether.',
      '',
      'More filler after it.',
      '',
    ].join('\n'),
  );
  await page.goto(bridge.url);
  await searchBox(page).fill('wallaby harness tether');
  await expect(results(page).first()).toContainText('Wallaby guide');
  const marks = article(page).locator('mark.hit');
  await expect(marks).toHaveCount(5);
  await expect(article(page).getByText('The wallaby harness needs a tether.')).toBeInViewport();
  await expect(marks.first()).not.toBeInViewport();
  await screenshots(page, 'preview-lands');
});
