// The Electron main process: the composition root that wires the engine, the windows, the IPC
// choke point, the protocols, the global shortcut and the tray — and takes them down in order.
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { app, clipboard, globalShortcut, ipcMain, protocol, session, shell } from 'electron';
import type { EngineOptions, EngineService } from '#shared/contract/engine.ts';
import { userDataDir } from '#shared/user-data.ts';
import { createEngine } from '../engine/create-engine.ts';
import { appLaunch, assistantSetup } from '../mcp/assistant-setup.ts';
import { createApiHandlers, forwardEngineEvents, type SettingsAdopter } from './api-handlers.ts';
import { mainClosedAction } from './close-policy.ts';
import { adoptHotkeySetting, createHotkeyBinding, type HotkeyBinding } from './hotkey.ts';
import { registerIpcHandlers } from './ipc-router.ts';
import { sectionHeading } from './obsidian.ts';
import { createOsServices } from './os-services.ts';
import { appPaths, type AppPaths } from './paths.ts';
import { createAppProtocolHandler, createVaultProtocolHandler } from './protocol-handlers.ts';
import { hardenSession, hardenWebContents } from './security.ts';
import { createTray, type TrayHandle } from './tray.ts';
import type { TrayActions } from './tray-menu.ts';
import { APP_ORIGIN, APP_SCHEME, VAULT_SCHEME, originOf } from './url-policy.ts';
import { WindowManager } from './windows.ts';

// How long quitting waits for the engine to stop watchers and workers before giving up on it.
const SHUTDOWN_TIMEOUT_MS = 5000;

// The profile folder, computed as `cli mcp` computes it to find the app's database (the platform's
// default, or FOLIO_USER_DATA_DIR for tests and portable installs). It must be set before anything
// reads it, the single-instance lock included (the lock is per profile); Electron requires the
// folder to exist.
const userData = resolve(
  userDataDir({ platform: process.platform, env: process.env, home: homedir() }),
);
mkdirSync(userData, { recursive: true });
app.setPath('userData', userData);

// Privileges must be declared before `ready`, all in one call (a second call replaces the first).
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: {
      standard: true,
      secure: true,
      supportFetchAPI: true,
      corsEnabled: true,
      codeCache: true,
    },
  },
  { scheme: VAULT_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

function log(message: string, error?: unknown): void {
  const detail = error instanceof Error ? `: ${error.stack ?? error.message}` : '';
  console.error(`[folio] ${message}${detail}`);
}

/** Everything the running app holds, so that quitting can take it down in order. */
interface Running {
  /** Resolves once the index is open; rejects with why it could not be. */
  engine: Promise<EngineService>;
  windows: WindowManager;
  /** The quick-search shortcut. */
  hotkey: HotkeyBinding;
  /** Null where Electron refused a tray icon (one it created may still be shown nowhere). */
  tray: TrayHandle | null;
  /** Unregister functions (IPC handlers, event forwarding), run on quit. */
  stop: Array<() => void>;
}

function engineOptions(paths: AppPaths): EngineOptions {
  // First run (no database yet): the bundled sample vault is registered so the app is never empty.
  const firstRun = !existsSync(paths.database);
  return {
    dbPath: paths.database,
    vaults: firstRun ? [{ root: paths.sampleVault, name: 'sample', sample: true }] : [],
    workerFiles: paths.workerFiles,
    warm: true, // docs/design.md#warming-before-typing
  };
}

function pageUrl(devUrl: string | null): (page: 'index' | 'quick') => string {
  return (page) => (devUrl ? `${devUrl}/${page}.html` : `${APP_ORIGIN}/${page}.html`);
}

function registerProtocols(paths: AppPaths, engine: Promise<EngineService>): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(paths.rendererDir));
  protocol.handle(
    VAULT_SCHEME,
    createVaultProtocolHandler(async (name) => {
      const vaults = await engine.then((ready) => ready.listVaults()).catch(() => []);
      return vaults.find((vault) => vault.name === name)?.root ?? null;
    }),
  );
}

function wireIpc(running: Running, adoptSettings: SettingsAdopter, paths: AppPaths): void {
  const os = createOsServices({
    shell,
    writeClipboard: (text) => clipboard.writeText(text),
    pickFolder: () => running.windows.pickFolder(),
    locateNode: async (request) => (await running.engine).locateNode(request),
    headingOf: async (request) => sectionHeading(await (await running.engine).nodeContent(request)),
  });
  const handlers = createApiHandlers({
    engine: () => running.engine,
    os,
    windows: running.windows,
    adoptSettings,
    environment: {
      kind: 'electron',
      platform: process.platform,
      canPickFolder: true,
      canOpenFiles: true,
      version: app.getVersion(),
    },
    // This binary runs its bundled command line as plain Node (docs/mcp.md).
    assistantSetup: () =>
      assistantSetup(appLaunch(process.execPath, paths.cliEntry, paths.database), paths.database, {
        platform: process.platform,
        home: homedir(),
        appData: process.env.APPDATA,
        appImage: process.env.APPIMAGE,
      }),
  });
  running.stop.push(
    registerIpcHandlers(ipcMain, handlers, {
      isTrustedSender: (event) => running.windows.isTrustedSender(event),
      logError: log,
    }),
  );
}

function trayActions(running: Running): TrayActions {
  return {
    quickSearch: () => running.windows.showQuickSearch(),
    openWindow: () => void running.windows.showMain().catch((error) => log('cannot open', error)),
    setWatching: (enabled) => {
      running.engine
        .then((engine) => engine.setWatching(enabled))
        .then(() => running.tray?.update({ watching: enabled }))
        .catch((error) => log(`could not ${enabled ? 'resume' : 'pause'} watching`, error));
    },
    quit: () => app.quit(),
  };
}

async function boot(paths: AppPaths, devUrl: string | null): Promise<Running> {
  const devOrigin = devUrl ? originOf(devUrl) : null;
  hardenSession(session.defaultSession, devOrigin);
  const engine = createEngine(engineOptions(paths));
  engine.catch((error) => log('the index could not be opened', error));
  registerProtocols(paths, engine);
  const windows = new WindowManager({
    preload: paths.preload,
    pageUrl: pageUrl(devUrl),
    trustedOrigins: devOrigin ? [APP_ORIGIN, devOrigin] : [APP_ORIGIN],
    windowStateFile: paths.windowState,
    icon: join(paths.iconsDir, 'icon.png'),
    // Keep running for the hotkey only where the tray icon can bring Folio back: close-policy.ts.
    onMainClosed: () => {
      const context = {
        platform: process.platform,
        hasTray: running.tray !== null,
        desktop: process.env.XDG_CURRENT_DESKTOP,
      };
      if (mainClosedAction(context) === 'quit') app.quit();
    },
  });
  const hotkey = createHotkeyBinding(globalShortcut, () => windows.toggleQuickSearch());
  const running: Running = { engine, windows, hotkey, tray: null, stop: [] };
  const adoptHotkey = adoptHotkeySetting(hotkey);
  const adopt: SettingsAdopter = (state) => {
    const adopted = adoptHotkey(state);
    running.tray?.update({ hotkey: hotkey.active() });
    return adopted;
  };
  wireIpc(running, adopt, paths);
  running.tray = createTray(paths.iconsDir, { watching: true, hotkey: null }, trayActions(running));
  windows.showMain().catch((error) => log('the main window could not load', error));
  windows.createQuick();
  const ready = await engine.catch(() => null);
  if (ready) {
    running.stop.push(forwardEngineEvents(ready, adopt, (event) => windows.broadcast(event)));
    adopt(await ready.getSettings());
  }
  return running;
}

function withTimeout(work: Promise<void>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Shortcut, IPC, events, tray, windows (state saved), then the engine: watchers, workers, DB. */
async function shutdown(booted: Promise<Running>): Promise<void> {
  const running = await booted.catch(() => null);
  globalShortcut.unregisterAll();
  if (!running) return;
  running.hotkey.dispose();
  for (const stop of running.stop) stop();
  running.tray?.destroy();
  await running.windows.closeAll();
  const engine = await running.engine.catch(() => null);
  if (engine) {
    await withTimeout(engine.close(), SHUTDOWN_TIMEOUT_MS, 'closing the index').catch((error) =>
      log('the index did not close cleanly', error),
    );
  }
}

function installLifecycle(booted: Promise<Running>): void {
  let phase: 'running' | 'stopping' | 'done' = 'running';
  app.on('before-quit', (event) => {
    if (phase === 'done') return;
    event.preventDefault();
    if (phase === 'stopping') return;
    phase = 'stopping';
    void shutdown(booted).finally(() => {
      phase = 'done';
      app.quit();
    });
  });
  const showMain = () => {
    booted
      .then((running) => running.windows.showMain())
      .catch((error) => log('cannot show the window', error));
  };
  app.on('second-instance', showMain);
  app.on('activate', showMain);
  // Quitting is decided by `onMainClosed` (close-policy.ts), not by the last window closing.
  app.on('window-all-closed', () => undefined);
}

// End-to-end specs (FOLIO_E2E=1) reach what Electron gives no API to observe: the tray, the
// hotkey, the preferences a window was created with.
function exposeTestHooks(booted: Promise<Running>): void {
  booted
    .then((running) => {
      Object.assign(globalThis, {
        folioE2E: {
          toggleQuickSearch: () => running.windows.toggleQuickSearch(),
          hasTray: () => running.tray !== null,
          activeHotkey: () => running.hotkey.active(),
          webPreferencesOf: (id: number) => running.windows.webPreferencesOf(id),
        },
      });
    })
    .catch(() => undefined);
}

function start(): void {
  const paths = appPaths({
    mainDir: import.meta.dirname,
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath(),
    userData: app.getPath('userData'),
  });
  // `electron-vite dev` serves the renderer with hot reload; a packaged app never does.
  const devUrl = app.isPackaged ? null : (process.env.ELECTRON_RENDERER_URL ?? null);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  const booted = app.whenReady().then(() => boot(paths, devUrl));
  booted.catch((error) => {
    log('Folio could not start', error);
    app.exit(1);
  });
  installLifecycle(booted);
  if (process.env.FOLIO_E2E === '1') exposeTestHooks(booted);
}

process.on('unhandledRejection', (reason) => log('unhandled rejection', reason));

if (app.requestSingleInstanceLock()) start();
else app.quit();
