// The compiler beyond the expression table: the wanted operands, highlights, fuzzy variants,
// limits on huge inputs.
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import {
  compileQuery,
  matchExpression,
  MAX_QUERY_LEAVES,
} from '../../../src-main/engine/query/compile.ts';
import { editDistance, Vocabulary } from '../../../src-main/engine/query/fuzzy.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';

const analyzer = createAnalyzer('english');
const compile = (q: string, expand?: (t: string) => string[]) =>
  compileQuery(parseQuery(q), analyzer, expand ? { expand } : {});

describe('compileQuery', () => {
  it('lists the top-level operands with how they were typed', () => {
    const q = compile('Error "Sync conflict" (rust OR go) title:Guide -legacy vault:w');
    expect(q.required.map((o) => o.label)).toEqual([
      'error',
      '"sync conflict"',
      '(rust OR go)',
      'title:guide',
    ]);
    expect(q.exclude).toBe('"legaci"');
    expect(q.terms).toEqual(['error', 'sync conflict', 'rust', 'go', 'guide']);
  });

  it('the plain AND (strict) keeps the negations and the path pre-filter', () => {
    expect(matchExpression(compile('alpha beta -delta'))).toBe(
      '("alpha" AND "beta") NOT ("delta")',
    );
    expect(matchExpression(compile('alpha beta path:docs/'))).toBe(
      '("alpha" AND "beta" AND {path} : ("doc"))',
    );
  });

  it('highlights phrases as sequences, prefixes as prefixes, never negated terms', () => {
    const q = compile('"error handling" hand* -legacy');
    expect(q.highlights).toEqual([
      { terms: ['error', 'handl'], prefix: false },
      { terms: ['hand'], prefix: true },
    ]);
  });

  it('adds fuzzy variants only to bare single terms of 4+ characters', () => {
    const expand = (t: string) => [`${t}x`];
    const fuzzy = (q: string) => compile(q, expand).required.map((o) => o.fuzzy);
    expect(fuzzy('recieve')).toEqual(['("reciev" OR "recievx")']);
    expect(fuzzy('abc')).toEqual([null]);
    expect(fuzzy('"recieve"')).toEqual([null]);
    expect(fuzzy('reci*')).toEqual([null]);
    expect(fuzzy('title:recieve')).toEqual(['{title} : (("reciev" OR "recievx"))']);
    // The exact form is kept apart, and so are the variants' highlights.
    const [operand] = compile('recieve', expand).required;
    expect(operand).toMatchObject({ expr: '"reciev"', fuzzyHighlights: [{ terms: ['recievx'] }] });
    expect(matchExpression(compile('recieve parcel', expand), true)).toBe(
      '(("reciev" OR "recievx") AND ("parcel" OR "parcelx"))',
    );
  });

  it(`ignores operands past ${MAX_QUERY_LEAVES}`, () => {
    // A query keeps 32 words (query-words.test.ts); what they compile to has its own bound.
    const words = Array.from({ length: 2000 }, (_, i) => `w${i}`);
    const q = compileQuery(
      {
        root: {
          type: 'and',
          children: words.map((text) => ({ type: 'term', text, field: null, prefix: false })),
        },
        filters: parseQuery('').filters,
      },
      analyzer,
    );
    expect(q.required).toHaveLength(MAX_QUERY_LEAVES);
  });
});

describe('fuzzy vocabulary', () => {
  const vocabulary = new Vocabulary(['receiv', 'handl', 'hand', 'handle', 'cafe', 'caff', 'фото']);

  it('finds terms one insertion, deletion, substitution or transposition away', () => {
    expect(vocabulary.neighbours('reciev')).toEqual(['receiv']); // transposition
    expect(vocabulary.neighbours('hanl')).toEqual(['hand', 'handl']); // insertion, substitution
    expect(vocabulary.neighbours('handl')).toEqual(['hand', 'handle']); // never itself
    expect(vocabulary.neighbours('caf')).toEqual(['cafe', 'caff']);
    expect(vocabulary.neighbours('фотo')).toEqual(['фото']); // a Latin o among Cyrillic
  });

  it('tries as variants only neighbours at least as common as the typed term', () => {
    const counted = new Vocabulary([
      ['form', 50],
      ['fork', 3],
      ['from', 900],
      ['reciev', 1],
      ['receiv', 40],
    ]);
    expect(counted.variants('form')).toEqual(['from']); // "fork" is another, rarer word
    expect(counted.variants('reciev')).toEqual(['receiv']); // the typo is the rarer one
    expect(counted.variants('receiv')).toEqual([]);
    expect(counted.variants('frm')).toEqual(['form', 'from']); // absent: every neighbour
  });

  it('agrees with the edit distance on every candidate', () => {
    for (const term of ['reciev', 'hanl', 'cafe', 'xyz']) {
      for (const found of vocabulary.neighbours(term)) expect(editDistance(term, found)).toBe(1);
    }
    expect(editDistance('abcd', 'badc')).toBe(2);
  });
});
