// The constructor options of Folio's two windows. Pure (Electron only as types), so the security
// settings every window gets are asserted by a Node test, not just by reading the code.
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { MIN_WINDOW_SIZE, type Rect } from './window-state.ts';

/** Size of the quick-search window: the list and the preview side by side (Raycast's ≈ 750). */
export const QUICK_WINDOW_SIZE = { width: 860, height: 520 } as const;

/**
 * The web preferences of every Folio window (docs/design.md#security): an isolated, sandboxed
 * renderer without Node, with web security on, no `<webview>`, and only our preload.
 */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** The main window, at its remembered bounds; shown once its page is ready (no white flash). */
export function mainWindowOptions(
  preload: string,
  bounds: Rect,
  icon?: string,
): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: 'Folio',
    show: false,
    // Windows and Linux: the default menu bar appears with Alt only (the UI has its own controls).
    autoHideMenuBar: true,
    ...(icon ? { icon } : {}),
    webPreferences: secureWebPreferences(preload),
  };
}

/**
 * The quick-search window: frameless, always on top, out of the task bar; created hidden at start
 * and shown by the hotkey. Its page is not throttled while hidden (Electron's
 * `backgroundThrottling`: timers and animation frames of a background page are slowed, which would
 * hold up its first frame on show), and it paints while hidden (`paintWhenInitiallyHidden`, the
 * default, said here because showing within 100 ms of the hotkey depends on it).
 */
export function quickWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    ...QUICK_WINDOW_SIZE,
    title: 'Folio quick search',
    show: false,
    frame: false,
    alwaysOnTop: true,
    skipTaskbar: true,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    paintWhenInitiallyHidden: true,
    webPreferences: { ...secureWebPreferences(preload), backgroundThrottling: false },
  };
}
