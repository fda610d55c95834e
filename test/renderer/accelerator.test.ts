// The shortcut recorder's table: key presses → Electron accelerators, and their display.
import { describe, expect, it } from 'vitest';
import { displayAccelerator, recordKey } from '../../src-renderer/src/lib/accelerator.ts';
import { keyLike as press } from './key-like.ts';

describe('recordKey', () => {
  it.each([
    [press(' ', 'Space', { ctrlKey: true, shiftKey: true }), 'CommandOrControl+Shift+Space'],
    [press('k', 'KeyK', { metaKey: true, altKey: true }), 'CommandOrControl+Alt+K'],
    [press('å', 'KeyA', { altKey: true }), 'Alt+A'],
    [press('F5', 'F5', { ctrlKey: true }), 'CommandOrControl+F5'],
    [press('ArrowUp', 'ArrowUp', { altKey: true, shiftKey: true }), 'Alt+Shift+Up'],
    [press('7', 'Digit7', { ctrlKey: true }), 'CommandOrControl+7'],
    [press('/', 'Slash', { ctrlKey: true }), 'CommandOrControl+/'],
  ])('%j → %s', (event, accelerator) => {
    expect(recordKey(event)).toEqual({ accelerator });
  });

  it('waits while only modifiers are down', () => {
    expect(recordKey(press('Control', 'ControlLeft', { ctrlKey: true }))).toEqual({
      pending: true,
    });
    expect(recordKey(press('Shift', 'ShiftRight', { shiftKey: true }))).toEqual({ pending: true });
  });

  it('refuses a key without Ctrl/⌘ or Alt, and keys an accelerator cannot name', () => {
    expect(recordKey(press('k', 'KeyK'))).toMatchObject({ problem: /needs Ctrl/ });
    expect(recordKey(press('K', 'KeyK', { shiftKey: true }))).toMatchObject({
      problem: /needs Ctrl/,
    });
    expect(recordKey(press('Unidentified', 'IntlRo', { ctrlKey: true }))).toMatchObject({
      problem: 'Unidentified cannot be part of a shortcut.',
    });
  });
});

describe('displayAccelerator', () => {
  it('writes modifiers as the platform does', () => {
    expect(displayAccelerator('CommandOrControl+Shift+Space', false)).toBe('Ctrl+Shift+Space');
    expect(displayAccelerator('CommandOrControl+Shift+Space', true)).toBe('⌘⇧Space');
    expect(displayAccelerator('Alt+K', false)).toBe('Alt+K');
  });
});
