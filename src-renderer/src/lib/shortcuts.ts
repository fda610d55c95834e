// The main window's keyboard shortcuts (listed in the help popover), as a pure mapping from a
// key event to an action, so that the table is tested rather than scattered through handlers.

/** What a shortcut does. */
export type ShortcutAction =
  | 'focus-search'
  | 'help'
  | 'vaults'
  | 'settings'
  | 'copy'
  | 'copy-all'
  | 'copy-section'
  | 'open'
  | 'reveal'
  | 'next-pane'
  | 'previous-pane'
  | 'back';

/** The parts of a keyboard event a shortcut depends on. */
export interface KeyLike {
  key: string;
  /** Physical key, e.g. `KeyC`: Alt+letter types other characters on some layouts. */
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

const ALT_KEYS: Readonly<Record<string, ShortcutAction>> = {
  KeyC: 'copy',
  KeyA: 'copy-all',
  KeyO: 'open',
  KeyR: 'reveal',
  KeyV: 'vaults',
  KeyS: 'settings',
  KeyH: 'help',
};

/** The action of a key event, or null. `typing`: the focus is in a text field. */
export function shortcutOf(event: KeyLike, typing: boolean): ShortcutAction | null {
  const command = event.ctrlKey || event.metaKey;
  if (event.key === 'F1') return 'help';
  if (event.key === 'F6') return event.shiftKey ? 'previous-pane' : 'next-pane';
  if (command && !event.altKey && event.key.toLowerCase() === 'k') return 'focus-search';
  if (command && !event.altKey && event.key === ',') return 'settings';
  if (event.altKey && !command && event.shiftKey && event.code === 'KeyC') return 'copy-section';
  // Back (docs/ui.md#going-back): Alt+← outside a text field (in one, macOS moves a word), and
  // Obsidian's Ctrl/⌘+Alt+← anywhere.
  if (event.altKey && !event.shiftKey && event.key === 'ArrowLeft' && (command || !typing))
    return 'back';
  if (event.altKey && !command && !event.shiftKey) return ALT_KEYS[event.code] ?? null;
  if (event.key === '/' && !typing && !command && !event.altKey) return 'focus-search';
  return null;
}

/** True when `element` takes text input (so plain keys must not trigger shortcuts). */
export function isTyping(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  return (
    tag === 'INPUT' ||
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    (element as HTMLElement).isContentEditable
  );
}

/** The panes F6 cycles through, in order. */
export const PANES = ['search', 'results', 'outline', 'preview'] as const;
/** One of the panes F6 cycles through. */
export type PaneName = (typeof PANES)[number];

/** The pane after (delta 1) or before (delta -1) the one holding `element`. */
export function paneAfter(element: Element | null, delta: 1 | -1): PaneName {
  const current = element?.closest('[data-pane]')?.getAttribute('data-pane');
  const at = PANES.indexOf(current as PaneName);
  const from = at === -1 ? (delta === 1 ? -1 : 0) : at;
  return PANES[(from + delta + PANES.length) % PANES.length]!;
}
