// The contract's settings: part of the one contract (docs/architecture.md#one-contract),
// re-exported by api.ts, which every process imports.

import type { BreadcrumbMode, ExportFormat } from './export.ts';
import type { SearchSort } from './search.ts';

/** BM25 column weights (docs/design.md#columns-and-weights). */
export interface ColumnWeights {
  title: number;
  tags: number;
  path: number;
  pathComponents: number;
  body: number;
}

/** User settings, persisted; applied live. Defaults in docs/design.md#defaults. */
export interface Settings {
  columnWeights: ColumnWeights;
  /** Fraction of a parent's children that must match for sibling aggregation. */
  aggregationThreshold: number;
  /** Minimum matching children for sibling aggregation. */
  minAggregationMatches: number;
  /** A merged score is capped at this multiple of its best child. */
  scoreCapMultiplier: number;
  /** Levenshtein distance for fuzzy matching of terms of 4+ characters; 0 disables. */
  fuzzyDistance: 0 | 1;
  resultLimit: number;
  /** Snowball stemmer language, e.g. `english`; `none` disables stemming. */
  stemmer: string;
  exportFormat: ExportFormat;
  breadcrumbMode: BreadcrumbMode;
  /** Token budget for exports; null: none. */
  exportMaxTokens: number | null;
  /** Electron accelerator of the quick-search shortcut. */
  quickSearchHotkey: string;
  /** 'system' follows the OS. */
  theme: 'system' | 'light' | 'dark';
  /** Show each result's raw score (hidden by default: scores compare only within one search). */
  showScores: boolean;
  /** The main window's result order (its results header): by relevance, or newest first. */
  resultSort: SearchSort;
  /** Favour recently updated notes in the ranking (off by default; docs/search-quality.md). */
  recencyBoost: boolean;
}

/** A settings update: any subset of the fields. */
export type SettingsPatch = Partial<Omit<Settings, 'columnWeights'>> & {
  columnWeights?: Partial<ColumnWeights>;
};

/** What the app reports about the settings it could not apply (e.g. a taken shortcut). */
export interface SettingsState {
  settings: Settings;
  /** Per-setting problems, e.g. `{ quickSearchHotkey: 'already taken by another app' }`. */
  problems: Partial<Record<keyof Settings, string>>;
  /** Snowball languages the stemmer setting accepts. */
  stemmerLanguages: string[];
}
