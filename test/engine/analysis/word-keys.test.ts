// What highlighting relies on to skip words: every word analysing to a term starts with the
// term's key and is at least `minLength` long — checked on random ASCII words built from common
// suffixes of the Snowball languages, the words stemmers change most.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { stemmerLanguages } from '../../../src-main/engine/analysis/stemmer.ts';
import { hasWordKeys, wordKey } from '../../../src-main/engine/analysis/word-keys.ts';

const SUFFIXES = ['ational', 'ization', 'fulness', 'iveness', 'ing', 'ed', 'ly', 's', 'ies', 'ied'];
const MORE = ['y', 'e', 'eed', 'at', 'bl', 'iz', 'ions', 'eraient', 'amment', 'ungen', 'heit'];
const OTHERS = ['ului', 'iilor', 'nak', 'arekin', 'ovat', 'lerden', 'ssa', 'lla', 'ksi', 'igheden'];
const word = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...'abcdeiklmnorstuyzAEZ0'.split('')), maxLength: 8 }),
    fc.constantFrom('', ...SUFFIXES, ...MORE, ...OTHERS),
    fc.constantFrom('', ...SUFFIXES, ...MORE),
  )
  .map(([stem, a, b]) => stem + a + b)
  .filter((w) => w.length > 0);

describe('word keys', () => {
  for (const language of stemmerLanguages().filter(hasWordKeys)) {
    it(`tell the words that can analyse to a term (${language})`, () => {
      const analyzer = createAnalyzer(language);
      fc.assert(
        fc.property(word, (w) => {
          const term = analyzer.term(w);
          if (!term) return;
          const { key, minLength } = wordKey(term, language);
          expect(w.toLowerCase().startsWith(key)).toBe(true);
          expect(w.length).toBeGreaterThanOrEqual(minLength);
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('give no key to a one-letter Turkish stem (its last consonant changes)', () => {
    const turkish = createAnalyzer('turkish');
    for (const [w, term] of [
      ['bunu', 'p'],
      ['cuniz', 'ç'],
      ['dunu', 't'],
    ] as const) {
      expect(turkish.term(w)).toBe(term);
      expect(wordKey(term, 'turkish').key).toBe('');
    }
  });

  it('leave Irish to full analysis (it strips prefixes)', () => {
    expect(hasWordKeys('irish')).toBe(false);
    expect(hasWordKeys('english')).toBe(true);
  });
});
