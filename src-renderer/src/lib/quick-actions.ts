// Quick search's keyboard: what each key does, and the action menu (Ctrl/⌘+K) listing every action
// on the selected result with its key, as a pure table tested apart from the window.
import type { KeyLike } from './shortcuts.ts';

/** Something quick search can do with the selected result. */
export type QuickActionId = 'copy' | 'open' | 'reveal' | 'show';

/** An action as the menu lists it. */
export interface QuickAction {
  id: QuickActionId;
  label: string;
  /** The key that runs it without the menu, as shown to the user. */
  keys: string;
  /** It needs the OS (opening files): in the browser it says so instead. */
  appOnly: boolean;
}

/** What a key press in quick search asks for. */
export type QuickKey =
  | { kind: 'action'; action: QuickActionId }
  | { kind: 'move'; delta: number }
  /** Enter: the row's primary action (copy; a recent search goes back into the box). */
  | { kind: 'activate' }
  | { kind: 'menu' }
  | { kind: 'escape' };

/** The actions on a result, primary first. "Copy" copies what the preview shows. */
export function quickActions(options: { mac: boolean }): QuickAction[] {
  const command = options.mac ? '⌘' : 'Ctrl+';
  return [
    { id: 'copy', label: 'Copy as Markdown', keys: 'Enter', appOnly: false },
    { id: 'open', label: 'Open in editor', keys: 'Alt+O', appOnly: true },
    { id: 'reveal', label: 'Reveal in folder', keys: 'Alt+R', appOnly: true },
    { id: 'show', label: 'Show in Folio', keys: `${command}Enter`, appOnly: false },
  ];
}

const ALT_ACTIONS: Readonly<Record<string, QuickActionId>> = {
  KeyC: 'copy',
  KeyO: 'open',
  KeyR: 'reveal',
};

/** The meaning of a key press in quick search (↑ at the top of an empty box recalls: QuickState). */
export function quickKeyOf(event: KeyLike): QuickKey | null {
  const command = event.ctrlKey || event.metaKey;
  const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 5, PageUp: -5 };
  if (moves[event.key] !== undefined && !command && !event.altKey) {
    return { kind: 'move', delta: moves[event.key]! };
  }
  if (event.key === 'Escape') return { kind: 'escape' };
  if (command && !event.altKey && event.key.toLowerCase() === 'k') return { kind: 'menu' };
  if (event.key === 'Enter' && !event.altKey) {
    if (command) return { kind: 'action', action: 'show' };
    return event.shiftKey ? { kind: 'action', action: 'open' } : { kind: 'activate' };
  }
  if (event.altKey && !command && !event.shiftKey) {
    const action = ALT_ACTIONS[event.code];
    return action ? { kind: 'action', action } : null;
  }
  return null;
}
