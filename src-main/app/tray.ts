// The tray (menu-bar) icon. Thin: the menu is built from `tray-menu.ts`; this file only owns the
// Electron `Tray` and rebuilds the menu when its state changes.
import { join } from 'node:path';
import { Menu, Tray, nativeImage, type NativeImage } from 'electron';
import { trayMenuTemplate, type TrayActions, type TrayMenuState } from './tray-menu.ts';

/** The live tray icon. */
export interface TrayHandle {
  /** Rebuilds the menu with the changed state. */
  update(change: Partial<TrayMenuState>): void;
  /** Removes the icon (on quit). */
  destroy(): void;
}

// macOS draws menu-bar icons from a black "template" image it tints itself; elsewhere a coloured
// icon is used. `nativeImage` picks the `@2x` variant beside each file on high-density screens.
function trayIcon(iconsDir: string): NativeImage {
  const mac = process.platform === 'darwin';
  const image = nativeImage.createFromPath(join(iconsDir, mac ? 'trayTemplate.png' : 'tray.png'));
  if (mac) image.setTemplateImage(true);
  return image;
}

/**
 * Creates the tray icon; null where Electron refuses one. A created icon may still be shown
 * nowhere (Linux without a tray area): close-policy.ts decides what closing the window does.
 */
export function createTray(
  iconsDir: string,
  state: TrayMenuState,
  actions: TrayActions,
): TrayHandle | null {
  let tray: Tray;
  try {
    tray = new Tray(trayIcon(iconsDir));
  } catch (error) {
    console.error(`[folio] no tray icon: ${(error as Error).message}`);
    return null;
  }
  let current = { ...state };
  const render = () =>
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(current, actions)));
  tray.setToolTip('Folio');
  // Windows and most Linux trays open the window on a plain click; macOS shows the menu instead.
  if (process.platform !== 'darwin') tray.on('click', () => actions.openWindow());
  render();
  return {
    update(change) {
      current = { ...current, ...change };
      render();
    },
    destroy: () => tray.destroy(),
  };
}
