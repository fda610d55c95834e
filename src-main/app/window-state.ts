// The main window's remembered position and size: a small versioned JSON file in the user-data
// folder, validated on read and fitted to the displays that exist now (a monitor may have been
// unplugged since). Also the quick-search window's placement. Pure except `load`/`save`.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A rectangle in screen coordinates (Electron's `Rectangle`). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered about the main window. */
export interface WindowState {
  /** Bounds of the window when not maximised. */
  bounds: Rect;
  /** Whether it was maximised when closed. */
  maximized: boolean;
}

/** Smallest main window that still shows results beside the outline. */
export const MIN_WINDOW_SIZE = { width: 640, height: 420 } as const;
/** Size of the main window on first run. */
export const DEFAULT_WINDOW_SIZE = { width: 1200, height: 800 } as const;

const STATE_VERSION = 1;

/** Reads a state file's JSON; anything malformed yields null (the window then opens centred). */
export function parseWindowState(json: unknown): WindowState | null {
  if (typeof json !== 'object' || json === null) return null;
  const record = json as Record<string, unknown>;
  if (record.version !== STATE_VERSION || typeof record.maximized !== 'boolean') return null;
  const bounds = record.bounds as Record<string, unknown> | null | undefined;
  if (typeof bounds !== 'object' || bounds === null) return null;
  const numbers = [bounds.x, bounds.y, bounds.width, bounds.height];
  if (!numbers.every((value) => typeof value === 'number' && Number.isFinite(value))) return null;
  const round = (value: unknown) => Math.round(value as number);
  const rect = {
    x: round(bounds.x),
    y: round(bounds.y),
    width: round(bounds.width),
    height: round(bounds.height),
  };
  if (rect.width <= 0 || rect.height <= 0) return null;
  return { bounds: rect, maximized: record.maximized };
}

/** The JSON written to disk. */
export function serializeWindowState(state: WindowState): string {
  return `${JSON.stringify({ version: STATE_VERSION, ...state }, null, 2)}\n`;
}

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** A rectangle of `size` centred in `area` (whole pixels). */
export function centreIn(area: Rect, size: { width: number; height: number }): Rect {
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  return {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
  };
}

/**
 * Fits remembered bounds to the work areas of the current displays: the display the window
 * overlaps most keeps it (shrunk to fit, moved fully inside); a window on no display opens
 * centred on the primary one (`workAreas[0]`). No state: the default size, centred.
 */
export function fitToDisplays(state: WindowState | null, workAreas: readonly Rect[]): WindowState {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_WINDOW_SIZE };
  if (!state) return { bounds: centreIn(primary, DEFAULT_WINDOW_SIZE), maximized: false };
  let best: Rect | null = null;
  let bestOverlap = 0;
  for (const area of workAreas) {
    const shared = overlap(state.bounds, area);
    if (shared > bestOverlap) [best, bestOverlap] = [area, shared];
  }
  if (!best) return { bounds: centreIn(primary, state.bounds), maximized: state.maximized };
  const width = Math.min(Math.max(state.bounds.width, MIN_WINDOW_SIZE.width), best.width);
  const height = Math.min(Math.max(state.bounds.height, MIN_WINDOW_SIZE.height), best.height);
  const x = Math.min(Math.max(state.bounds.x, best.x), best.x + best.width - width);
  const y = Math.min(Math.max(state.bounds.y, best.y), best.y + best.height - height);
  return { bounds: { x, y, width, height }, maximized: state.maximized };
}

/** Reads the state file; a missing or broken file yields null (logged by the caller if wanted). */
export async function loadWindowState(file: string): Promise<WindowState | null> {
  try {
    return parseWindowState(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return null;
  }
}

/** Writes the state file atomically (temp file + rename), so a crash never leaves half a file. */
export async function saveWindowState(file: string, state: WindowState): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, serializeWindowState(state));
  await rename(temporary, file);
}
