// The one score of a search and its bounds as tables of cases (search/ranking.ts,
// docs/search-quality.md#the-score): score = bm25 × coverage^power × boost × placement, placement
// = 1 + headingWeight × heading + contextWeight × context. The options are written out here, so
// the tables test the formula, not the current defaults.
import { describe, expect, it } from 'vitest';
import {
  bm25Ceiling,
  idf,
  orderBound,
  RANKING_DEFAULTS,
  score,
  scoreBound,
  type Features,
} from '../../../src-main/engine/search/ranking.ts';

const options = { ...RANKING_DEFAULTS, coveragePower: 2, headingWeight: 1.5, contextWeight: 0.5 };

const section = (f: Partial<Features>): Features => ({
  bm25: 2,
  coverage: 1,
  heading: 0,
  context: 0,
  boost: 1,
  ...f,
});

describe('score()', () => {
  const cases: Array<[string, Partial<Features>, number]> = [
    ['bm25 alone, the whole query, nothing in its heading', {}, 2],
    ['half the query: coverage squared', { coverage: 0.5 }, 0.5],
    ['the whole query in its heading (and so in its context)', { heading: 1, context: 1 }, 6],
    ['the whole query in its context only', { context: 1 }, 3],
    ['a pinned vault', { boost: 1.5 }, 3],
    ['no bm25', { bm25: 0 }, 0],
    ['none of the query', { coverage: 0 }, 0],
  ];
  it.each(cases)('%s', (_, features, expected) => {
    expect(score(section(features), options)).toBeCloseTo(expected, 12);
  });
});

describe('scoreBound(): the most a section can score before its row is read', () => {
  const bound = { bm25: 2, coverage: 0.5, boost: 1, titled: false, contexted: false, unflagged: 0 };
  const cases: Array<[string, Partial<typeof bound>, number]> = [
    ['titled: its heading and context may hold all it covers', { titled: true }, 1],
    ['in its context: its context may', { contexted: true }, 0.625],
    ['flags show nothing, and nothing hides from them', {}, 0.5],
    ['flags show nothing, a share of 0.2 may hide', { unflagged: 0.2 }, 0.7],
    ['a hidden share is at most its coverage', { unflagged: 1 }, 1],
  ];
  it.each(cases)('%s', (_, of, expected) => {
    expect(scoreBound({ ...bound, ...of }, options)).toBeCloseTo(expected, 12);
  });

  it('is never below the score its row then gives', () => {
    for (const heading of [0, 0.25, 0.5]) {
      for (const context of [heading, 0.5]) {
        const features = section({ coverage: 0.5, heading, context });
        expect(
          scoreBound({ ...bound, titled: heading > 0, contexted: true }, options),
        ).toBeGreaterThanOrEqual(score(features, options));
      }
    }
  });
});

describe('orderBound(): the most a row ranked after one of a given order can score', () => {
  type Case = [order: number, coverage: number, unflagged: number, unscored?: number];
  const cases: Array<[string, Case, number]> = [
    ['whole query, nothing hidden: the order itself', [3, 1, 0], 3],
    ['whole query, all of it may hide from the flags', [3, 1, 1], 9],
    ['half the query, nothing hidden: bm25 3 without a heading', [3, 0.5, 0], 0.75],
    // bm25 1 + 1 in the title (3 × 2), 2 + 1 in the context (3 × 1.5), 3 + 1 nowhere (4).
    ['bm25 its statement did not score, added in each case', [3, 1, 0, 1], 6],
  ];
  it.each(cases)('%s', (_, [order, coverage, unflagged, unscored], expected) => {
    expect(orderBound(order, coverage, unflagged, options, unscored)).toBeCloseTo(expected, 12);
  });
});

describe('word weights', () => {
  it('weighs a rare word above a common one, always above 0 (idf)', () => {
    expect(idf(1, 10)).toBeCloseTo(Math.log(1 + 9.5 / 1.5), 12);
    expect(idf(10, 10)).toBeCloseTo(Math.log(1 + 0.5 / 10.5), 12);
    expect(idf(10, 10)).toBeGreaterThan(0);
  });

  it("bounds a form's bm25 by its idf × (k1 + 1), k1 = 1.2, and a tiny positive", () => {
    expect(bm25Ceiling(1, 10)).toBeCloseTo(2.2 * Math.log(9.5 / 1.5), 12);
    expect(bm25Ceiling(10, 10)).toBeCloseTo(2.2e-6, 12);
  });
});
