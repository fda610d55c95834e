// Dates in a search on real files (docs/design.md#date-filters): filters keep only the notes in
// range, `sort` puts the newest first, and every result carries its dates.
import { describe, expect, it } from 'vitest';
import { vaultEngine } from '../search/vault-engine.ts';
import { datedVault } from './dated-vault.ts';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();
const engine = vaultEngine(
  () =>
    datedVault([
      ['old.md', '---\ncreated: 2025-03-04\n---\n# Old\n\nTomatoes here.\n', day(2024, 5, 1)],
      ['new.md', '---\ndate: 2026-10-01\n---\n# New\n\nTomatoes, beans.\n', Date.now()],
      ['plain.md', '# Plain\n\nTomatoes only.\n', day(2026, 1, 15)],
    ]),
  'v',
);

const paths = async (query: string, sort?: 'modified' | 'created') =>
  (await engine().search({ queries: [query], ...(sort ? { sort } : {}) })).results.map(
    (r) => r.path,
  );

describe('dates in a search', () => {
  it('filter by modification time, absolute and relative', async () => {
    expect((await paths('tomatoes modified:>2026-01-01')).sort()).toEqual(['new.md', 'plain.md']);
    expect(await paths('tomatoes modified:<30d')).toEqual(['new.md']);
    expect(await paths('tomatoes modified:2024')).toEqual(['old.md']);
  });

  it('filter by the frontmatter created (else date) date; a note without one is outside', async () => {
    expect(await paths('tomatoes created:2025')).toEqual(['old.md']);
    expect(await paths('tomatoes created:>=2026')).toEqual(['new.md']);
    expect((await paths('tomatoes -created:2025')).sort()).toEqual(['new.md', 'plain.md']);
  });

  it('name the filters that are no date, once, and only those', async () => {
    const notDates = async (...queries: string[]) => (await engine().search({ queries })).notDates;
    expect(await notDates('tomatoes modified:<abc', 'beans modified:<abc created:2025')).toEqual([
      'modified:<abc',
    ]);
    expect(await notDates('tomatoes modified:<30d created:yesterday')).toEqual([
      'created:yesterday',
    ]);
    expect(await notDates('tomatoes modified:<30d')).toEqual([]);
  });

  it('sort newest first, notes without the date last', async () => {
    expect(await paths('tomatoes', 'modified')).toEqual(['new.md', 'plain.md', 'old.md']);
    expect(await paths('tomatoes', 'created')).toEqual(['new.md', 'old.md', 'plain.md']);
  });

  it('alone, list the whole notes in range, newest first by the filter’s date', async () => {
    expect(await paths('modified:<30d')).toEqual(['new.md']);
    expect(await paths('modified:>2020')).toEqual(['new.md', 'plain.md', 'old.md']);
    expect(await paths('created:>2020')).toEqual(['new.md', 'old.md']);
    expect(await paths('-created:>2020')).toEqual(['plain.md']);
    expect(await paths('modified:>2020 vault:v')).toEqual(['new.md', 'plain.md', 'old.md']);
    expect(await paths('modified:>2020 -vault:v')).toEqual([]);
    const { results } = await engine().search({ queries: ['modified:>2020'], limit: 2 });
    expect(results.map((r) => [r.id, r.partial])).toEqual([
      ['v:new.md', false],
      ['v:plain.md', false],
    ]);
    expect(results[0]!.snippet).toContain('Tomatoes, beans.');
    // Sorted by another date when asked; a word or a field word makes it an ordinary search.
    expect(await paths('modified:>2020', 'created')).toEqual(['new.md', 'old.md', 'plain.md']);
    expect(await paths('modified:>2020 beans')).toEqual(['new.md']);
    expect(await paths('modified:>2020 title:plain')).toEqual(['plain.md']);
  });

  it('give each result its dates', async () => {
    const { results } = await engine().search({ queries: ['tomatoes'] });
    const old = results.find((r) => r.path === 'old.md')!;
    expect(old.modified).toBe(day(2024, 5, 1));
    expect(old.created).toBe(day(2025, 3, 4));
    expect(results.find((r) => r.path === 'plain.md')!.created).toBeNull();
  });
});
