import { describe, expect, it } from 'vitest';
import { DEFAULT_QUICK_SEARCH_HOTKEY, parseAccelerator } from '../../src-main/app/accelerator.ts';

function normalized(text: string): string {
  const parsed = parseAccelerator(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value.normalized;
}

function problem(text: string): string {
  const parsed = parseAccelerator(text);
  if (parsed.ok) throw new Error(`expected "${text}" to be refused`);
  return parsed.message;
}

describe('parseAccelerator: accepted shortcuts', () => {
  it.each([
    [DEFAULT_QUICK_SEARCH_HOTKEY, 'CommandOrControl+Shift+Space'],
    ['cmdorctrl+shift+space', 'CommandOrControl+Shift+Space'],
    ['Shift+CmdOrCtrl+Space', 'CommandOrControl+Shift+Space'],
    [' Ctrl + Alt + k ', 'Control+Alt+K'],
    ['Option+Cmd+P', 'Command+Alt+P'],
    ['Meta+Shift+3', 'Shift+Super+3'],
    ['Alt+Enter', 'Alt+Return'],
    ['Ctrl+Esc', 'Control+Escape'],
    ['Ctrl+Plus', 'Control+Plus'],
    ['CommandOrControl+/', 'CommandOrControl+/'],
    ['Alt+`', 'Alt+`'],
    ['AltGr+numadd', 'AltGr+numadd'],
    ['Ctrl+NUM0', 'Control+num0'],
    ['ctrl+pageup', 'Control+PageUp'],
    ['F5', 'F5'],
    ['Shift+F24', 'Shift+F24'],
    ['MediaPlayPause', 'MediaPlayPause'],
  ])('%s → %s', (input, expected) => {
    expect(normalized(input)).toBe(expected);
  });

  it('splits the canonical form into modifiers and key', () => {
    const parsed = parseAccelerator('shift+ctrl+F');
    expect(parsed).toEqual({
      ok: true,
      value: { modifiers: ['Control', 'Shift'], key: 'F', normalized: 'Control+Shift+F' },
    });
  });
});

describe('parseAccelerator: refused shortcuts name the part at fault', () => {
  it.each([
    ['', 'the shortcut is empty'],
    ['   ', 'the shortcut is empty'],
    ['Ctrl+Shfit+Space', '"Shfit" is not a modifier or key Electron knows (in "Ctrl+Shfit+Space")'],
    ['Ctrl+Spacebar', '"Spacebar" is not a modifier or key Electron knows (in "Ctrl+Spacebar")'],
    ['Ctrl++', 'write the + key as "Plus" (in "Ctrl++")'],
    ['Ctrl+', 'write the + key as "Plus" (in "Ctrl+")'],
    ['+Space', '"+Space" has an empty part between "+" signs'],
    ['Ctrl+A+B', '"A" must be the last part: a shortcut has exactly one key (in "Ctrl+A+B")'],
    ['Ctrl+Shift', '"Ctrl+Shift" has no key after its modifiers (e.g. "Ctrl+Shift+Space")'],
    ['Ctrl+Control+K', '"Control" repeats the modifier Control (in "Ctrl+Control+K")'],
    ['Option+Alt+K', '"Alt" repeats the modifier Alt (in "Option+Alt+K")'],
  ])('%j', (input, message) => {
    expect(problem(input)).toBe(message);
  });

  it.each(['K', 'Space', 'Shift+K', 'Shift+Space', '/'])(
    '%s alone would steal typing: it needs a real modifier',
    (input) => {
      expect(problem(input)).toMatch(/needs a modifier such as CommandOrControl or Alt/);
      expect(problem(input)).toContain(`"${input}"`);
    },
  );
});
