// The data the Electron layer is built from: window options, the tray menu, the app's paths.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPaths } from '../../src-main/app/paths.ts';
import { trayMenuTemplate, type TrayActions } from '../../src-main/app/tray-menu.ts';
import {
  mainWindowOptions,
  quickWindowOptions,
  secureWebPreferences,
} from '../../src-main/app/window-options.ts';

describe('window options', () => {
  const preload = '/app/out/preload/index.cjs';

  it('give every window an isolated, sandboxed renderer without Node', () => {
    for (const options of [
      mainWindowOptions(preload, { x: 0, y: 0, width: 800, height: 600 }),
      quickWindowOptions(preload),
    ]) {
      expect(options.webPreferences).toMatchObject(secureWebPreferences(preload));
      expect(options.webPreferences).toMatchObject({
        preload,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
      });
      expect(options.show).toBe(false);
    }
  });

  it('make the quick-search window frameless, always on top, and ready to show at once', () => {
    expect(quickWindowOptions(preload)).toMatchObject({
      width: 860,
      height: 520,
      frame: false,
      alwaysOnTop: true,
      skipTaskbar: true,
      resizable: false,
      paintWhenInitiallyHidden: true,
      webPreferences: { backgroundThrottling: false },
    });
    // Only the quick window stays unthrottled while hidden: the main window may sleep.
    const main = mainWindowOptions(preload, { x: 0, y: 0, width: 800, height: 600 });
    expect(main.webPreferences?.backgroundThrottling).toBeUndefined();
  });

  it('place the main window at the given bounds with a minimum size', () => {
    const options = mainWindowOptions(preload, { x: 5, y: 6, width: 900, height: 700 }, '/i.png');
    expect(options).toMatchObject({
      x: 5,
      y: 6,
      width: 900,
      height: 700,
      minWidth: 640,
      icon: '/i.png',
    });
  });
});

describe('tray menu', () => {
  function recordingActions() {
    const calls: string[] = [];
    const actions: TrayActions = {
      quickSearch: () => calls.push('quickSearch'),
      openWindow: () => calls.push('openWindow'),
      setWatching: (enabled) => calls.push(`setWatching(${enabled})`),
      quit: () => calls.push('quit'),
    };
    return { calls, actions };
  }

  it('offers quick search, open, pause watching and quit', () => {
    const { calls, actions } = recordingActions();
    const menu = trayMenuTemplate(
      { watching: true, hotkey: 'CommandOrControl+Shift+Space' },
      actions,
    );
    expect(menu.map((item) => item.label ?? item.type)).toEqual([
      'Quick search',
      'Open Folio',
      'separator',
      'Pause watching',
      'separator',
      'Quit Folio',
    ]);
    expect(menu[0]).toMatchObject({
      accelerator: 'CommandOrControl+Shift+Space',
      registerAccelerator: false,
    });
    for (const item of menu)
      item.click?.(undefined as never, undefined as never, undefined as never);
    expect(calls).toEqual(['quickSearch', 'openWindow', 'setWatching(false)', 'quit']);
  });

  it('offers resume while paused, and no accelerator when no shortcut is active', () => {
    const { calls, actions } = recordingActions();
    const menu = trayMenuTemplate({ watching: false, hotkey: null }, actions);
    expect(menu[0]?.accelerator).toBeUndefined();
    const resume = menu.find((item) => item.label === 'Resume watching');
    resume?.click?.(undefined as never, undefined as never, undefined as never);
    expect(calls).toEqual(['setWatching(true)']);
  });
});

describe('app paths', () => {
  const inputs = {
    mainDir: join('/opt', 'Folio', 'resources', 'app.asar', 'out', 'main'),
    resourcesPath: join('/opt', 'Folio', 'resources'),
    appPath: join('/home', 'me', 'folio'),
    userData: join('/home', 'me', '.config', 'Folio'),
  };

  it('finds the bundled resources in the package when packaged', () => {
    const paths = appPaths({ ...inputs, isPackaged: true });
    expect(paths.sampleVault).toBe(join('/opt', 'Folio', 'resources', 'sample-vault'));
    expect(paths.rendererDir).toBe(
      join('/opt', 'Folio', 'resources', 'app.asar', 'out', 'renderer'),
    );
    expect(paths.preload).toBe(
      join('/opt', 'Folio', 'resources', 'app.asar', 'out', 'preload', 'index.cjs'),
    );
    expect(paths.workerFiles.chunk).toBe(join(inputs.mainDir, 'chunk-worker.js'));
    expect(paths.cliEntry).toBe(join(inputs.mainDir, 'cli.js'));
  });

  it('finds them in the project when unpackaged, and the data in userData', () => {
    const paths = appPaths({ ...inputs, isPackaged: false });
    expect(paths.sampleVault).toBe(join('/home', 'me', 'folio', 'resources', 'sample-vault'));
    expect(paths.iconsDir).toBe(join('/home', 'me', 'folio', 'resources', 'icons'));
    expect(paths.database).toBe(join(inputs.userData, 'folio.db'));
    expect(paths.windowState).toBe(join(inputs.userData, 'window-state.json'));
  });
});
