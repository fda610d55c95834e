// When the engine cannot answer, the page says so instead of showing what it showed before:
// a failed request is faked with page.route, the rest is the real bridge.
import { rmSync } from 'node:fs';
import type { WebSocketRoute } from '@playwright/test';
import { expect, test, screenshots } from './bridge-fixture.ts';
import { preview, results, searchBox } from './locators.ts';

test('a section that fails to load shows the error, not the previous section', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('quillwort');
  await expect(results(page)).toHaveCount(2);
  const shown = (await preview(page).locator('.crumb').textContent()) ?? '';
  expect(shown).not.toBe('');
  await page.route('**/api/nodeContent', (route) =>
    route.fulfill({
      json: { ok: false, error: { code: 'invalid-argument', message: 'id is too long (id)' } },
    }),
  );
  await results(page).nth(1).click();
  await expect(preview(page).getByRole('alert')).toContainText('id is too long (id)');
  await expect(preview(page).locator('article, .crumb')).toHaveCount(0);
  await expect(preview(page)).not.toContainText(shown);
});

test('a failed search shows no stale count, results or copy buttons', async ({ page, bridge }) => {
  // Searches go over the bridge's socket while it is there (docs/ui.md#how-a-search-reaches-the-engine).
  let gone = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket('**/api/socket**', (socket) => {
    if (gone) return socket.close();
    socket.connectToServer();
    sockets.push(socket);
  });
  await page.goto(bridge.url);
  await searchBox(page).fill('carbon');
  await expect(results(page).first()).toContainText('Compost methods');
  await expect(page.getByRole('button', { name: 'Copy all' })).toBeVisible();
  // The bridge goes away: its socket closes, a new one is refused, and so is HTTP.
  gone = true;
  await page.route('**/api/search', (route) => route.abort('connectionrefused'));
  for (const socket of sockets) await socket.close();
  await searchBox(page).fill('carbon compost');
  await expect(page.getByRole('alert').filter({ hasText: 'The search failed' })).toBeVisible();
  await expect(page.locator('.toolbar .count')).toHaveText('');
  await expect(page.getByRole('button', { name: /^(Tick all|Copy all|Copy)$/ })).toHaveCount(0);
  await expect(results(page)).toHaveCount(0);
  await expect(preview(page)).toContainText('Select a result');
  await screenshots(page, 'search-failed');
});

// A vault's folder that vanishes (a drive unplugged, a folder moved) is said on the status line,
// where the user looks, and not only in the Vaults panel; the line opens it (docs/ui.md#vaults).
test('a vault whose folder vanished is named on the status line, which opens the Vaults panel', async ({
  page,
  bridge,
}) => {
  await page.goto(bridge.url);
  await searchBox(page).fill('quillwort');
  await expect(results(page)).toHaveCount(2);
  await expect(preview(page).locator('article')).toContainText('quillwort');
  const status = page.locator('footer.status');
  await expect(status).not.toContainText('not found');
  rmSync(bridge.vaultDir, { recursive: true, force: true });
  const missing = status.getByRole('button', { name: 'Folder not found: e2e' });
  await expect(missing).toBeVisible();
  // The index still answers for it: its results and the section shown stay.
  await expect(results(page)).toHaveCount(2);
  await expect(preview(page).locator('article')).toContainText('quillwort');
  await screenshots(page, 'status-folder-missing');
  await missing.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Vaults' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('folder not found');
});
