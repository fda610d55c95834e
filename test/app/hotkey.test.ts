import { describe, expect, it } from 'vitest';
import type { Settings, SettingsState } from '#shared/contract/api.ts';
import {
  adoptHotkeySetting,
  createHotkeyBinding,
  type GlobalShortcutPort,
} from '../../src-main/app/hotkey.ts';

/** Electron's globalShortcut, faked at the boundary: some accelerators are "taken by other apps". */
class FakeGlobalShortcut implements GlobalShortcutPort {
  readonly registered = new Map<string, () => void>();
  readonly taken = new Set<string>();
  calls = 0;

  register(accelerator: string, callback: () => void): boolean {
    this.calls += 1;
    if (this.taken.has(accelerator) || this.registered.has(accelerator)) return false;
    this.registered.set(accelerator, callback);
    return true;
  }

  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }

  press(accelerator: string): void {
    this.registered.get(accelerator)?.();
  }
}

function setup() {
  const port = new FakeGlobalShortcut();
  let presses = 0;
  const binding = createHotkeyBinding(port, () => {
    presses += 1;
  });
  return { port, binding, presses: () => presses };
}

describe('hotkey binding', () => {
  it('registers the canonical accelerator and calls back on press', () => {
    const { port, binding, presses } = setup();
    expect(binding.apply('cmdorctrl+shift+space')).toBeNull();
    expect([...port.registered.keys()]).toEqual(['CommandOrControl+Shift+Space']);
    port.press('CommandOrControl+Shift+Space');
    expect(presses()).toBe(1);
    expect(binding.active()).toBe('CommandOrControl+Shift+Space');
  });

  it('re-registers live: the old shortcut is released', () => {
    const { port, binding } = setup();
    binding.apply('Ctrl+Shift+Space');
    expect(binding.apply('Alt+K')).toBeNull();
    expect([...port.registered.keys()]).toEqual(['Alt+K']);
  });

  it('does nothing when the same shortcut is applied again', () => {
    const { port, binding } = setup();
    binding.apply('Alt+K');
    binding.apply('alt+k');
    expect(port.calls).toBe(1);
  });

  it('reports an invalid shortcut with the part at fault and keeps nothing registered', () => {
    const { port, binding } = setup();
    binding.apply('Alt+K');
    const problem = binding.apply('Ctrl+Shfit+Space');
    expect(problem).toBe(
      'could not be registered: "Shfit" is not a modifier or key Electron knows (in "Ctrl+Shfit+Space")',
    );
    expect(binding.problem()).toBe(problem);
    expect(port.registered.size).toBe(0);
    expect(binding.active()).toBeNull();
  });

  it('reports a shortcut taken by another application, and retries it when applied again', () => {
    const { port, binding } = setup();
    port.taken.add('Control+Alt+T');
    expect(binding.apply('Ctrl+Alt+T')).toBe(
      'could not be registered: "Control+Alt+T" is taken by another application or reserved by the system',
    );
    port.taken.clear();
    expect(binding.apply('Ctrl+Alt+T')).toBeNull();
    expect(binding.active()).toBe('Control+Alt+T');
  });

  it('turns an exception from Electron into a problem', () => {
    const binding = createHotkeyBinding(
      {
        register: () => {
          throw new Error('conversion failure');
        },
        unregister: () => undefined,
      },
      () => undefined,
    );
    expect(binding.apply('Alt+K')).toBe('could not be registered: conversion failure');
  });

  it('releases the shortcut on dispose', () => {
    const { port, binding } = setup();
    binding.apply('Alt+K');
    binding.dispose();
    expect(port.registered.size).toBe(0);
  });
});

describe('adoptHotkeySetting', () => {
  const state = (hotkey: string, problems: SettingsState['problems'] = {}): SettingsState => ({
    settings: { quickSearchHotkey: hotkey } as Settings,
    problems,
    stemmerLanguages: ['english'],
  });

  it('applies the setting and leaves the state as it is when the shortcut works', () => {
    const { port, binding } = setup();
    const input = state('Alt+Space', { stemmer: 'unknown language' });
    expect(adoptHotkeySetting(binding)(input)).toBe(input);
    expect(port.registered.has('Alt+Space')).toBe(true);
  });

  it("adds the shell's problem beside the engine's", () => {
    const { port, binding } = setup();
    port.taken.add('Alt+Space');
    const adopted = adoptHotkeySetting(binding)(state('Alt+Space', { stemmer: 'unknown' }));
    expect(adopted.problems).toEqual({
      stemmer: 'unknown',
      quickSearchHotkey:
        'could not be registered: "Alt+Space" is taken by another application or reserved by the system',
    });
  });
});
