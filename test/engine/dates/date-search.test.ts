// Dates in a search on real files (docs/design.md#date-filters): filters keep only the notes in
// range, `sort` puts the newest first, and every result carries its dates.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { vaultEngine } from '../search/vault-engine.ts';
import { tempDir } from '../store/temp.ts';
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

describe('a query of vault filters alone', () => {
  let engine: EngineService;
  beforeAll(async () => {
    const a = datedVault([
      ['a-old.md', '# A old\n\nFirst.\n', day(2024, 5, 1)],
      ['a-new.md', '# A new\n\nSecond.\n', day(2026, 1, 15)],
    ]);
    const b = datedVault([['b.md', '# B\n\nThird.\n', day(2025, 6, 1)]]);
    engine = await createEngine({
      dbPath: join(tempDir(), 'vaults-alone.db'),
      vaults: [
        { root: a, name: 'a' },
        { root: b, name: 'b' },
      ],
      watch: false,
    });
    await engineInternals(engine).ready();
  });
  afterAll(() => engine.close());
  const ids = async (query: string, limit?: number) =>
    (await engine.search({ queries: [query], ...(limit ? { limit } : {}) })).results.map(
      (r) => r.id,
    );

  it('lists the vault’s notes, newest first by modification', async () => {
    expect(await ids('vault:a')).toEqual(['a:a-new.md', 'a:a-old.md']);
    expect(await ids('-vault:a')).toEqual(['b:b.md']);
    expect(await ids('vault:a vault:b', 2)).toEqual(['a:a-new.md', 'b:b.md']);
    expect(await ids('vault:nosuch')).toEqual([]);
  });

  it('stays an ordinary search with a word or a field word; a negated word alone finds nothing', async () => {
    expect(await ids('vault:a second')).toEqual(['a:a-new.md#a-new']);
    expect(await ids('vault:a title:old')).toEqual(['a:a-old.md']);
    const { unmatchedTopics } = await engine.search({ queries: ['vault:a -first'] });
    expect(unmatchedTopics).toEqual([0]);
  });
});
