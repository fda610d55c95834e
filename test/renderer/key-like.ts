// A key event as the renderer's pure key tables read it (shortcuts, the shortcut recorder).
import type { KeyLike } from '../../src-renderer/src/lib/shortcuts.ts';

/** Key `key` on physical key `code`, no modifier unless given. */
export const keyLike = (key: string, code = '', modifiers: Partial<KeyLike> = {}): KeyLike => ({
  key,
  code,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
});
