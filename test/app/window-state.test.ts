import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_SIZE,
  centreIn,
  fitToDisplays,
  loadWindowState,
  parseWindowState,
  saveWindowState,
  type Rect,
} from '../../src-main/app/window-state.ts';

const laptop: Rect = { x: 0, y: 0, width: 1440, height: 875 };
const rightMonitor: Rect = { x: 1440, y: 0, width: 2560, height: 1415 };
const valid = { version: 1, bounds: { x: 10, y: 20, width: 900, height: 700 }, maximized: false };

describe('parseWindowState', () => {
  it('reads a valid state (rounding fractional pixels)', () => {
    expect(parseWindowState({ ...valid, bounds: { ...valid.bounds, x: 10.4 } })).toEqual({
      bounds: { x: 10, y: 20, width: 900, height: 700 },
      maximized: false,
    });
  });

  it.each([
    ['null', null],
    ['a string', 'window'],
    ['another version', { ...valid, version: 2 }],
    ['no version', { bounds: valid.bounds, maximized: false }],
    ['maximized not a boolean', { ...valid, maximized: 'yes' }],
    ['no bounds', { version: 1, maximized: true }],
    ['a string coordinate', { ...valid, bounds: { ...valid.bounds, x: '10' } }],
    ['an infinite size', { ...valid, bounds: { ...valid.bounds, width: Infinity } }],
    ['a zero height', { ...valid, bounds: { ...valid.bounds, height: 0 } }],
    ['a negative width', { ...valid, bounds: { ...valid.bounds, width: -5 } }],
  ])('rejects %s', (_name, json) => {
    expect(parseWindowState(json)).toBeNull();
  });
});

describe('fitToDisplays', () => {
  it('opens the default size centred on the primary display on first run', () => {
    expect(fitToDisplays(null, [laptop, rightMonitor])).toEqual({
      bounds: { x: 120, y: 37, width: 1200, height: 800 },
      maximized: false,
    });
  });

  it('keeps bounds that fit on a display', () => {
    const state = { bounds: { x: 1600, y: 100, width: 1000, height: 800 }, maximized: true };
    expect(fitToDisplays(state, [laptop, rightMonitor])).toEqual(state);
  });

  it('moves a window on an unplugged monitor to the primary display, centred', () => {
    const state = { bounds: { x: 1600, y: 100, width: 1000, height: 800 }, maximized: false };
    expect(fitToDisplays(state, [laptop]).bounds).toEqual({
      x: 220,
      y: 37,
      width: 1000,
      height: 800,
    });
  });

  it('shrinks a window larger than its display and pulls it fully inside', () => {
    const state = { bounds: { x: -200, y: -50, width: 3000, height: 2000 }, maximized: false };
    expect(fitToDisplays(state, [laptop]).bounds).toEqual(laptop);
  });

  it('keeps the window on the display it overlaps most, pushed inside that display', () => {
    const state = { bounds: { x: 1000, y: 500, width: 1200, height: 800 }, maximized: false };
    expect(fitToDisplays(state, [laptop, rightMonitor]).bounds).toEqual({
      x: 1440,
      y: 500,
      width: 1200,
      height: 800,
    });
  });

  it('grows a window below the minimum size', () => {
    const state = { bounds: { x: 0, y: 0, width: 100, height: 50 }, maximized: false };
    expect(fitToDisplays(state, [laptop]).bounds).toEqual({ x: 0, y: 0, width: 640, height: 420 });
  });

  it('works without any display information', () => {
    expect(fitToDisplays(null, []).bounds).toEqual({ x: 0, y: 0, ...DEFAULT_WINDOW_SIZE });
  });
});

describe('centreIn', () => {
  it('centres in a work area that does not start at the origin', () => {
    expect(centreIn(rightMonitor, { width: 680, height: 440 })).toEqual({
      x: 1440 + 940,
      y: 487,
      width: 680,
      height: 440,
    });
  });

  it('never exceeds the area', () => {
    expect(centreIn({ x: 0, y: 0, width: 500, height: 300 }, { width: 680, height: 440 })).toEqual({
      x: 0,
      y: 0,
      width: 500,
      height: 300,
    });
  });
});

describe('window state file', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('round-trips through the file, creating its folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'folio-window-'));
    const file = join(dir, 'nested', 'window-state.json');
    const state = { bounds: { x: 5, y: 6, width: 800, height: 600 }, maximized: true };
    await saveWindowState(file, state);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, ...state });
    expect(await loadWindowState(file)).toEqual(state);
  });

  it('treats a missing, truncated or foreign file as no state', async () => {
    dir = await mkdtemp(join(tmpdir(), 'folio-window-'));
    const file = join(dir, 'window-state.json');
    expect(await loadWindowState(file)).toBeNull();
    await writeFile(file, '{"version":1,"bounds":{"x":');
    expect(await loadWindowState(file)).toBeNull();
    await writeFile(file, '[1,2,3]');
    expect(await loadWindowState(file)).toBeNull();
  });
});
