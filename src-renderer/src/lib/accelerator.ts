// The quick-search shortcut as the user presses it, turned into an Electron accelerator
// ("CommandOrControl+Shift+Space"), and an accelerator shown the way the platform writes it.
// Pure: a table of key events in, accelerators out (test/renderer/accelerator.test.ts).
import type { KeyLike } from './shortcuts.ts';

/** What a key press recorded: an accelerator, or why it cannot be one. */
export type Recorded = { accelerator: string } | { problem: string } | { pending: true };

const NAMED: Readonly<Record<string, string>> = {
  Space: 'Space',
  Enter: 'Enter',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Minus: '-',
  Equal: '=',
  Comma: ',',
  Period: '.',
  Slash: '/',
  Semicolon: ';',
  Quote: "'",
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Backquote: '`',
};

/** The accelerator's key for a physical key code (layout-independent), or null. */
function keyOf(code: string): string | null {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (/^F([1-9]|1[0-9]|2[0-4])$/.test(code)) return code;
  return NAMED[code] ?? null;
}

const MODIFIER_CODES = /^(Control|Shift|Alt|Meta|OS)(Left|Right)?$/;

/**
 * The accelerator of a key press: Ctrl or ⌘ (either: CommandOrControl), Alt, Shift and one key.
 * A global shortcut needs Ctrl/⌘ or Alt (a bare key or Shift+key would take that key from every
 * app); a modifier alone is still being pressed.
 */
export function recordKey(event: KeyLike): Recorded {
  if (MODIFIER_CODES.test(event.code)) return { pending: true };
  const key = keyOf(event.code);
  if (!key) return { problem: `${event.key || event.code} cannot be part of a shortcut.` };
  const command = event.ctrlKey || event.metaKey;
  if (!command && !event.altKey)
    return {
      problem: 'A shortcut needs Ctrl (⌘ on a Mac) or Alt, so that it takes no typing key.',
    };
  const parts = [
    ...(command ? ['CommandOrControl'] : []),
    ...(event.altKey ? ['Alt'] : []),
    ...(event.shiftKey ? ['Shift'] : []),
    key,
  ];
  return { accelerator: parts.join('+') };
}

/** An accelerator as the platform writes it: "Ctrl+Shift+Space", or "⌘⇧Space" on a Mac. */
export function displayAccelerator(accelerator: string, mac: boolean): string {
  const names: Record<string, [string, string]> = {
    CommandOrControl: ['Ctrl', '⌘'],
    CmdOrCtrl: ['Ctrl', '⌘'],
    Control: ['Ctrl', '⌃'],
    Ctrl: ['Ctrl', '⌃'],
    Command: ['Cmd', '⌘'],
    Cmd: ['Cmd', '⌘'],
    Alt: ['Alt', '⌥'],
    Option: ['Alt', '⌥'],
    Shift: ['Shift', '⇧'],
    Super: ['Super', '⌘'],
  };
  const parts = accelerator.split('+').map((part) => names[part]?.[mac ? 1 : 0] ?? part);
  return parts.join(mac ? '' : '+');
}
