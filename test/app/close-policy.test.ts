import { describe, expect, it } from 'vitest';
import { mainClosedAction } from '../../src-main/app/close-policy.ts';

describe('mainClosedAction: what closing the main window does', () => {
  it.each([
    // Unchanged on macOS and Windows.
    ['darwin', true, undefined, 'keep-running'],
    ['darwin', false, undefined, 'keep-running'],
    ['win32', true, undefined, 'keep-running'],
    ['win32', false, undefined, 'quit'],
    // Linux: a tray icon Electron created is not proof anyone sees it.
    ['linux', true, 'KDE', 'keep-running'],
    ['linux', true, 'XFCE', 'keep-running'],
    ['linux', true, 'X-Cinnamon', 'keep-running'],
    ['linux', true, 'MATE', 'keep-running'],
    ['linux', true, 'LXQt', 'keep-running'],
    ['linux', true, 'Budgie:GNOME', 'keep-running'],
    ['linux', true, 'Unity', 'keep-running'],
    ['linux', true, 'GNOME', 'quit'],
    ['linux', true, 'ubuntu:GNOME', 'quit'],
    ['linux', true, 'GNOME-Classic:GNOME', 'quit'],
    ['linux', true, 'sway', 'quit'],
    ['linux', true, 'Hyprland', 'quit'],
    ['linux', true, '', 'quit'],
    ['linux', true, undefined, 'quit'],
    ['linux', false, 'KDE', 'quit'],
    ['freebsd', true, 'KDE', 'keep-running'],
    ['freebsd', true, 'GNOME', 'quit'],
  ] as const)('%s, tray %s, desktop %s → %s', (platform, hasTray, desktop, action) => {
    expect(mainClosedAction({ platform, hasTray, desktop })).toBe(action);
  });
});
