// The tray (menu-bar) menu as data: quick search, open the window, pause/resume watching, quit.
// Pure (Electron only as types) so its items and their actions are tested in Node.
import type { MenuItemConstructorOptions } from 'electron';

/** What the menu shows. */
export interface TrayMenuState {
  /** False while watching is paused from the tray. */
  watching: boolean;
  /** The active quick-search accelerator, shown beside its item; null when none is registered. */
  hotkey: string | null;
}

/** What the menu's items do. */
export interface TrayActions {
  /** Shows the quick-search window. */
  quickSearch(): void;
  /** Shows (or reopens) the main window. */
  openWindow(): void;
  /** Pauses or resumes watching every vault. */
  setWatching(enabled: boolean): void;
  /** Quits Folio. */
  quit(): void;
}

/** The menu template for `Menu.buildFromTemplate`. */
export function trayMenuTemplate(
  state: TrayMenuState,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  return [
    {
      label: 'Quick search',
      // Shown for discovery only: the global shortcut is registered by `hotkey.ts`.
      ...(state.hotkey ? { accelerator: state.hotkey, registerAccelerator: false } : {}),
      click: () => actions.quickSearch(),
    },
    { label: 'Open Folio', click: () => actions.openWindow() },
    { type: 'separator' },
    state.watching
      ? { label: 'Pause watching', click: () => actions.setWatching(false) }
      : { label: 'Resume watching', click: () => actions.setWatching(true) },
    { type: 'separator' },
    { label: 'Quit Folio', click: () => actions.quit() },
  ];
}
