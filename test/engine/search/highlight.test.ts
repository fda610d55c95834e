// The fast highlight path (only words that can match are analysed) must find exactly what
// analysing every word finds, in short texts and long ones.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { createMatcher } from '../../../src-main/engine/search/highlight.ts';

const WORDS = [
  'handling',
  'Handled',
  'handle',
  'hand',
  'dying',
  'die',
  'lying',
  'skies',
  'sky',
  'errors',
  'error',
  'Error-Handling',
  'generalizations',
  'general',
  'x64',
  'LNK2019',
  'lnk',
  'the',
  'a',
  'iterator',
  'it',
  'its',
  'item',
  'iterators',
  'ITERATE',
  'happy',
  'happiness',
  'yield',
  'Yielding',
  'q'.repeat(41),
  'std::vector',
  'push_back',
  '—',
  '’',
  '🚀',
  'a1b2',
  '2019',
  'handlers',
  'skiing',
  'gently',
  'ugly',
  'only',
  'early',
  'generously',
  'tying',
  'innings',
  'proceeding',
  'succeeded',
  'Queueing',
  'agreed',
  // Letters outside ASCII: folded, case-trapped, astral and CJK words.
  'Café',
  'naïve',
  'Émigré',
  'Straße',
  'İstanbul',
  'ǅemal',
  'Ｆｕｌｌ',
  'фото',
  '東京タワー',
  '東京',
  '日本語の文章',
  '한국어',
  'x東京y',
  '𠀀𠀁',
  '\ufffd',
  // ASCII letters touching other characters: a combining mark, an astral letter, punctuation
  // outside ASCII, a letter that folds to ASCII under Unicode case rules.
  'cafe\u0301s',
  'a𝐀handling',
  'handling𝐀',
  'don’t',
  'error—handling',
  'ſtring',
  '\u212Aelvin',
  // Mnemonic words (docs/design.md#text-analysis), and brackets that make none.
  'E[x]tract',
  '[c]reate',
  'han[d]ling',
  '[ü]ber',
  'Lis[t]',
  '[[x]y',
];
const SEPARATORS = [' ', '  ', '\n', ', ', '. ', '\n\n', '(', ')', '-', '_', '/', '['];

const text = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), {
      minLength: 1,
      maxLength: 80,
    }),
    fc.boolean(),
  )
  .map(([parts, long]) => {
    const once = parts.map(([w, s]) => w + s).join('');
    return long ? once.repeat(Math.ceil(300 / once.length)) : once;
  });

describe('matcher fast path', () => {
  for (const language of ['english', 'none', 'french', 'finnish', 'german', 'turkish']) {
    const analyzer = createAnalyzer(language);
    it(`finds what full analysis finds (${language})`, () => {
      const term = fc.constantFrom(...WORDS).map((w) => analyzer.terms(w)[0] ?? 'x');
      const highlight = fc.oneof(
        fc.record({ terms: fc.array(term, { minLength: 1, maxLength: 3 }), prefix: fc.boolean() }),
        // A real phrase: every term of a word or of two words (CJK bigram runs included).
        fc
          .tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS), fc.boolean())
          .map(([a, b, prefix]) => ({ terms: analyzer.terms(`${a} ${b}`), prefix }))
          .filter((h) => h.terms.length > 0),
      );
      const queries = fc.array(highlight, { minLength: 1, maxLength: 4 });
      fc.assert(
        fc.property(text, queries, (t, highlights) => {
          const matcher = createMatcher(highlights, analyzer);
          const expected = matcher.find(analyzer.tokens(t));
          expect(matcher.findIn(t)).toEqual(expected);
          // eslint-disable-next-line no-control-regex -- the ASCII range is the point
          if (!/[^\x00-\x7f]/.test(t)) expect(matcher.findIn(t, true)).toEqual(expected);
          // A capped scan (it stops once the first ranges are certain) finds the first ranges
          // of the full one, over a text long enough to stop in.
          const long = t.repeat(12);
          const all = matcher.find(analyzer.tokens(long));
          for (const max of [1, 3, 10, 40]) {
            expect(matcher.findIn(long, false, max)).toEqual(all.slice(0, max));
          }
        }),
        { numRuns: 150 },
      );
    });
  }
});

describe('matcher fast path, ASCII letters inside longer words', () => {
  const analyzer = createAnalyzer('english');
  const cases: Array<[text: string, term: string, found: string[]]> = [
    ['a𝐀handling handling', 'handl', ['handling']],
    ['handling𝐀 handling', 'handl', ['handling']],
    ['naïve handling', 'handl', ['handling']],
    ['handlingé handling', 'handl', ['handling']],
    ['cafe\u0301 cafe', 'cafe', ['cafe\u0301', 'cafe']],
    ['don’t handle error—handling', 'handl', ['handle', 'handling']],
    ['ſtring string', 'string', ['ſtring', 'string']],
  ];
  for (const [text, term, found] of cases) {
    it(`finds ${JSON.stringify(found)} in ${JSON.stringify(text)}`, () => {
      const matcher = createMatcher([{ terms: [term], prefix: false }], analyzer);
      const ranges = matcher.findIn(text);
      expect(ranges).toEqual(matcher.find(analyzer.tokens(text)));
      expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(found);
    });
  }
});

describe('matcher fast path, Turkish one-letter stems', () => {
  it('finds the words whose last consonant the stemmer changed', () => {
    const turkish = createAnalyzer('turkish');
    const text = 'Bunu cuniz ve dunu, kitabı bunlar.';
    for (const term of ['p', 'ç', 't', 'kitap']) {
      const matcher = createMatcher([{ terms: [term], prefix: false }], turkish);
      expect(matcher.findIn(text)).toEqual(matcher.find(turkish.tokens(text)));
      expect(matcher.findIn(text).length).toBe(1);
    }
  });
});

describe('matcher fast path, phrases sharing their first words', () => {
  it('reads a longer phrase on after the words a shorter one read', () => {
    const german = createAnalyzer('german');
    const text = 'error—handling handling ';
    const matcher = createMatcher(
      [
        { terms: ['error', 'handling'], prefix: false },
        { terms: ['error', 'handling', 'handling'], prefix: false },
      ],
      german,
    );
    expect(matcher.findIn(text)).toEqual([[0, 23]]);
    expect(matcher.findIn(text)).toEqual(matcher.find(german.tokens(text)));
  });
});

describe('matcher fast path, a phrase over a mnemonic word', () => {
  it('reads the mnemonic word whole, not its pieces', () => {
    // Found by the property above: the phrase from 'handling' read on 'han', 'd', 'ling'.
    const english = createAnalyzer('english');
    const text = 'han[d]ling handling '.repeat(12);
    const matcher = createMatcher([{ terms: ['handl', 'handl'], prefix: false }], english);
    expect(matcher.findIn(text)).toEqual([[0, 239]]);
    expect(matcher.findIn(text, false, 1)).toEqual([[0, 239]]);
  });
});

describe('matcher fast path, a capped scan', () => {
  const english = createAnalyzer('english');

  it('stops early and still finds the first ranges of a long text', () => {
    const matcher = createMatcher([{ terms: ['error'], prefix: false }], english);
    const text = 'an error, then errors. '.repeat(400);
    expect(matcher.findIn(text, false, 5)).toEqual(matcher.findIn(text).slice(0, 5));
    expect(matcher.findIn(text, false, 5)).toEqual([
      [3, 8],
      [15, 21],
      [26, 31],
      [38, 44],
      [49, 54],
    ]);
  });

  it('overlapping phrases merged into one range: the whole text is scanned', () => {
    // Every "error error" overlaps the next: hundreds of ranges found merge into one.
    const matcher = createMatcher([{ terms: ['error', 'error'], prefix: false }], english);
    const text = 'error '.repeat(300) + 'end error error';
    expect(matcher.findIn(text, false, 1)).toEqual([[0, 1799]]);
    expect(matcher.findIn(text, false, 2)).toEqual([
      [0, 1799],
      [1804, 1815],
    ]);
  });
});

describe('matcher fast path, a capped scan of a phrase over its own words', () => {
  // 'folio', 'ranking' and "folio ranking" give three ranges per pair that merge into one: the
  // scan once started over on the whole text whenever merging left fewer than `max` (a 30 MB
  // note's first MiB was scanned twice per topic: docs/benchmarks.md#huge-notes).
  const english = createAnalyzer('english');
  const highlights = [
    { terms: ['folio'], prefix: false },
    { terms: ['rank'], prefix: false },
    { terms: ['folio', 'rank'], prefix: false },
  ];
  const text = 'folio ranking '.repeat(20_000);

  it('finds the first ranges of the full scan, reading only as far as they need', () => {
    let analysed = 0;
    const counting = Object.create(english) as typeof english;
    counting.term = (word: string) => (analysed++, english.term(word));
    const full = createMatcher(highlights, english).findIn(text);
    expect(full).toHaveLength(20_000);
    const capped = createMatcher(highlights, counting).findIn(text, false, 100);
    expect(capped).toEqual(full.slice(0, 100));
    expect(analysed).toBeLessThan(1000); // words analysed: a few hundred, not 40,000
  });
});
