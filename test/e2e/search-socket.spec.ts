// The page's searches travel over the bridge's WebSocket (docs/ui.md#how-a-search-reaches-the-engine),
// opened with the page: a typed query is sent there, not as `POST /api/search`, and the results are the engine's; when
// the socket is refused, or closes before it answers, the search is sent over HTTP and the results
// still come.
import type { Page } from '@playwright/test';
import { expect, test } from './bridge-fixture.ts';
import { results, searchBox } from './locators.ts';

/** The API calls the page sent over HTTP, by method. */
function httpCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') && request.method() === 'POST') calls.push(path.slice(5));
  });
  return calls;
}

test('a typed search goes over the socket, and its results are shown', async ({ page, bridge }) => {
  const sent: string[] = [];
  page.on('websocket', (socket) => {
    expect(new URL(socket.url()).pathname).toBe('/api/socket');
    socket.on('framesent', (frame) => sent.push(String(frame.payload)));
  });
  const calls = httpCalls(page);
  const opened = page.waitForEvent('websocket');
  await page.goto(bridge.url);
  await expect(page.getByText('Type to search 7 notes by section')).toBeVisible();
  // The socket opens with the page, before anything is typed.
  await opened;
  expect(sent).toEqual([]);
  await searchBox(page).fill('carbon');
  await expect(results(page).first()).toContainText('Compost methods');
  expect(sent.map((frame) => JSON.parse(frame) as { method: string; argument: unknown })).toEqual([
    expect.objectContaining({
      method: 'search',
      argument: expect.objectContaining({ queries: ['carbon'], typing: true }),
    }),
  ]);
  expect(calls).not.toContain('search');
});

test('a refused socket leaves searches to HTTP', async ({ page, bridge }) => {
  // The socket closes before it opens, as against a bridge without one.
  await page.routeWebSocket('**/api/socket**', (socket) => socket.close());
  const calls = httpCalls(page);
  await page.goto(bridge.url);
  await searchBox(page).fill('carbon');
  await expect(results(page).first()).toContainText('Compost methods');
  await searchBox(page).fill('periwinkle');
  await expect(results(page).first()).toContainText('Edit me');
  expect(calls.filter((call) => call === 'search')).toHaveLength(2);
});

test('a search whose socket closes before the answer is sent again over HTTP', async ({
  page,
  bridge,
}) => {
  // The socket takes the search and closes without answering.
  await page.routeWebSocket('**/api/socket**', (socket) => {
    socket.onMessage(() => socket.close());
  });
  const calls = httpCalls(page);
  await page.goto(bridge.url);
  await searchBox(page).fill('carbon');
  await expect(results(page).first()).toContainText('Compost methods');
  expect(calls).toContain('search');
});
