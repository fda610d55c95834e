// The Electron app end to end: secure windows, the preload API, IPC validation, search over the
// sample vault and a temporary vault, quick search, the tray, the remembered window state, and
// the app's binary serving MCP as Settings → Connect an AI assistant tells an assistant to run it.
// size: every spec shares one launched app (launching Electron costs seconds).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API_EVENTS, API_METHODS } from '#shared/contract/api.ts';
import {
  launchFolio,
  makeVault,
  quickPage,
  quickVisible,
  searchUntilFound,
  type FolioApp,
  type MainGlobals,
  type PageGlobals,
} from './folio-app.ts';

let folio: FolioApp;

test.beforeEach(async () => {
  folio = await launchFolio();
});

test.afterEach(async () => {
  await folio.close();
});

test('both windows have the secure preferences, are served from folio://app, see no Node', async () => {
  const windows = await folio.app.evaluate(({ BrowserWindow }) =>
    BrowserWindow.getAllWindows().map((window) => ({
      url: window.webContents.getURL(),
      preferences: (globalThis as MainGlobals).folioE2E.webPreferencesOf(window.webContents.id),
    })),
  );
  expect(windows.map((window) => window.url).sort()).toEqual([
    'folio://app/index.html',
    'folio://app/quick.html',
  ]);
  for (const { preferences } of windows) {
    expect(preferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(preferences?.preload)).toMatch(/preload[\\/]index\.cjs$/);
  }
  for (const page of [folio.main, await quickPage(folio)]) {
    const globals = await page.evaluate(() => {
      const scope = globalThis as Record<string, unknown>;
      return {
        require: typeof scope.require,
        process: typeof scope.process,
        Buffer: typeof scope.Buffer,
        ipcRenderer: 'ipcRenderer' in scope,
        folio: typeof scope.folio,
      };
    });
    expect(globals).toEqual({
      require: 'undefined',
      process: 'undefined',
      Buffer: 'undefined',
      ipcRenderer: false,
      folio: 'object',
    });
  }
});

test('window.folio has exactly the contract’s methods and events', async () => {
  const keys = await folio.main.evaluate(() =>
    Object.keys((globalThis as PageGlobals).folio).sort(),
  );
  expect(keys).toEqual([...API_METHODS, ...API_EVENTS].sort());
  const environment = await folio.main.evaluate(() =>
    (globalThis as PageGlobals).folio.environment(),
  );
  expect(environment).toMatchObject({ ok: true, value: { kind: 'electron', canPickFolder: true } });
});

test('IPC rejects an invalid argument with invalid-argument, naming the field', async () => {
  const result = await folio.main.evaluate(() =>
    (globalThis as PageGlobals).folio.search({ queries: 'not a list' } as never),
  );
  expect(result).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
  if (!result.ok) expect(result.error.message).toMatch(/^search: .*\(queries\)$/);
  const external = await folio.main.evaluate(() =>
    (globalThis as PageGlobals).folio.openExternal({ url: 'javascript:alert(1)' }),
  );
  expect(external).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
});

test('IPC carries a window’s search ticket: an older search after a newer one is superseded', async () => {
  // docs/design.md#a-newer-search-supersedes-an-older-one: requests can cross on the way; the
  // engine answers the older one `superseded` (as data) without running it, the newer one normally.
  const [newer, older] = await folio.main.evaluate(async () => {
    const api = (globalThis as PageGlobals).folio;
    const newer = await api.search({ queries: ['heron'], supersede: { client: 'spec', seq: 2 } });
    const older = await api.search({ queries: ['heron'], supersede: { client: 'spec', seq: 1 } });
    return [newer, older];
  });
  expect(newer).toMatchObject({ ok: true });
  expect(older).toMatchObject({ ok: false, error: { code: 'superseded' } });
});

test('a search returns results from the sample vault, then from an added vault', async () => {
  const sample = await searchUntilFound(folio.main, 'heron');
  expect(sample.results[0]?.vault).toBe('sample');
  const vault = await makeVault();
  try {
    const added = await folio.main.evaluate(
      (root) => (globalThis as PageGlobals).folio.addVault({ root }),
      vault.root,
    );
    expect(added.ok).toBe(true);
    const found = await searchUntilFound(folio.main, 'kestrel');
    expect(found.results[0]).toMatchObject({ path: 'birds.md', title: 'Kestrel' });
  } finally {
    await vault.remove();
  }
});

test('the vault panel’s Add button opens the OS folder picker and adds the folder chosen', async () => {
  const vault = await makeVault();
  try {
    // The native dialog cannot be driven by a test: the main process's dialog answers for it.
    await folio.app.evaluate(({ dialog }, root) => {
      const answer = { canceled: false, filePaths: [root] };
      Object.assign(dialog, { showOpenDialog: async () => answer });
    }, vault.root);
    await folio.main.keyboard.press('Alt+v');
    const panel = folio.main.getByRole('dialog', { name: 'Vaults' });
    await panel.getByRole('button', { name: 'Add a folder…' }).click();
    await expect(panel.getByText(vault.root)).toBeVisible();
    const found = await searchUntilFound(folio.main, 'kestrel');
    expect(found.results[0]).toMatchObject({ path: 'birds.md' });
  } finally {
    await vault.remove();
  }
});

test('pages cannot navigate away, open windows or run inline scripts', async () => {
  const before = folio.main.url();
  await folio.main.evaluate("location.href = 'file:///etc/passwd'").catch(() => undefined);
  const opened = await folio.main.evaluate("window.open('file:///etc/passwd') === null");
  const inline = await folio.main.evaluate(`(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    return window.__inlineRan === true;
  })()`);
  expect(folio.main.url()).toBe(before);
  expect(opened).toBe(true);
  expect(inline).toBe(false);
});

test('quick search opens, tells its page, and hides on toggle and on request', async () => {
  const quick = await quickPage(folio);
  await quick.evaluate(() => {
    const globals = globalThis as PageGlobals & { shownCount: number };
    globals.shownCount = 0;
    globals.folio.onQuickSearchShown(() => (globals.shownCount += 1));
  });
  expect(await quickVisible(folio)).toBe(false);
  await folio.app.evaluate(() => (globalThis as MainGlobals).folioE2E.toggleQuickSearch());
  await expect.poll(() => quickVisible(folio)).toBe(true);
  await expect
    .poll(() =>
      quick.evaluate(() => (globalThis as typeof globalThis & { shownCount: number }).shownCount),
    )
    .toBe(1);
  await folio.app.evaluate(() => (globalThis as MainGlobals).folioE2E.toggleQuickSearch());
  await expect.poll(() => quickVisible(folio)).toBe(false);
  await folio.app.evaluate(() => (globalThis as MainGlobals).folioE2E.toggleQuickSearch());
  await expect.poll(() => quickVisible(folio)).toBe(true);
  const hidden = await quick.evaluate(() => (globalThis as PageGlobals).folio.hideQuickSearch());
  expect(hidden).toEqual({ ok: true, value: null });
  await expect.poll(() => quickVisible(folio)).toBe(false);
});

test('quick search hides on Esc and when it loses focus', async () => {
  const quick = await quickPage(folio);
  await folio.app.evaluate(() => (globalThis as MainGlobals).folioE2E.toggleQuickSearch());
  await expect.poll(() => quickVisible(folio)).toBe(true);
  await quick.keyboard.press('Escape');
  await expect.poll(() => quickVisible(folio)).toBe(false);
  await folio.app.evaluate(() => (globalThis as MainGlobals).folioE2E.toggleQuickSearch());
  await expect.poll(() => quickVisible(folio)).toBe(true);
  await folio.app.evaluate(({ BrowserWindow }) => {
    const main = BrowserWindow.getAllWindows().find((w) =>
      w.webContents.getURL().endsWith('/index.html'),
    );
    main?.show();
    main?.focus();
  });
  await expect.poll(() => quickVisible(folio)).toBe(false);
});

test('quick search: preview beside the list, Alt+O says where it opened, Enter copies and hides', async () => {
  const quick = await quickPage(folio);
  await searchUntilFound(folio.main, 'heron');
  // The OS default app cannot be driven by a test: the main process's shell answers for it.
  await folio.app.evaluate(({ shell }) => {
    const opened: string[] = [];
    Object.assign(globalThis, { openedPaths: opened });
    Object.assign(shell, { openPath: async (path: string) => (opened.push(path), '') });
  });
  await folio.app.evaluate(() => (globalThis as MainGlobals).folioE2E.toggleQuickSearch());
  await expect.poll(() => quickVisible(folio)).toBe(true);
  await quick.keyboard.type('heron');
  await expect(quick.getByRole('option').first()).toContainText('sample · ');
  await expect(
    quick.getByRole('region', { name: 'Preview' }).locator('mark.hit').first(),
  ).toHaveText(/heron/i);
  await quick.keyboard.press('Alt+o');
  await expect(quick.getByRole('status')).toContainText('with the default app');
  const opened = await folio.app.evaluate(
    () => (globalThis as unknown as { openedPaths: string[] }).openedPaths,
  );
  expect(opened).toHaveLength(1);
  await folio.app.evaluate(() => (globalThis as MainGlobals).folioE2E.toggleQuickSearch());
  await expect.poll(() => quickVisible(folio)).toBe(true);
  await quick.keyboard.press('ArrowUp');
  await expect(quick.getByRole('combobox', { name: 'Quick search' })).toHaveValue('heron');
  await expect(quick.getByRole('listbox', { name: 'Results' })).toHaveAttribute(
    'data-results-for',
    'heron',
  );
  await quick.keyboard.press('Enter');
  await expect.poll(() => quickVisible(folio)).toBe(false);
  const copied = await folio.app.evaluate(({ clipboard }) => clipboard.readText());
  expect(copied).toMatch(/^#+ .*\n\nSource: sample · /);
});

test('a valid shortcut is registered at once', async () => {
  const state = await folio.main.evaluate(() =>
    (globalThis as PageGlobals).folio.updateSettings({
      quickSearchHotkey: 'CommandOrControl+Alt+K',
    }),
  );
  expect(state.ok && state.value.problems.quickSearchHotkey).toBeFalsy();
  await expect
    .poll(() => folio.app.evaluate(() => (globalThis as MainGlobals).folioE2E.activeHotkey()))
    .toBe('CommandOrControl+Alt+K');
});

test('the tray exists and a bad shortcut is reported while the app keeps working', async () => {
  expect(await folio.app.evaluate(() => (globalThis as MainGlobals).folioE2E.hasTray())).toBe(true);
  const state = await folio.main.evaluate(() =>
    (globalThis as PageGlobals).folio.updateSettings({ quickSearchHotkey: 'Ctrl+Shfit+Space' }),
  );
  expect(state.ok).toBe(true);
  if (state.ok) expect(state.value.problems.quickSearchHotkey).toContain('"Shfit"');
  expect(
    await folio.app.evaluate(() => (globalThis as MainGlobals).folioE2E.activeHotkey()),
  ).toBeNull();
  await searchUntilFound(folio.main, 'heron');
});

test('the main window remembers its bounds', async () => {
  await folio.app.evaluate(({ BrowserWindow }) => {
    const main = BrowserWindow.getAllWindows().find((w) =>
      w.webContents.getURL().endsWith('/index.html'),
    );
    main?.setBounds({ x: 40, y: 50, width: 900, height: 640 });
  });
  const userData = folio.userData;
  await folio.app.close();
  const saved = JSON.parse(await readFile(join(userData, 'window-state.json'), 'utf8'));
  expect(saved).toMatchObject({
    version: 1,
    bounds: { width: 900, height: 640 },
    maximized: false,
  });
});

test('the preview renders in its worker under the app’s CSP (worker-src self)', async () => {
  const workers: string[] = [];
  folio.main.on('worker', (worker) => workers.push(worker.url()));
  await searchUntilFound(folio.main, 'heron');
  await folio.main.getByRole('searchbox', { name: 'Search' }).fill('heron');
  const article = folio.main.getByRole('region', { name: 'Preview' }).locator('article');
  await expect(article.locator('mark.hit').first()).toBeVisible();
  // Rendered as a tree, not the plain-text fallback, and by a worker from folio://app.
  await expect(article.locator('.plain-reason')).toHaveCount(0);
  expect(workers.some((url) => url.startsWith('folio://app/'))).toBe(true);
});

test("Connect an AI assistant: the block it shows starts this app's binary as an MCP server", async () => {
  await searchUntilFound(folio.main, 'heron'); // the sample vault is indexed
  const setup = await folio.main.evaluate(() => (globalThis as PageGlobals).folio.assistantSetup());
  if (!setup.ok) throw new Error(setup.error.message);
  const { launch, database } = setup.value;
  expect(database).toBe(join(folio.userData, 'folio.db'));
  expect(launch.env).toEqual({ ELECTRON_RUN_AS_NODE: '1' });
  expect(launch.args.slice(1)).toEqual(['mcp', '--db', database]);
  // What an assistant does with the block: start the command, list the tools, search.
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env: { ...(process.env as Record<string, string>), ...launch.env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'folio-electron-spec', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('search');
    const result = await client.callTool({ name: 'search', arguments: { query: 'heron' } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { results: unknown[] }).results.length).toBeGreaterThan(0);
  } finally {
    await client.close();
  }
});
