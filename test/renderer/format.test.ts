import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatRowDay } from '../../src-renderer/src/lib/format.ts';

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
