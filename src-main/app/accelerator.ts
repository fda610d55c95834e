// Parsing and validation of Electron accelerators (the quick-search shortcut,
// docs/design.md#quick-search). Pure: the settings screen's text is checked here first, so a typo
// is reported with the part at fault instead of surfacing as a bare `false` from
// `globalShortcut.register`.

/** The quick-search shortcut when the user has not chosen one (docs/design.md#defaults). */
export const DEFAULT_QUICK_SEARCH_HOTKEY = 'CommandOrControl+Shift+Space';

/** A parsed accelerator: modifiers in canonical order, then exactly one key. */
export interface Accelerator {
  /** Canonical modifier names, e.g. `['CommandOrControl', 'Shift']`. */
  modifiers: string[];
  /** Canonical key name, e.g. `Space`, `K`, `F5`, `num0`. */
  key: string;
  /** `modifiers` and `key` joined with `+`: what is handed to Electron. */
  normalized: string;
}

/** The parse outcome: the accelerator, or one line naming the part at fault. */
export type AcceleratorParse = { ok: true; value: Accelerator } | { ok: false; message: string };

// Canonical modifier → accepted spellings (lower-case). The array order is the canonical order.
const MODIFIERS: Array<[canonical: string, aliases: string[]]> = [
  ['CommandOrControl', ['commandorcontrol', 'cmdorctrl']],
  ['Command', ['command', 'cmd']],
  ['Control', ['control', 'ctrl']],
  ['Alt', ['alt', 'option']],
  ['AltGr', ['altgr']],
  ['Shift', ['shift']],
  ['Super', ['super', 'meta']],
];

const MODIFIER_BY_ALIAS = new Map(
  MODIFIERS.flatMap(([canonical, aliases]) => aliases.map((alias) => [alias, canonical] as const)),
);

// Named keys of Electron's accelerator grammar (canonical spelling); aliases map onto them.
const NAMED_KEYS = [
  'Plus',
  'Space',
  'Tab',
  'Capslock',
  'Numlock',
  'Scrolllock',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'VolumeUp',
  'VolumeDown',
  'VolumeMute',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
  'PrintScreen',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
  ...Array.from({ length: 10 }, (_, digit) => `num${digit}`),
  ...Array.from({ length: 24 }, (_, index) => `F${index + 1}`),
];

const KEY_ALIASES: Record<string, string> = { enter: 'Return', esc: 'Escape' };
const KEY_BY_LOWER = new Map(NAMED_KEYS.map((key) => [key.toLowerCase(), key]));
const PUNCTUATION = new Set([...')!@#$%^&*(:;=<,_->.?/~`{][|\\}\'"']);

// Keys that do not type text, so a global shortcut may use them without a modifier.
const NON_TYPING = /^(F\d+|Volume\w+|Media\w+|PrintScreen)$/;

function canonicalKey(part: string): string | null {
  const lower = part.toLowerCase();
  if (/^[a-z0-9]$/.test(lower)) return lower.toUpperCase();
  if (PUNCTUATION.has(part)) return part;
  return KEY_ALIASES[lower] ?? KEY_BY_LOWER.get(lower) ?? null;
}

function describe(part: string, text: string): string {
  return `"${part}" is not a modifier or key Electron knows (in "${text}")`;
}

/**
 * Parses an accelerator such as `CmdOrCtrl+Shift+Space` (case-insensitive, aliases accepted) into
 * its canonical form. A global shortcut also needs a modifier other than Shift unless its key types
 * nothing (F-keys, media keys), because it would otherwise steal ordinary typing everywhere.
 */
export function parseAccelerator(input: string): AcceleratorParse {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'the shortcut is empty' };
  if (/\+\s*\+|\+$/.test(text)) {
    return { ok: false, message: `write the + key as "Plus" (in "${text}")` };
  }
  const parts = text.split('+').map((part) => part.trim());
  if (parts.some((part) => part === '')) {
    return { ok: false, message: `"${text}" has an empty part between "+" signs` };
  }
  const keyPart = parts.at(-1) as string;
  const modifiers: string[] = [];
  for (const part of parts.slice(0, -1)) {
    const modifier = MODIFIER_BY_ALIAS.get(part.toLowerCase());
    if (!modifier) {
      const message = canonicalKey(part)
        ? `"${part}" must be the last part: a shortcut has exactly one key (in "${text}")`
        : describe(part, text);
      return { ok: false, message };
    }
    if (modifiers.includes(modifier)) {
      return { ok: false, message: `"${part}" repeats the modifier ${modifier} (in "${text}")` };
    }
    modifiers.push(modifier);
  }
  const key = canonicalKey(keyPart);
  if (!key) {
    const message = MODIFIER_BY_ALIAS.has(keyPart.toLowerCase())
      ? `"${text}" has no key after its modifiers (e.g. "${text}+Space")`
      : describe(keyPart, text);
    return { ok: false, message };
  }
  if (!NON_TYPING.test(key) && !modifiers.some((modifier) => modifier !== 'Shift')) {
    return {
      ok: false,
      message: `"${text}" needs a modifier such as CommandOrControl or Alt: on its own ${key} would stop typing everywhere`,
    };
  }
  const order = MODIFIERS.map(([canonical]) => canonical);
  modifiers.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { ok: true, value: { modifiers, key, normalized: [...modifiers, key].join('+') } };
}
