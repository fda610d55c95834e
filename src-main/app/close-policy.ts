// What closing the main window does: keep Folio running in the background (for the quick-search
// hotkey, reachable again from the tray) or quit. Pure, so the rule is tested in Node.
//
// Running on with no window is only safe where the user can see the tray icon. On Linux Electron
// cannot tell: `new Tray()` succeeds even where nothing shows tray icons (GNOME without the
// AppIndicator extension, many tiling window managers), and Folio would stay running, invisible.
// So on Linux (and the BSDs) it keeps running only on desktops that show tray icons out of the box.

/** What happens when the main window closes. */
export type MainClosedAction = 'keep-running' | 'quit';

/** What the rule looks at. */
export interface CloseContext {
  /** `process.platform`. */
  platform: string;
  /** Whether a tray icon was created (`new Tray()` did not throw). */
  hasTray: boolean;
  /** `XDG_CURRENT_DESKTOP`: colon-separated desktop names, e.g. `ubuntu:GNOME`, `KDE`. */
  desktop: string | undefined;
}

/**
 * Linux desktops (as `XDG_CURRENT_DESKTOP` names them, lower-cased) whose panel shows tray icons
 * without extensions. GNOME is not one: it needs an extension Folio cannot detect.
 */
export const LINUX_DESKTOPS_WITH_TRAY: ReadonlySet<string> = new Set([
  'kde',
  'xfce',
  'x-cinnamon',
  'cinnamon',
  'mate',
  'lxqt',
  'lxde',
  'budgie',
  'unity',
  'deepin',
  'dde',
]);

/**
 * macOS keeps running (the dock reopens the window, as Mac apps do); Windows keeps running while
 * there is a tray icon; Linux keeps running only with a tray icon on a desktop known to show it.
 * Everything else quits, so Folio never runs on with no way to see it.
 */
export function mainClosedAction(context: CloseContext): MainClosedAction {
  if (context.platform === 'darwin') return 'keep-running';
  if (!context.hasTray) return 'quit';
  if (context.platform === 'win32') return 'keep-running';
  // Linux and the BSDs: freedesktop desktops, where a created tray icon may be shown nowhere.
  const desktops = (context.desktop ?? '').toLowerCase().split(':');
  return desktops.some((name) => LINUX_DESKTOPS_WITH_TRAY.has(name.trim()))
    ? 'keep-running'
    : 'quit';
}
