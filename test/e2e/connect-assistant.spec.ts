// Settings → Connect an AI assistant in the browser (`npm run web`): the block for this machine
// — the source tree's `npm run --silent cli -- mcp` with absolute paths and the bridge's own
// database — reached and copied with the keyboard; screenshots light and dark.
import { join } from 'node:path';
import { SCREENSHOTS, expect, test } from './bridge-fixture.ts';

const REPO = join(import.meta.dirname, '..', '..');

// A bridge, a page and two screenshots: generous on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('shows the configuration for each assistant, keyboard first, and copies it', async ({
  page,
  bridge,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(bridge.url);
  await page.keyboard.press('Alt+s');
  const panel = page.getByRole('dialog', { name: 'Settings' });
  const section = panel.getByRole('group', { name: 'Connect an AI assistant' });
  const block = section.getByLabel('Claude Desktop configuration');
  await expect(block).toBeVisible();
  const json = JSON.parse(await block.innerText()) as {
    mcpServers: { folio: { command: string; args: string[] } };
  };
  const { args } = json.mcpServers.folio;
  // `node npm-cli.js --prefix REPO run --silent cli -- mcp --db DB`, every path absolute.
  expect(args.slice(args.indexOf('--prefix'))).toEqual([
    '--prefix',
    REPO,
    'run',
    '--silent',
    'cli',
    '--',
    'mcp',
    '--db',
    join(bridge.vaultDir, '..', 'folio.db'),
  ]);
  expect(json.mcpServers.folio.command).toMatch(/^(\/|npm$)/); // node by absolute path, or npm

  // Keyboard: Tab reaches the assistant buttons and Copy; Enter picks and copies.
  const code = section.getByRole('button', { name: 'Claude Code' });
  await code.focus();
  await page.keyboard.press('Enter');
  await expect(code).toHaveAttribute('aria-pressed', 'true');
  const command = section.getByLabel('Claude Code configuration');
  await expect(command).toContainText('claude mcp add --transport stdio --scope user folio -- ');
  await page.keyboard.press('Tab'); // Cursor
  await page.keyboard.press('Tab'); // Copy
  await expect(section.getByRole('button', { name: 'Copy' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText('Copied the Claude Code configuration.');
  // The specs compile without DOM types: the page's clipboard, typed by hand.
  type Clipboard = { navigator: { clipboard: { readText(): Promise<string> } } };
  const clipboard = () => (globalThis as unknown as Clipboard).navigator.clipboard.readText();
  expect(await page.evaluate(clipboard)).toBe(await command.innerText());

  await section.getByRole('button', { name: 'Claude Desktop' }).click();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(SCREENSHOTS, `connect-assistant-${scheme}.png`) });
  }
});
