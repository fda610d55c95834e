import { describe, expect, it } from 'vitest';
import type { IndexProgress } from '#shared/contract/api.ts';
import { formatCount, formatDay, formatRowDay } from '../../src-renderer/src/lib/format.ts';
import {
  progressCount,
  progressLabel,
  stillIndexing,
} from '../../src-renderer/src/lib/indexing.ts';

describe('format', () => {
  it('writes a day as toLocaleDateString does, with one formatter for every call', () => {
    for (const ms of [0, Date.UTC(2026, 10, 26, 12), Date.UTC(1999, 0, 1, 23, 59)]) {
      expect(formatDay(ms)).toBe(
        new Date(ms).toLocaleDateString(undefined, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
        }),
      );
    }
  });

  it('a row says today and yesterday, and the year only when it is not this one', () => {
    const now = new Date(2026, 10, 27, 9, 30).getTime();
    expect(formatRowDay(new Date(2026, 10, 27, 0, 5).getTime(), now)).toBe('today');
    expect(formatRowDay(new Date(2026, 10, 27, 23, 50).getTime(), now)).toBe('today');
    expect(formatRowDay(new Date(2026, 10, 26, 23, 59).getTime(), now)).toBe('yesterday');
    expect(formatRowDay(new Date(2026, 10, 26, 0, 0).getTime(), now)).toBe('yesterday');
    const earlier = new Date(2026, 1, 10, 12).getTime();
    const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
    expect(formatRowDay(earlier, now)).toBe(shortDay.format(earlier));
    const lastYear = new Date(2025, 10, 27, 12).getTime();
    expect(formatRowDay(lastYear, now)).toBe(formatDay(lastYear));
    // A date after today (a clock set wrong) keeps its year.
    const later = new Date(2026, 11, 24, 12).getTime();
    expect(formatRowDay(later, now)).toBe(formatDay(later));
  });

  it('groups the digits of a count in English', () => {
    expect(formatCount(19_341)).toBe('19,341');
    expect(formatCount(850)).toBe('850');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});

// docs/ui.md#vaults: while a vault is scanned its size is unknown (the status line said "0/0"), an
// indexing job's counts are grouped as every count, and a search that finds nothing while vaults
// are indexed says so instead of "check the spelling".
describe('indexing', () => {
  const progress = (
    vault: string,
    phase: IndexProgress['phase'],
    done: number,
    total: number,
  ): IndexProgress => ({ vault, phase, done, total, currentPath: null, errors: 0 });

  it('says scanning, without a count, until the folder is read', () => {
    const scanning = progress('notes', 'scanning', 0, 0);
    expect([progressLabel(scanning), progressCount(scanning)]).toEqual(['scanning notes', '']);
    const indexing = progress('ten', 'indexing', 45120, 97460);
    expect([progressLabel(indexing), progressCount(indexing)]).toEqual([
      'indexing ten',
      '45,120/97,460',
    ]);
  });

  it('names the vaults still coming in, or nothing', () => {
    expect(stillIndexing([])).toBeNull();
    expect(stillIndexing([progress('rust-book', 'indexing', 45, 112)])).toBe(
      'Indexing rust-book (45/112): its notes are searched as they come in.',
    );
    expect(
      stillIndexing([
        progress('adv', 'indexing', 38, 44),
        progress('rust-book', 'scanning', 0, 0),
        progress('ten', 'indexing', 1200, 97460),
      ]),
    ).toBe(
      'Indexing adv (38/44), rust-book and ten (1,200/97,460): their notes are searched as they come in.',
    );
  });

  it('says a rebuild of the whole index is under way, for what, and how far, queued vaults counted', () => {
    const rebuild = { reason: 'stemmer', stemmer: 'none', vaults: 5, vaultsDone: 1 } as const;
    const rust = { ...progress('rust-book', 'indexing', 45, 112), rebuild };
    expect([progressLabel(rust), progressCount(rust)]).toEqual([
      'rebuilding rust-book for the stemming language “none” (1 of 5 vaults done)',
      '45/112',
    ]);
    expect(stillIndexing([rust])).toBe(
      'Rebuilding the index for the stemming language “none” (1 of 5 vaults done; rust-book 45/112): notes not read again yet are found by the words that stem the same either way.',
    );
    const alone = {
      ...progress('notes', 'scanning', 0, 0),
      rebuild: { ...rebuild, vaults: 1, vaultsDone: 0 },
    };
    expect(progressLabel(alone)).toBe('rebuilding notes for the stemming language “none”');
    const upgrade = { ...rust, rebuild: { ...rebuild, reason: 'version' } } as const;
    expect(stillIndexing([upgrade, progress('adv', 'indexing', 3, 44)])).toBe(
      'Rebuilding the index for this version of Folio (1 of 5 vaults done; rust-book 45/112): notes are searched as they come in. Indexing adv (3/44): its notes are searched as they come in.',
    );
  });
});
