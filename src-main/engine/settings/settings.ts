// Settings: the defaults (docs/design.md#defaults) in one object, patch validation, and the hash of
// the settings that shape the index (a change rebuilds it:
// docs/architecture.md#the-index-is-a-rebuildable-cache).
import { createHash } from 'node:crypto';
import type { Settings, SettingsPatch } from '#shared/contract/api.ts';
import { DEFAULT_SETTINGS } from '#shared/contract/defaults.ts';
import { validateRequest } from '#shared/contract/schema.ts';
import { FolioError } from '#shared/contract/engine.ts';
import { stemmerLanguages } from '../analysis/stemmer.ts';

/** Every default in one place (docs/design.md#defaults); shared with the renderer's Settings. */
export { DEFAULT_SETTINGS } from '#shared/contract/defaults.ts';

/** Fixed defaults that are not user settings (docs/design.md#defaults). */
export const ENGINE_DEFAULTS = Object.freeze({
  /** Ranking multiplier of a pinned vault. */
  pinnedBoost: 1.5,
  /** Snippet length in characters. */
  snippetLength: 150,
});

/**
 * Version of the text analysis and of what the indexer writes. Bump it whenever tokenizing,
 * normalisation or the stored node layout changes: every index then rebuilds itself.
 */
export const ANALYSIS_VERSION = 4; // 4: mnemonic brackets (E[x]tract) join their word; 3: a body term's repeats past 1,000 are not indexed

/** A deep copy of the defaults. */
export function defaultSettings(): Settings {
  return { ...DEFAULT_SETTINGS, columnWeights: { ...DEFAULT_SETTINGS.columnWeights } };
}

/** Validates a patch (throws `FolioError('invalid-argument')` naming the field) and applies it. */
export function applySettingsPatch(current: Settings, patch: unknown): Settings {
  const checked = validateRequest('updateSettings', patch);
  if (!checked.ok) throw new FolioError('invalid-argument', checked.message);
  const value = checked.value as SettingsPatch;
  if (value.stemmer !== undefined && !stemmerLanguages().includes(value.stemmer)) {
    throw new FolioError(
      'invalid-argument',
      `updateSettings: unknown stemmer "${value.stemmer}" (one of: ${stemmerLanguages().join(', ')})`,
    );
  }
  const { columnWeights, ...rest } = value;
  const next: Settings = { ...current, ...rest, columnWeights: { ...current.columnWeights } };
  for (const [key, weight] of Object.entries(columnWeights ?? {})) {
    if (weight !== undefined) next.columnWeights[key as keyof Settings['columnWeights']] = weight;
  }
  return next;
}

/**
 * Settings read back from the database: unknown keys dropped, bad or missing values replaced by
 * defaults (a hand-edited or older database never stops the app).
 */
export function settingsFromStored(stored: Record<string, unknown>): Settings {
  let settings = defaultSettings();
  for (const [key, value] of Object.entries(stored)) {
    if (!(key in settings)) continue;
    try {
      settings = applySettingsPatch(settings, { [key]: value });
    } catch {
      // keep the default for this one setting
    }
  }
  return settings;
}

/**
 * The hash of everything that shapes the index; stored in the database beside the schema.
 * `indexFormat`: `INDEX_FORMAT` of the store (named `schemaVersion` in the hash, as it was when
 * every migration rebuilt the index, so that existing hashes still match).
 */
export function indexingHash(settings: Settings, indexFormat: number): string {
  const relevant = {
    schemaVersion: indexFormat,
    analysis: ANALYSIS_VERSION,
    stemmer: settings.stemmer,
  };
  return createHash('sha256').update(JSON.stringify(relevant)).digest('hex').slice(0, 16);
}
