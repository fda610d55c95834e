// Text analysis (docs/design.md#text-analysis): the same pipeline for documents and queries, and
// FTS5's own tokenizer splitting the analysed text exactly where the analyzer did.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnalyzer, MAX_TOKEN_LENGTH } from '../../../src-main/engine/analysis/analyzer.ts';
import { createStemmer, stemmerLanguages } from '../../../src-main/engine/analysis/stemmer.ts';

const english = createAnalyzer('english');

describe('analyzer', () => {
  it('splits on whitespace and punctuation, lowercases and stems', () => {
    expect(english.terms('Error-Handling in Rust: handled, HANDLES!')).toEqual([
      'error',
      'handl',
      'in',
      'rust',
      'handl',
      'handl',
    ]);
  });

  it('folds diacritics, compatibility forms and case traps', () => {
    expect(english.terms('Café café naïve Ｆｕｌｌｗｉｄｔｈ Straße İstanbul ǅemal')).toEqual([
      'cafe',
      'cafe',
      'naiv',
      'fullwidth',
      'strass',
      'istanbul',
      'dzemal',
    ]);
  });

  it('drops tokens over 40 characters', () => {
    const long = 'x'.repeat(MAX_TOKEN_LENGTH + 1);
    expect(english.terms(`a ${long} ${'z'.repeat(MAX_TOKEN_LENGTH)}`)).toEqual([
      'a',
      'z'.repeat(MAX_TOKEN_LENGTH),
    ]);
  });

  it('turns Han, Kana and Hangul runs into bigrams, with their positions', () => {
    expect(english.tokens('日本語の見出し')).toEqual([
      { term: '日本', start: 0, end: 2 },
      { term: '本語', start: 1, end: 3 },
      { term: '語の', start: 2, end: 4 },
      { term: 'の見', start: 3, end: 5 },
      { term: '見出', start: 4, end: 6 },
      { term: '出し', start: 5, end: 7 },
    ]);
    expect(english.terms('한국어 본문')).toEqual(['한국', '국어', '본문']);
    expect(english.terms('東京タワーcjkmarker')).toEqual([
      '東京',
      '京タ',
      'タワ',
      'ワー',
      'cjkmarker',
    ]);
  });

  it('reports positions in the original text (UTF-16), also around astral characters', () => {
    expect(english.tokens('🚀 Launch — naïve')).toEqual([
      { term: 'launch', start: 3, end: 9 },
      { term: 'naiv', start: 12, end: 17 },
    ]);
  });

  it('uses the configured Snowball language, or none', () => {
    expect(createAnalyzer('french').terms('généralement')).toEqual(['general']);
    expect(createAnalyzer('none').terms('Handling')).toEqual(['handling']);
    expect(stemmerLanguages()).toContain('english');
    expect(() => createStemmer('klingon')).toThrow(/unknown stemmer language "klingon"/);
  });

  it('analyses ASCII text exactly as the Unicode path does', () => {
    // A trailing em dash (not a letter) sends the same words down the Unicode path.
    const ascii = fc.string({ unit: fc.constantFrom(..."aZ09 _-.,:'\n\tHandlingIES".split('')) });
    fc.assert(
      fc.property(ascii, (text) => {
        const tokens = english.tokens(text);
        expect(tokens).toEqual(english.tokens(`${text} —`));
        expect(english.terms(text)).toEqual(tokens.map((t) => t.term));
      }),
      { numRuns: 300 },
    );
  });

  it('joins a word written with a mnemonic in brackets, and nothing else in brackets', () => {
    const text = 'E[x]tract, [c]reate [U]INT; Lis[t] a[i] [[FR]Add - [x] done [link](url)';
    expect(english.tokens(text).map((t) => [text.slice(t.start, t.end), t.term])).toEqual([
      ['E[x]tract', 'extract'],
      ['[c]reate', 'creat'],
      ['[U]INT', 'uint'],
      ['Lis', 'lis'],
      ['t', 't'],
      ['a', 'a'],
      ['i', 'i'],
      ['FR', 'fr'],
      ['Add', 'add'],
      ['x', 'x'],
      ['done', 'done'],
      ['link', 'link'],
      ['url', 'url'],
    ]);
    expect(english.terms(text)).toEqual(english.tokens(text).map((t) => t.term));
    expect(english.ftsText('Ex[t]r[ac]t [ü]ber')).toBe('extract uber');
  });

  it('gives prefix queries the part of a word that survives stemming', () => {
    expect(english.prefixTerm('handling')).toBe('handl');
    expect(english.prefixTerm('happy')).toBe('happ');
    expect(english.prefixTerm('Hand')).toBe('hand');
  });
});

describe('FTS5 sees exactly the analysed terms', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(body, content='', contentless_delete=1, tokenize='ascii');
    CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
  const insert = db.prepare('INSERT INTO t (rowid, body) VALUES (?, ?)');
  const seen = db.prepare('SELECT term FROM v WHERE doc = ? ORDER BY offset').pluck();
  let rowid = 0;

  const check = (text: string) => {
    rowid += 1;
    insert.run(rowid, english.ftsText(text));
    expect(seen.all(rowid)).toEqual(english.terms(text));
  };

  it('on the tricky scripts of the adversarial corpus', () => {
    check('Ελληνικά και Кириллица, العنوان بالعربية, כותרת בעברית, ⑴ ½ ﬁle Zero​width soft­hyphen');
  });

  it('on random text with brackets (mnemonic words)', () => {
    const unit = fc.constantFrom(...'ab[]] [xé検 '.split(''));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => check(text)),
      { numRuns: 300 },
    );
  });

  it('on random Unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => check(text)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => check(text)),
      { numRuns: 300 },
    );
  });
});
