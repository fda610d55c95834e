import { describe, expect, it } from 'vitest';
import { shortcutOf } from '../../src-renderer/src/lib/shortcuts.ts';
import { keyLike as key } from './key-like.ts';

describe('shortcutOf', () => {
  it.each([
    [key('k', 'KeyK', { ctrlKey: true }), false, 'focus-search'],
    [key('k', 'KeyK', { metaKey: true }), true, 'focus-search'],
    [key('/', 'Slash'), false, 'focus-search'],
    [key('/', 'Slash'), true, null],
    [key('F1', 'F1'), true, 'help'],
    [key('F6', 'F6'), false, 'next-pane'],
    [key('F6', 'F6', { shiftKey: true }), false, 'previous-pane'],
    [key('ç', 'KeyC', { altKey: true }), true, 'copy'],
    [key('a', 'KeyA', { altKey: true }), false, 'copy-all'],
    [key('Ç', 'KeyC', { altKey: true, shiftKey: true }), true, 'copy-section'],
    [key('A', 'KeyA', { altKey: true, shiftKey: true }), false, null],
    [key('o', 'KeyO', { altKey: true }), false, 'open'],
    [key('r', 'KeyR', { altKey: true }), false, 'reveal'],
    [key('v', 'KeyV', { altKey: true }), false, 'vaults'],
    [key('s', 'KeyS', { altKey: true }), false, 'settings'],
    [key(',', 'Comma', { ctrlKey: true }), false, 'settings'],
    [key('c', 'KeyC', { altKey: true, ctrlKey: true }), false, null],
    [key('c', 'KeyC'), false, null],
    [key('a', 'KeyA', { ctrlKey: true }), false, null],
    // Back: Alt+← outside a text field (in one, macOS's Option+← moves a word); Obsidian's
    // Ctrl/⌘+Alt+← anywhere.
    [key('ArrowLeft', 'ArrowLeft', { altKey: true }), false, 'back'],
    [key('ArrowLeft', 'ArrowLeft', { altKey: true }), true, null],
    [key('ArrowLeft', 'ArrowLeft', { altKey: true, ctrlKey: true }), true, 'back'],
    [key('ArrowLeft', 'ArrowLeft', { altKey: true, metaKey: true }), true, 'back'],
    [key('ArrowLeft', 'ArrowLeft', { altKey: true, shiftKey: true }), false, null],
    [key('ArrowLeft', 'ArrowLeft'), false, null],
  ] as const)('%j (typing %s) → %s', (event, typing, expected) => {
    expect(shortcutOf(event, typing)).toBe(expected);
  });
});
