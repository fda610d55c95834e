// The app's own code paths, minus the Electron binary (which cannot run here): the built renderer
// served by the `folio://app` protocol handler under its real CSP, in Debian's Chromium, with the
// built preload bundle injected (its `require('electron')` answered by a shim: contextBridge and
// ipcRenderer are the Electron boundary) and its calls routed through the real IPC router and
// handlers to a real engine. Proves the preload bundle is self-contained (a sandboxed preload can
// require nothing else), the bundled worker entries run, the pages run under the CSP, and the UI
// works over this API.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../src-main/engine/create-engine.ts';
import { createApiHandlers, forwardEngineEvents } from '../../src-main/app/api-handlers.ts';
import { appLaunch, assistantSetup } from '../../src-main/mcp/assistant-setup.ts';
import { adoptHotkeySetting, createHotkeyBinding } from '../../src-main/app/hotkey.ts';
import { registerIpcHandlers, type IpcRegistrar } from '../../src-main/app/ipc-router.ts';
import { createOsServices } from '../../src-main/app/os-services.ts';
import { WORKER_BUNDLES } from '../../src-main/app/paths.ts';
import { createAppProtocolHandler } from '../../src-main/app/protocol-handlers.ts';
import { isTrustedSender, originOf, type SenderInfo } from '../../src-main/app/url-policy.ts';

const ROOT = join(import.meta.dirname, '..', '..');

let base = '';
let engine: EngineService;
let server: Server;
let origin = '';
let browser: Browser;
let preloadCode = '';
const handlers = new Map<string, (sender: SenderInfo, argument: unknown) => Promise<unknown>>();
const pages = new Set<Page>();
const clipboard: string[] = [];

// Stands in for `require('electron')` inside the preload bundle: the page gets what
// `contextBridge.exposeInMainWorld` exposes; ipcRenderer calls cross to Node via a binding.
const ELECTRON_SHIM = `
  const listeners = new Map();
  globalThis.__folioDeliver = (channel, payload) => {
    for (const listener of listeners.get(channel) ?? []) listener({}, payload);
  };
  const electronShim = {
    contextBridge: { exposeInMainWorld: (key, value) => { globalThis[key] = Object.freeze(value); } },
    ipcRenderer: {
      invoke: (channel, argument) => globalThis.__folioInvoke(channel, argument),
      on: (channel, listener) => {
        listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      },
      removeListener: (channel, listener) => {
        listeners.set(channel, (listeners.get(channel) ?? []).filter((l) => l !== listener));
      },
    },
  };
  const require = (name) => {
    if (name !== 'electron') throw new Error('a sandboxed preload cannot require ' + name);
    return electronShim;
  };
  const module = { exports: {} };
  const exports = module.exports;
`;

async function openPage(name: 'index' | 'quick'): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.exposeBinding(
    '__folioInvoke',
    async ({ frame }, channel: string, argument: unknown) => {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      const sender = {
        webContentsId: 1,
        frameUrl: frame.url(),
        isMainFrame: frame === page.mainFrame(),
      };
      return handler(sender, argument);
    },
  );
  await page.addInitScript(`(() => { ${ELECTRON_SHIM}\n${preloadCode}\n })();`);
  pages.add(page);
  await page.goto(`${origin}/${name}.html`);
  return { page, problems };
}

// size: builds both renderer bundles and the preload, then serves them as Electron would.
beforeAll(async () => {
  // Inside the repository (.folio-tmp/ is git-ignored) so the bundles resolve node_modules as
  // they do in the app.
  await mkdir(join(ROOT, '.folio-tmp'), { recursive: true });
  base = await mkdtemp(join(ROOT, '.folio-tmp', 'shell-'));
  const out = join(base, 'out');
  const built = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: ROOT,
      env: { ...process.env, FOLIO_OUT_DIR: out },
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`electron-vite build failed:\n${built.stderr}`);
  preloadCode = await readFile(join(out, 'preload', 'index.cjs'), 'utf8');

  await mkdir(join(base, 'vault'));
  await writeFile(
    join(base, 'vault', 'orchard.md'),
    '# Orchard\n\n## Pruning\n\nPrune the apple trees in late winter.\n',
  );
  // The engine runs the bundled worker entries, as the app does.
  const workerFiles = Object.fromEntries(
    Object.entries(WORKER_BUNDLES)
      .map(([kind, file]) => [kind, join(out, 'main', file)] as const)
      .filter(([, file]) => existsSync(file)),
  );
  engine = await createEngine({
    dbPath: join(base, 'folio.db'),
    vaults: [{ root: join(base, 'vault'), name: 'orchard' }],
    watch: false,
    workerFiles,
  });
  await engineInternals(engine).indexed('orchard');

  const app = createAppProtocolHandler(join(out, 'renderer'));
  server = createServer((request, response) => {
    void app(new Request(`folio://app${request.url ?? '/'}`)).then(async (answer) => {
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const registrar: IpcRegistrar<SenderInfo> = {
    handle: (channel, listener) => handlers.set(channel, listener),
    removeHandler: (channel) => handlers.delete(channel),
  };
  const adoptSettings = adoptHotkeySetting(
    createHotkeyBinding({ register: () => true, unregister: () => undefined }, () => undefined),
  );
  registerIpcHandlers(
    registrar,
    createApiHandlers({
      engine: async () => engine,
      os: createOsServices({
        shell: {
          openPath: async () => '',
          openExternal: async () => undefined,
          showItemInFolder: () => undefined,
        },
        writeClipboard: (text) => clipboard.push(text),
        pickFolder: async () => null,
        locateNode: (request) => engine.locateNode(request),
        headingOf: async () => null,
      }),
      windows: { hideQuickSearch: () => undefined, showNode: () => undefined },
      adoptSettings,
      environment: {
        kind: 'electron',
        platform: 'linux',
        canPickFolder: true,
        canOpenFiles: true,
        version: '0.0.0',
      },
      assistantSetup: () =>
        assistantSetup(appLaunch('/opt/Folio/folio', '/opt/cli.js', '/tmp/f.db'), '/tmp/f.db', {
          platform: 'linux',
          home: '/home/me',
        }),
    }),
    {
      isTrustedSender: (sender) =>
        isTrustedSender(sender, {
          webContentsIds: new Set([1]),
          origins: [originOf(origin) ?? ''],
        }),
      logError: (message, error) => console.error(message, error),
    },
  );
  forwardEngineEvents(engine, adoptSettings, ({ channel, payload }) => {
    for (const page of pages)
      void page
        .evaluate(
          ([name, value]) =>
            (
              globalThis as never as { __folioDeliver(c: unknown, p: unknown): void }
            ).__folioDeliver(name, value),
          [channel, payload] as const,
        )
        .catch(() => undefined);
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  await engine?.close();
  await rm(base, { recursive: true, force: true });
});

describe('the renderer over the shell’s API (Chromium, no Electron)', () => {
  it('searches from the main window and copies a result, with no CSP violation or error', async () => {
    const { page, problems } = await openPage('index');
    await page.getByRole('searchbox', { name: 'Search' }).fill('pruning');
    await expect
      .poll(() => page.getByRole('listbox', { name: 'Results' }).textContent(), { timeout: 10_000 })
      .toContain('Pruning');
    expect(problems).toEqual([]);
    await page.close();
  }, 30_000);

  it('runs the quick-search page: Enter copies the selected result as Markdown', async () => {
    const { page, problems } = await openPage('quick');
    const box = page.getByRole('combobox');
    await box.fill('apple trees');
    const results = page.getByRole('listbox', { name: 'Results' });
    await expect.poll(() => results.textContent(), { timeout: 10_000 }).toContain('Pruning');
    await box.press('Enter');
    await expect
      .poll(() => clipboard.at(-1) ?? '', { timeout: 10_000 })
      .toContain('Prune the apple trees');
    expect(problems).toEqual([]);
    await page.close();
  }, 30_000);
});
