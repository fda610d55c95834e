// Settings: defaults in one object (docs/design.md#defaults), patches validated with messages
// naming the field, stored values that went bad replaced by defaults, and the hash that triggers
// rebuilds.
import { describe, expect, it } from 'vitest';
import {
  applySettingsPatch,
  defaultSettings,
  DEFAULT_SETTINGS,
  indexingHash,
  settingsFromStored,
} from '../../../src-main/engine/settings/settings.ts';

describe('settings', () => {
  it('defaults are those of docs/design.md#defaults', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      columnWeights: { title: 3, tags: 2.5, path: 2, pathComponents: 2, body: 1 },
      fuzzyDistance: 1,
      stemmer: 'english',
      aggregationThreshold: 0.5,
      minAggregationMatches: 2,
      scoreCapMultiplier: 2,
      resultLimit: 20,
      breadcrumbMode: 'conditional',
      quickSearchHotkey: 'CommandOrControl+Shift+Space',
    });
  });

  it('applies a partial patch, column weights included', () => {
    const next = applySettingsPatch(defaultSettings(), {
      resultLimit: 5,
      columnWeights: { body: 0.5 },
    });
    expect(next.resultLimit).toBe(5);
    expect(next.columnWeights).toEqual({ ...DEFAULT_SETTINGS.columnWeights, body: 0.5 });
    expect(DEFAULT_SETTINGS.columnWeights.body).toBe(1);
  });

  it('rejects bad values with a message naming the field', () => {
    expect(() => applySettingsPatch(defaultSettings(), { resultLimit: 0 })).toThrow(/resultLimit/);
    expect(() => applySettingsPatch(defaultSettings(), { stemmer: 'klingon' })).toThrow(
      /unknown stemmer "klingon"/,
    );
    expect(() => applySettingsPatch(defaultSettings(), { nope: 1 })).toThrow(/nope/);
  });

  it('reads stored values leniently', () => {
    const settings = settingsFromStored({ resultLimit: 7, fuzzyDistance: 9, unknown: true });
    expect(settings.resultLimit).toBe(7);
    expect(settings.fuzzyDistance).toBe(1);
  });

  it('hashes only what shapes the index', () => {
    const base = defaultSettings();
    expect(indexingHash({ ...base, resultLimit: 3 }, 1)).toBe(indexingHash(base, 1));
    expect(indexingHash({ ...base, stemmer: 'french' }, 1)).not.toBe(indexingHash(base, 1));
    expect(indexingHash(base, 2)).not.toBe(indexingHash(base, 1));
  });
});
