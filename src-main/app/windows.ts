// Folio's two windows — the main window and the quick-search window — and what may happen in
// them. Thin Electron layer: options, policies and geometry come from pure modules.
import {
  BrowserWindow,
  app,
  dialog,
  screen,
  type BrowserWindowConstructorOptions,
  type IpcMainInvokeEvent,
  type WebContents,
  type WebPreferences,
} from 'electron';
import { channelOf, type ApiEvent, type OpenRequest } from '#shared/contract/api.ts';
import type { OutgoingEvent, WindowControls } from './api-handlers.ts';
import { isTrustedSender } from './url-policy.ts';
import { QUICK_WINDOW_SIZE, mainWindowOptions, quickWindowOptions } from './window-options.ts';
import {
  centreIn,
  fitToDisplays,
  loadWindowState,
  saveWindowState,
  type WindowState,
} from './window-state.ts';

/** What the window manager needs to know. */
export interface WindowManagerOptions {
  preload: string;
  /** The URL of a renderer page. */
  pageUrl(page: 'index' | 'quick'): string;
  /** Origins whose top frames may call the API. */
  trustedOrigins: string[];
  windowStateFile: string;
  icon?: string;
  /** Called after the main window closed (the app decides whether to keep running). */
  onMainClosed(): void;
}

function sendWhenLoaded(contents: WebContents, channel: string, payload?: unknown): void {
  if (contents.isDestroyed()) return;
  const send = () => {
    if (!contents.isDestroyed()) contents.send(channel, payload);
  };
  if (contents.isLoading()) contents.once('did-finish-load', send);
  else send();
}

/** Creates, shows, hides and messages the windows. */
export class WindowManager implements WindowControls {
  private main: BrowserWindow | null = null;
  private creatingMain: Promise<BrowserWindow> | null = null;
  private readonly preferences = new Map<number, WebPreferences>();
  private quick: BrowserWindow | null = null;
  private quitting = false;
  private pendingSave: Promise<void> = Promise.resolve();
  private readonly options: WindowManagerOptions;

  constructor(options: WindowManagerOptions) {
    this.options = options;
  }

  /** Opens the main window at its remembered place (or focuses it when it exists). */
  async showMain(): Promise<BrowserWindow> {
    const existing = this.main;
    if (existing && !existing.isDestroyed()) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return existing;
    }
    // Two quick calls (tray click, second instance) must not open two windows.
    this.creatingMain ??= this.createMain().finally(() => {
      this.creatingMain = null;
    });
    return this.creatingMain;
  }

  private async createMain(): Promise<BrowserWindow> {
    const remembered = await loadWindowState(this.options.windowStateFile);
    const areas = [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((d) => d.workArea);
    const state = fitToDisplays(remembered, areas);
    const window = this.open(
      mainWindowOptions(this.options.preload, state.bounds, this.options.icon),
    );
    this.main = window;
    if (state.maximized) window.maximize();
    window.once('ready-to-show', () => window.show());
    window.on('close', () => {
      const snapshot: WindowState = {
        bounds: window.getNormalBounds(),
        maximized: window.isMaximized(),
      };
      this.pendingSave = saveWindowState(this.options.windowStateFile, snapshot).catch((error) =>
        console.error(`[folio] could not save the window state: ${(error as Error).message}`),
      );
    });
    window.on('closed', () => {
      this.main = null;
      this.options.onMainClosed();
    });
    await window.loadURL(this.options.pageUrl('index'));
    return window;
  }

  // Every window goes through here, so the preferences it was given can be reported (e2e specs).
  private open(options: BrowserWindowConstructorOptions): BrowserWindow {
    const window = new BrowserWindow(options);
    this.preferences.set(window.webContents.id, { ...options.webPreferences });
    return window;
  }

  /** The web preferences a window's contents were created with (Electron has no getter). */
  webPreferencesOf(webContentsId: number): WebPreferences | null {
    return this.preferences.get(webContentsId) ?? null;
  }

  /** Creates the (hidden) quick-search window ahead of time, so the hotkey shows it at once. */
  createQuick(): BrowserWindow {
    if (this.quick && !this.quick.isDestroyed()) return this.quick;
    const window = this.open(quickWindowOptions(this.options.preload));
    this.quick = window;
    window.setAlwaysOnTop(true, 'floating');
    if (process.platform === 'darwin') {
      window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
    }
    // On blur the focus has already moved elsewhere: nothing to give back.
    window.on('blur', () => this.hideQuickSearch(false));
    // Closing it (Alt+F4) only hides it; it is destroyed when the app quits.
    window.on('close', (event) => {
      if (!this.quitting) {
        event.preventDefault();
        this.hideQuickSearch();
      }
    });
    window.on('closed', () => {
      this.quick = null;
    });
    void window.loadURL(this.options.pageUrl('quick'));
    return window;
  }

  /** The hotkey: shows quick search centred on the display under the cursor, or hides it. */
  toggleQuickSearch(): void {
    if (this.quick?.isVisible()) this.hideQuickSearch();
    else this.showQuickSearch();
  }

  showQuickSearch(): void {
    const window = this.createQuick();
    const display = screen.getDisplayNearestPoint(screen.getCursorScreenPoint());
    window.setBounds(centreIn(display.workArea, QUICK_WINDOW_SIZE));
    window.show();
    window.focus();
    sendWhenLoaded(window.webContents, channelOf('onQuickSearchShown'));
  }

  /** Hides quick search; `returnFocus` false when the main window is about to take it. */
  hideQuickSearch(returnFocus = true): void {
    if (!this.quick?.isVisible()) return;
    this.quick.hide();
    // macOS keeps Folio active after hiding a panel; give focus back to the previous app.
    if (returnFocus && process.platform === 'darwin' && !this.main?.isVisible()) app.hide();
  }

  showNode(request: OpenRequest): void {
    this.hideQuickSearch(false);
    void this.showMain().then((window) =>
      sendWhenLoaded(window.webContents, channelOf('onShowNode' satisfies ApiEvent), request),
    );
  }

  /** Sends an event to every open window. */
  broadcast(event: OutgoingEvent): void {
    for (const window of [this.main, this.quick]) {
      if (window && !window.isDestroyed()) window.webContents.send(event.channel, event.payload);
    }
  }

  /** The IPC router's sender check: a top frame of one of our windows on our origin. */
  isTrustedSender(event: IpcMainInvokeEvent): boolean {
    const ids = new Set<number>();
    for (const window of [this.main, this.quick]) {
      if (window && !window.isDestroyed()) ids.add(window.webContents.id);
    }
    const frame = event.senderFrame;
    return isTrustedSender(
      {
        webContentsId: event.sender.id,
        frameUrl: frame?.url ?? null,
        isMainFrame: frame !== null && frame.parent === null,
      },
      { webContentsIds: ids, origins: this.options.trustedOrigins },
    );
  }

  /** The native folder picker, attached to the focused Folio window. */
  async pickFolder(): Promise<string | null> {
    const parent = BrowserWindow.getFocusedWindow() ?? this.main;
    const options = {
      title: 'Add a vault folder',
      properties: ['openDirectory', 'createDirectory'] as Array<
        'openDirectory' | 'createDirectory'
      >,
    };
    const result = parent
      ? await dialog.showOpenDialog(parent, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  }

  /** Lets the windows close for real and waits for the window state to be saved. */
  async closeAll(): Promise<void> {
    this.quitting = true;
    for (const window of [this.main, this.quick]) {
      if (window && !window.isDestroyed()) window.close();
    }
    await this.pendingSave;
  }
}
