import { describe, expect, it } from 'vitest';
import { formatScore } from '../../src-renderer/src/lib/score.ts';

describe('formatScore', () => {
  it('shows two decimals, or two significant digits below 0.01', () => {
    expect([61.04, 2.25, 0.52, 0.01, 0].map(formatScore)).toEqual([
      '61.04',
      '2.25',
      '0.52',
      '0.01',
      '0.00',
    ]);
    expect(formatScore(0.0042)).toBe('0.0042');
    expect(formatScore(1.03e-6)).toBe('0.0000010');
  });
});
