// The default settings (docs/design.md#defaults) and the bounds of each number setting, shared by
// the engine (defaults, and the schema that checks every update) and the renderer (Settings
// shows the bounds and resets to the defaults). Environment-neutral: no zod, no node:*, no DOM.
import type { Settings } from './api.ts';

/** Every default in one place (docs/design.md#defaults). */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  columnWeights: Object.freeze({
    title: 3.0,
    tags: 2.5,
    path: 2.0,
    pathComponents: 2.0,
    body: 1.0,
  }),
  aggregationThreshold: 0.5,
  minAggregationMatches: 2,
  scoreCapMultiplier: 2.0,
  fuzzyDistance: 1,
  resultLimit: 20,
  stemmer: 'english',
  exportFormat: 'md',
  breadcrumbMode: 'conditional',
  exportMaxTokens: null,
  quickSearchHotkey: 'CommandOrControl+Shift+Space',
  theme: 'system',
  showScores: false,
  resultSort: 'relevance',
  recencyBoost: false,
}) as Settings;

/** The range a number setting accepts; `integer`: whole numbers only. */
export interface NumberBounds {
  min: number;
  max: number;
  integer: boolean;
}

/** The bounds of every number setting (a column weight: `columnWeight`). */
export const SETTING_BOUNDS = Object.freeze({
  columnWeight: { min: 0, max: 100, integer: false },
  aggregationThreshold: { min: 0, max: 1, integer: false },
  minAggregationMatches: { min: 1, max: 1000, integer: true },
  scoreCapMultiplier: { min: 1, max: 100, integer: false },
  resultLimit: { min: 1, max: 500, integer: true },
  exportMaxTokens: { min: 1, max: 10_000_000, integer: true },
} satisfies Record<string, NumberBounds>);
