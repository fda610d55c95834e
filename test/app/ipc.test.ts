// The IPC path end to end in Node: the real preload object → a fake `ipcMain`/`ipcRenderer` pair
// (the Electron boundary) → the router (sender check, validation, error mapping) → the handlers →
// a real engine over real files and SQLite. Shell, clipboard, global shortcut and windows are the
// Electron boundary and are faked; everything else is the production code.
// size: one rig (the fakes and a real engine over two vaults, indexed once) serves all of these
// tests; split files would each build and index it again.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_METHODS,
  channelOf,
  type FolioApi,
  type OpenRequest,
  type SettingsState,
} from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../src-main/engine/create-engine.ts';
import {
  createApiHandlers,
  forwardEngineEvents,
  type ApiHandlerDeps,
} from '../../src-main/app/api-handlers.ts';
import { adoptHotkeySetting, createHotkeyBinding } from '../../src-main/app/hotkey.ts';
import { registerIpcHandlers, type IpcRegistrar } from '../../src-main/app/ipc-router.ts';
import { sectionHeading } from '../../src-main/app/obsidian.ts';
import { createOsServices, type ShellPort } from '../../src-main/app/os-services.ts';
import { appLaunch, assistantSetup } from '../../src-main/mcp/assistant-setup.ts';
import { APP_ORIGIN, isTrustedSender, type SenderInfo } from '../../src-main/app/url-policy.ts';
import { createFolioApi } from '../../src-preload/folio-api.ts';

const APP_BINARY = '/opt/Folio/folio';
const APP_CLI = '/opt/Folio/resources/app.asar/out/main/cli.js';

/** `ipcMain`, faked: keeps the handlers and calls them as Electron would. */
class FakeIpcMain implements IpcRegistrar<SenderInfo> {
  readonly handlers = new Map<string, (event: SenderInfo, argument: unknown) => Promise<unknown>>();
  handle(channel: string, listener: (event: SenderInfo, argument: unknown) => Promise<unknown>) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  invoke(sender: SenderInfo, channel: string, argument: unknown): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    return handler(sender, argument);
  }
}

/** Electron's `shell`, faked: records calls; failures are switched on per test. */
class FakeShell implements ShellPort {
  readonly calls: string[] = [];
  openPathAnswer = '';
  openPathThrows = false;
  externalRejects: RegExp | null = null;
  async openPath(path: string) {
    this.calls.push(`openPath ${path}`);
    if (this.openPathThrows) throw new Error('boom: the desktop session went away');
    return this.openPathAnswer;
  }
  async openExternal(url: string) {
    this.calls.push(`openExternal ${url}`);
    if (this.externalRejects?.test(url)) throw new Error('no application handles this URL');
  }
  showItemInFolder(path: string) {
    this.calls.push(`showItemInFolder ${path}`);
  }
}

const MAIN_WINDOW = 1;
const trusted = { webContentsIds: new Set([MAIN_WINDOW]), origins: [APP_ORIGIN] };
const mainFrame: SenderInfo = {
  webContentsId: MAIN_WINDOW,
  frameUrl: `${APP_ORIGIN}/index.html`,
  isMainFrame: true,
};

let base = '';
let engine: EngineService;
const ipc = new FakeIpcMain();
const shell = new FakeShell();
const clipboard: string[] = [];
const windowCalls: Array<[string, OpenRequest?]> = [];
const registered = new Map<string, () => void>();
const logged: string[] = [];
const events: Array<(channel: string, payload: unknown) => void> = [];
let unregister: () => void = () => undefined;
let stopEvents: () => void = () => undefined;

/** The preload's API object as a given frame would see it. */
function apiFor(sender: SenderInfo): FolioApi {
  return createFolioApi({
    invoke: (channel, argument) => ipc.invoke(sender, channel, argument),
    subscribe(channel, listener) {
      const forward = (name: string, payload: unknown) => name === channel && listener(payload);
      events.push(forward);
      return () => events.splice(events.indexOf(forward), 1);
    },
  });
}

function deps(overrides: Partial<ApiHandlerDeps> = {}): ApiHandlerDeps {
  const hotkey = createHotkeyBinding(
    {
      register: (accelerator, callback) => {
        if (accelerator === 'Control+Alt+Delete') return false;
        registered.set(accelerator, callback);
        return true;
      },
      unregister: (accelerator) => registered.delete(accelerator),
    },
    () => windowCalls.push(['toggleQuickSearch']),
  );
  return {
    engine: async () => engine,
    os: createOsServices({
      shell,
      writeClipboard: (text) => clipboard.push(text),
      pickFolder: async () => null,
      locateNode: (request) => engine.locateNode(request),
      headingOf: async (request) => sectionHeading(await engine.nodeContent(request)),
    }),
    windows: {
      hideQuickSearch: () => windowCalls.push(['hideQuickSearch']),
      showNode: (request) => windowCalls.push(['showNode', request]),
    },
    adoptSettings: adoptHotkeySetting(hotkey),
    environment: {
      kind: 'electron',
      platform: 'linux',
      canPickFolder: true,
      canOpenFiles: true,
      version: '0.1.0',
    },
    assistantSetup: () =>
      assistantSetup(
        appLaunch(APP_BINARY, APP_CLI, join(base, 'folio.db')),
        join(base, 'folio.db'),
        {
          platform: 'linux',
          home: '/home/me',
        },
      ),
    ...overrides,
  };
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'folio-ipc-'));
  await mkdir(join(base, 'notes'));
  await mkdir(join(base, 'Zettel', '.obsidian'), { recursive: true });
  await writeFile(
    join(base, 'notes', 'garden.md'),
    '# Garden\n\n## Tomatoes\n\nTomatoes need staking and sun.\n\n## Beans\n\nBeans climb.\n',
  );
  await writeFile(join(base, 'notes', 'gone.md'), '# Gone\n\nThis note is deleted later.\n');
  await writeFile(
    join(base, 'Zettel', 'Idea.md'),
    '# Idea\n\nA zettel about compost.\n\nWorms: red wigglers\n---\n\nThey eat scraps.\n',
  );
  engine = await createEngine({
    dbPath: join(base, 'folio.db'),
    vaults: [
      { root: join(base, 'notes'), name: 'notes' },
      { root: join(base, 'Zettel'), name: 'zettel' },
    ],
    watch: false,
  });
  await engineInternals(engine).indexed('notes');
  await engineInternals(engine).indexed('zettel');
  const handlerDeps = deps();
  unregister = registerIpcHandlers(ipc, createApiHandlers(handlerDeps), {
    isTrustedSender: (sender) => isTrustedSender(sender, trusted),
    logError: (message, error) => logged.push(`${message}: ${(error as Error).message}`),
  });
  stopEvents = forwardEngineEvents(engine, handlerDeps.adoptSettings, ({ channel, payload }) => {
    for (const deliver of [...events]) deliver(channel, payload);
  });
});

afterAll(async () => {
  stopEvents();
  unregister();
  await engine?.close();
  await rm(base, { recursive: true, force: true });
});

describe('the IPC choke point', () => {
  it('registers one handler per API method, on its own channel', () => {
    expect([...ipc.handlers.keys()].sort()).toEqual(API_METHODS.map(channelOf).sort());
  });

  it('answers a search from the engine through the preload object', async () => {
    const result = await apiFor(mainFrame).search({ queries: ['tomatoes staking'] });
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.value.results[0]).toMatchObject({
        vault: 'notes',
        path: 'garden.md',
        title: 'Tomatoes',
      });
  });

  it.each([
    ['another web contents', { webContentsId: 7 }],
    ['an iframe of our window', { isMainFrame: false }],
    ['a page of another origin', { frameUrl: 'https://evil.example/' }],
  ])('refuses %s with forbidden, before any service runs', async (_name, change) => {
    const api = apiFor({ ...mainFrame, ...change });
    const added = await api.addVault({ root: base, name: 'intruder' });
    expect(added).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'addVault: caller is not a Folio window' },
    });
    expect((await engine.listVaults()).map((vault) => vault.name)).not.toContain('intruder');
  });

  it('rejects an invalid argument with invalid-argument, naming the field', async () => {
    const api = apiFor(mainFrame);
    expect(await api.search({ queries: 'tomatoes' } as never)).toEqual({
      ok: false,
      error: {
        code: 'invalid-argument',
        message: 'search: queries must be a list of queries (queries)',
      },
    });
    const direct = await ipc.invoke(mainFrame, channelOf('removeVault'), { name: 'Bad Name' });
    expect(direct).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
  });

  it("answers how an assistant starts this app's MCP server", async () => {
    const result = await apiFor(mainFrame).assistantSetup();
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.launch).toEqual({
      command: APP_BINARY,
      args: [APP_CLI, 'mcp', '--db', join(base, 'folio.db')],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
    expect(result.value.configs.map((c) => c.client)).toEqual([
      'claude-desktop',
      'claude-code',
      'cursor',
    ]);
  });

  it('carries a window’s search ticket: a newer search supersedes its waiting older one', async () => {
    // docs/design.md#a-newer-search-supersedes-an-older-one — all sent before any is answered.
    const api = apiFor(mainFrame);
    const [other, older, newer] = await Promise.all([
      api.search({ queries: ['tomatoes'], supersede: { client: 'quick', seq: 1 } }),
      api.search({ queries: ['tomatoes staking'], supersede: { client: 'main', seq: 1 } }),
      api.search({ queries: ['beans'], supersede: { client: 'main', seq: 2 } }),
    ]);
    // The quick window's search ran first; the main window's older one, waiting behind it, was
    // dropped when its newer one came, and answered superseded, as data.
    expect(other.ok).toBe(true);
    expect(older).toEqual({
      ok: false,
      error: { code: 'superseded', message: expect.any(String) },
    });
    expect(newer.ok && newer.value.results[0]?.path).toBe('garden.md');
    // Crossing on the way: an older search after a newer one is superseded unrun.
    expect(
      await api.search({ queries: ['beans'], supersede: { client: 'main', seq: 1 } }),
    ).toMatchObject({ ok: false, error: { code: 'superseded' } });
  });

  it("passes the engine's FolioError through as data", async () => {
    expect(await apiFor(mainFrame).outline({ docId: 'notes:missing.md' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('turns an unexpected error into internal with a generic message, and logs it', async () => {
    shell.openPathThrows = true;
    try {
      const result = await apiFor(mainFrame).openInEditor({ id: 'notes:garden.md#beans' });
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'internal',
          message: "openInEditor failed unexpectedly; the details are in Folio's log",
        },
      });
      expect(logged.at(-1)).toBe('openInEditor failed: boom: the desktop session went away');
    } finally {
      shell.openPathThrows = false;
    }
  });

  it('answers unavailable, with the reason, while the index cannot be opened', async () => {
    const handlers = createApiHandlers(
      deps({ engine: () => Promise.reject(new Error('database is locked')) }),
    );
    await expect(handlers.search({ queries: ['x'] })).rejects.toMatchObject({
      code: 'unavailable',
      message: 'the index could not be opened: database is locked',
    });
  });

  it('unregisters every handler', () => {
    const other = new FakeIpcMain();
    const dispose = registerIpcHandlers(other, createApiHandlers(deps()), {
      isTrustedSender: () => true,
      logError: () => undefined,
    });
    dispose();
    expect(other.handlers.size).toBe(0);
  });
});

describe('settings and the quick-search shortcut', () => {
  it('registers a new shortcut live and reports one that cannot be registered', async () => {
    const api = apiFor(mainFrame);
    const good = await api.updateSettings({ quickSearchHotkey: 'Alt+Shift+F' });
    expect(good.ok && good.value.problems.quickSearchHotkey).toBeFalsy();
    expect([...registered.keys()]).toEqual(['Alt+Shift+F']);
    const taken = await api.updateSettings({ quickSearchHotkey: 'Ctrl+Alt+Delete' });
    expect(taken.ok && taken.value.problems.quickSearchHotkey).toBe(
      'could not be registered: "Control+Alt+Delete" is taken by another application or reserved by the system',
    );
    expect(registered.size).toBe(0);
    const state = await api.getSettings();
    expect(state.ok && state.value.settings.quickSearchHotkey).toBe('Ctrl+Alt+Delete');
  });

  it('forwards settings events with the shell’s problems to subscribers', async () => {
    const api = apiFor(mainFrame);
    const seen: SettingsState[] = [];
    const unsubscribe = api.onSettingsChanged((state) => seen.push(state));
    await api.updateSettings({ quickSearchHotkey: 'Ctrl+Shfit+K' });
    unsubscribe();
    expect(seen.at(-1)?.problems.quickSearchHotkey).toContain('"Shfit" is not a modifier or key');
  });
});

describe('OS services', () => {
  it('opens a plain note with the OS default app, and says so', async () => {
    shell.calls.length = 0;
    const file = join(base, 'notes', 'garden.md');
    expect(await apiFor(mainFrame).openInEditor({ id: 'notes:garden.md#beans' })).toEqual({
      ok: true,
      value: { app: 'default-app', file, heading: null },
    });
    expect(shell.calls).toEqual([`openPath ${file}`]);
  });

  it('opens a note of an Obsidian vault in Obsidian at its heading, or in the default app without Obsidian', async () => {
    shell.calls.length = 0;
    const file = join(base, 'Zettel', 'Idea.md');
    expect(await apiFor(mainFrame).openInEditor({ id: 'zettel:Idea.md' })).toEqual({
      ok: true,
      value: { app: 'obsidian', file, heading: null },
    });
    // A setext heading with a colon: Obsidian's link to it has a space there.
    expect(
      await apiFor(mainFrame).openInEditor({ id: 'zettel:Idea.md#worms-red-wigglers' }),
    ).toEqual({ ok: true, value: { app: 'obsidian', file, heading: 'Worms: red wigglers' } });
    expect(shell.calls).toEqual([
      'openExternal obsidian://open?vault=Zettel&file=Idea',
      'openExternal obsidian://open?vault=Zettel&file=Idea%23Worms%20red%20wigglers',
    ]);
    shell.calls.length = 0;
    shell.externalRejects = /^obsidian:/;
    try {
      expect(await apiFor(mainFrame).openInEditor({ id: 'zettel:Idea.md' })).toEqual({
        ok: true,
        value: { app: 'default-app', file, heading: null },
      });
    } finally {
      shell.externalRejects = null;
    }
    expect(shell.calls).toEqual([
      'openExternal obsidian://open?vault=Zettel&file=Idea',
      `openPath ${file}`,
    ]);
  });

  it('reports a file the OS cannot open, naming it', async () => {
    shell.openPathAnswer = 'No application knows how to open this file';
    try {
      expect(await apiFor(mainFrame).openInEditor({ id: 'notes:garden.md' })).toEqual({
        ok: false,
        error: {
          code: 'io',
          message: `could not open ${join(base, 'notes', 'garden.md')}: No application knows how to open this file`,
        },
      });
    } finally {
      shell.openPathAnswer = '';
    }
  });

  it('reveals a note in its folder, and says when its file is gone', async () => {
    shell.calls.length = 0;
    await apiFor(mainFrame).revealInFolder({ id: 'notes:garden.md#tomatoes' });
    expect(shell.calls).toEqual([`showItemInFolder ${join(base, 'notes', 'garden.md')}`]);
    await rm(join(base, 'notes', 'gone.md'));
    expect(await apiFor(mainFrame).revealInFolder({ id: 'notes:gone.md' })).toEqual({
      ok: false,
      error: {
        code: 'not-found',
        message: `${join(base, 'notes', 'gone.md')} no longer exists on disk`,
      },
    });
  });

  it('opens only http(s) and mailto links', async () => {
    shell.calls.length = 0;
    const api = apiFor(mainFrame);
    expect(await api.openExternal({ url: 'https://example.com/docs' })).toEqual({
      ok: true,
      value: null,
    });
    const refused = await api.openExternal({ url: 'file:///etc/passwd' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(shell.calls).toEqual(['openExternal https://example.com/docs']);
  });

  it('copies text to the clipboard', async () => {
    await apiFor(mainFrame).copyText({ text: '## Tomatoes\n\nstaking' });
    expect(clipboard.at(-1)).toBe('## Tomatoes\n\nstaking');
  });

  it('hides quick search and shows a node in the main window', async () => {
    windowCalls.length = 0;
    const api = apiFor(mainFrame);
    await api.hideQuickSearch();
    await api.showInMainWindow({ id: 'notes:garden.md#beans' });
    expect(windowCalls).toEqual([
      ['hideQuickSearch'],
      ['showNode', { id: 'notes:garden.md#beans' }],
    ]);
  });

  it('describes the environment', async () => {
    expect(await apiFor(mainFrame).environment()).toMatchObject({
      ok: true,
      value: { kind: 'electron' },
    });
  });
});
