// The recency boost (docs/search-quality.md#links-and-time-in-ranking): off by default; with the
// recencyBoost setting on, of two notes that match alike the recently updated one ranks first.
import { describe, expect, it } from 'vitest';
import { recencyFactor } from '../../../src-main/engine/dates/recency.ts';
import { vaultEngine } from '../search/vault-engine.ts';
import { datedVault } from './dated-vault.ts';

const DAY = 86_400_000;
// Alike but for the name and the age; 'aaa' sorts first, so relevance ties put it first.
const MEDLAR = '# Medlar\n\nMedlar notes.\n';
const engine = vaultEngine(
  () =>
    datedVault([
      ['aaa.md', MEDLAR, Date.now() - 400 * DAY],
      ['zzz.md', MEDLAR, Date.now() - 2 * DAY],
    ]),
  'v',
);

const paths = async () =>
  (await engine().search({ queries: ['medlar'] })).results.map((r) => r.path);

describe('the recency boost', () => {
  it('is 1 + weight × ½^(age / half life), 1 without a date', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(recencyFactor(now, now, 0.5, 90)).toBe(1.5);
    expect(recencyFactor(now - 90 * DAY, now, 0.5, 90)).toBe(1.25);
    expect(recencyFactor(now + DAY, now, 0.5, 90)).toBe(1.5); // a future date counts as now
    expect(recencyFactor(null, now, 0.5, 90)).toBe(1);
    expect(recencyFactor(now, now, 0, 90)).toBe(1);
  });

  it('is off by default, and puts the recently updated note first when on', async () => {
    const before = await engine().search({ queries: ['medlar'] });
    expect(before.results.map((r) => r.path)).toEqual(['aaa.md', 'zzz.md']);
    expect(before.results[0]!.score).toBe(before.results[1]!.score);
    await engine().updateSettings({ recencyBoost: true });
    expect(await paths()).toEqual(['zzz.md', 'aaa.md']);
    await engine().updateSettings({ recencyBoost: false });
    expect(await paths()).toEqual(['aaa.md', 'zzz.md']);
  });
});
