// Light and dark themes: the stylesheet follows the OS (`color-scheme: light dark`) unless the root
// element carries `data-theme`, which the theme setting sets to override it.
import type { Settings } from '#shared/contract/api.ts';

/** Applies the theme setting to `root` (`system` or unknown: follow the OS). */
export function applyTheme(root: HTMLElement, theme: Settings['theme'] | undefined): void {
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  else delete root.dataset.theme;
}
