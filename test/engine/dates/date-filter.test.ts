// Date filters as the query language reads them (docs/design.md#date-filters): a table of typed
// values and the range each keeps, and what parseQuery makes of them (never an error).
import { describe, expect, it } from 'vitest';
import { parseDateFilter, passesDateFilter } from '../../../src-main/engine/dates/date-filter.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';

const NOW = new Date(2026, 10, 26, 15, 0).getTime(); // 26 Nov 2026, 15:00 local
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();
const DAY = 86_400_000;

describe('date filter values', () => {
  it.each([
    ['2025', day(2025, 1, 1), day(2026, 1, 1)],
    ['>2026-01-01', day(2026, 1, 2), null],
    ['>=2026-01-01', day(2026, 1, 1), null],
    ['<2026-01-01', null, day(2026, 1, 1)],
    ['<=2026-01', null, day(2026, 2, 1)],
    ['2026-02', day(2026, 2, 1), day(2026, 3, 1)],
    ['2024/02/29', day(2024, 2, 29), day(2024, 3, 1)],
    ['<30d', NOW - 30 * DAY, null],
    ['30d', NOW - 30 * DAY, null],
    ['>2w', null, NOW - 14 * DAY],
    ['<6m', new Date(2026, 4, 26, 15, 0).getTime(), null],
    ['<1y', new Date(2025, 10, 26, 15, 0).getTime(), null],
    ['today', day(2026, 11, 26), null],
  ])('%s keeps [%s, %s)', (value, from, to) => {
    expect(parseDateFilter('modified', value, NOW)).toEqual({
      field: 'modified',
      from,
      to,
      negated: false,
    });
  });

  it.each(['yesterday', '2025-13', '2023-02-29', '30', 'd', '', '>', '2025-01-01x'])(
    '%j is not a date',
    (value) => expect(parseDateFilter('created', value, NOW)).toBeNull(),
  );

  it('keeps a date inside the range, or outside it when negated; no date is never inside', () => {
    const filter = parseDateFilter('created', '2025', NOW)!;
    expect(passesDateFilter(filter, day(2025, 6, 1))).toBe(true);
    expect(passesDateFilter(filter, day(2026, 1, 1))).toBe(false);
    expect(passesDateFilter(filter, null)).toBe(false);
    const outside = { ...filter, negated: true };
    expect(passesDateFilter(outside, day(2025, 6, 1))).toBe(false);
    expect(passesDateFilter(outside, null)).toBe(true);
  });
});

describe('date filters in a query', () => {
  it('are filters of the whole query, wherever typed, negated by a minus', () => {
    const parsed = parseQuery('garden (modified:>2026-01-01 OR beans) -created:2025', NOW);
    expect(parsed.filters.dates).toEqual([
      { field: 'modified', from: day(2026, 1, 2), to: null, negated: false },
      { field: 'created', from: day(2025, 1, 1), to: day(2026, 1, 1), negated: true },
    ]);
    expect(parsed.root).toMatchObject({ type: 'and' });
  });

  it('search their words as typed when the value is no date', () => {
    const parsed = parseQuery('created:yesterday', NOW);
    expect(parsed.filters.dates).toEqual([]);
    expect(parsed.root).toEqual({
      type: 'and',
      children: [
        { type: 'term', text: 'created', field: null, prefix: false },
        { type: 'term', text: 'yesterday', field: null, prefix: false },
      ],
    });
  });

  it('never fail, whatever follows the key', () => {
    for (const input of ['modified:', 'date:(', 'updated:"2025"', 'modified:<<<', 'date: 2025']) {
      expect(() => parseQuery(input, NOW)).not.toThrow();
    }
    expect(parseQuery('updated:"2025"', NOW).filters.dates).toHaveLength(1);
  });
});
