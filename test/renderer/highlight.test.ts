import { describe, expect, it } from 'vitest';
import { findOccurrences, segmentsOf } from '../../src-renderer/src/lib/highlight.ts';

describe('segmentsOf', () => {
  it('cuts text into plain and matched segments', () => {
    expect(
      segmentsOf('the deep sleep mode', [
        [4, 8],
        [9, 14],
      ]),
    ).toEqual([
      { text: 'the ', match: false },
      { text: 'deep', match: true },
      { text: ' ', match: false },
      { text: 'sleep', match: true },
      { text: ' mode', match: false },
    ]);
  });

  it('applies ranges of a larger string through an offset, clipping at the edges', () => {
    // "sleep mode" starts at 9 of "the deep sleep mode"; the range 4–11 covers "deep sl".
    expect(segmentsOf('sleep mode', [[4, 11]], 9)).toEqual([
      { text: 'sl', match: true },
      { text: 'eep mode', match: false },
    ]);
  });

  it('returns one plain segment without ranges, and nothing for empty text', () => {
    expect(segmentsOf('plain', [])).toEqual([{ text: 'plain', match: false }]);
    expect(segmentsOf('', [[0, 3]])).toEqual([]);
  });
});

describe('findOccurrences', () => {
  it('finds every case-insensitive occurrence, merged', () => {
    expect(findOccurrences('Battery and BATTERY', ['battery'])).toEqual([
      [0, 7],
      [12, 19],
    ]);
    expect(findOccurrences('abcabc', ['abc', 'bca'])).toEqual([[0, 6]]);
  });

  it('ignores empty needles', () => {
    expect(findOccurrences('text', ['', ''])).toEqual([]);
  });
});
