import { describe, expect, it } from 'vitest';
import { formatCount, formatDay } from '../../src-renderer/src/lib/format.ts';

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

  it('groups the digits of a count in English', () => {
    expect(formatCount(19_341)).toBe('19,341');
    expect(formatCount(850)).toBe('850');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});
