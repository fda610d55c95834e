// Heading evidence (search/heading-match.ts): the idf-weighted shares as a table, and their effect
// on raw scores of the ranking fixtures — the section named by the query beats a sibling that only
// repeats its words, and a generic "Details" heading is judged by its file title.
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { compileQuery, type HighlightTerm } from '../../../src-main/engine/query/compile.ts';
import { withParts } from '../../../src-main/engine/query/identifier-parts.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';
import { markTyping } from '../../../src-main/engine/query/typing.ts';
import { HeadingTermTable, headingShares } from '../../../src-main/engine/search/heading-match.ts';
import { tempDir } from '../store/temp.ts';

const analyzer = createAnalyzer('english');
/** A node's heading terms: its heading `own` and the titles of its context (no path). */
const headingOf = (own: string, context: string[]) =>
  new HeadingTermTable().add(0, own, '', context, analyzer);
/** True when an alternative of `highlights` has all its terms in the texts of a context. */
const inContext = (highlights: readonly HighlightTerm[], texts: string[]) => {
  const heading = headingOf('', texts);
  return heading.table.holdsAny(highlights, heading, 'context');
};
/** Every wanted operand of a query, each of weight 1 unless `weights` says otherwise. */
const wanted = (q: string, weights: number[] = []) =>
  compileQuery(parseQuery(q), analyzer, { expand: (t) => (t === 'colour' ? ['color'] : []) })
    .required.filter((o) => !o.filter)
    .map((operand, i) => ({ operand, weight: weights[i] ?? 1 }));

describe('headingShares', () => {
  // [query, own heading, context, weights (1 each if empty), [heading share, context share]]
  const cases: Array<[string, string, string, number[], [number, number]]> = [
    ['lifetime elision rules', 'Lifetime Elision', 'Lifetimes', [], [2 / 3, 2 / 3]],
    ['lifetime elision rules', 'In Method Definitions', 'Validating Lifetimes', [], [0, 1 / 3]],
    ['move header', 'Details', 'Move Header', [], [0, 1]],
    ['move header', 'Moving headers', '', [], [1, 1]],
    ['"error handling" rust', 'Error Handling', 'Rust', [], [1 / 2, 1]],
    ['"error handling"', 'Handling errors', '', [], [1, 1]], // a phrase's terms, in any order
    ['"error handling"', 'Errors', '', [], [0, 0]],
    ['hand* rust', 'Handlers', '', [], [1 / 2, 1 / 2]],
    ['(vault OR repo)', 'Repo settings', '', [], [1, 1]],
    ['nothing here', 'Other', 'Words', [], [0, 0]],
    // Rare words weigh more: "port" (weight 3) in the heading is most of "see port".
    ['see port', 'Port numbers', '', [1, 3], [3 / 4, 3 / 4]],
    // A fuzzy variant in the heading counts its weight (0.5 here).
    ['colour', 'Color', '', [], [0.5, 0.5]],
  ];
  it.each(cases)('%s under "%s" in "%s"', (query, own, context, weights, [h, c]) => {
    const list = wanted(query, weights);
    const total = list.reduce((sum, w) => sum + w.weight, 0);
    const heading = headingOf(own, [context]);
    const shares = headingShares(list, total, heading, 0.5);
    expect(shares.heading).toBeCloseTo(h, 9);
    expect(shares.context).toBeCloseTo(c, 9);
  });

  it('is 0 for a query without wanted operands', () => {
    const heading = headingOf('x', ['']);
    expect(headingShares([], 0, heading, 0.5)).toEqual({ heading: 0, context: 0 });
  });

  // A group its row holds only through a fuzzy variant ('rvalue' for 'value') counts no more in
  // the heading than in the coverage, though another member is there ('copy' and 'lvalue' apart):
  // the row would score above its bound (topic-ranking.ts placementOf).
  it('counts an operand its row holds only fuzzily at most fuzzyWeight', () => {
    const [group] = wanted('(value OR "copy lvalue")');
    const heading = headingOf('Rvalue', ['copy frame lvalue']);
    expect(headingShares([group!], 1, heading, 0.5)).toEqual({ heading: 0, context: 1 });
    const fuzzyOnly = { ...group!, fuzzyOnly: true };
    expect(headingShares([fuzzyOnly], 1, heading, 0.5)).toEqual({ heading: 0, context: 0.5 });
  });

  // The word being typed matches the completions chosen for it (query/typing.ts), not every word
  // its prefix begins: a heading holding another is not what its row was matched by, and no FTS5
  // flag would show it (the row would score above its bound).
  it.each([
    ['Binding rules', 1],
    ['Binder1st class', 0],
    ['Bind', 1],
  ])('names the word being typed by its completions: bind under "%s"', (own, share) => {
    const completions = (prefix: string) => (prefix === 'bind' ? ['binding', 'bindings'] : []);
    const [typed] = compileQuery(markTyping(parseQuery('bind'), 'bind'), analyzer, {
      completions,
    }).required.map((operand) => ({ operand, weight: 1 }));
    expect(typed!.operand.words).toEqual(['bind', 'binding', 'bindings']);
    const shares = headingShares([typed!], 1, headingOf(own, ['']), 0.5);
    expect(shares.heading).toBe(share);
  });

  it('an operand is in a text when one alternative has all its terms there', () => {
    const { operand } = wanted('"error handling"')[0]!;
    expect(inContext(operand.highlights, ['handling of an error'])).toBe(true);
    expect(inContext(operand.highlights, ['error'])).toBe(false);
  });

  it("reads a context's texts as one (their terms' union)", () => {
    const { operand } = wanted('"error handling"')[0]!;
    expect(inContext(operand.highlights, ['errors', 'handling'])).toBe(true);
    expect(inContext(operand.highlights, ['errors', 'moving'])).toBe(false);
    const prefix = wanted('hand*')[0]!.operand;
    expect(inContext(prefix.highlights, ['errors', 'handlers'])).toBe(true);
    expect(inContext(prefix.highlights, [])).toBe(false);
  });

  it('keeps the terms of nodes analysed apart, and a term new since a query was matched', () => {
    const table = new HeadingTermTable();
    const { operand } = wanted('"error handling"')[0]!;
    const first = table.add(0, 'Moving', 'errors', [], analyzer);
    expect(table.holdsAny(operand.highlights, first, 'context')).toBe(false);
    // "handling" was no heading's term when the query was first matched; now one holds it.
    const second = table.add(7, 'Handling', '', ['Errors'], analyzer);
    expect(table.holdsAny(operand.highlights, second, 'context')).toBe(false);
    expect(table.holdsAny(operand.highlights, second, 'own')).toBe(false);
    const third = table.add(3, 'Error handling', '', [], analyzer);
    expect(table.holdsAny(operand.highlights, third, 'own')).toBe(true);
    expect(table.find(0)).toEqual(first);
    expect(table.find(7)).toEqual(second);
    expect(table.find(5)).toBeUndefined();
    expect(table.find(5000)).toBeUndefined();
  });
});

describe('heading context terms', () => {
  // The context's terms are kept per text (path, file title, each ancestor title) and united:
  // that must be the analysis of the texts together.
  const texts = fc.array(
    fc
      .array(
        fc.constantFrom(
          'CTaskDialog::IsSupported',
          'HTMLParser',
          'cpp/build-reference',
          'Café',
          'Straße',
          '日本語の見出し',
          'error-handling',
          'x64',
          'Remarks',
          'setUp',
          'ABC',
          ' ',
          '_',
        ),
        { maxLength: 4 },
      )
      .map((words) => words.join(' ')),
    { maxLength: 5 },
  );

  it("the union of each text's terms is the terms of all texts (property)", () => {
    fc.assert(
      fc.property(texts, (list) => {
        const together = new Set(analyzer.terms(withParts(list)));
        const united = new Set(list.flatMap((text) => analyzer.terms(withParts([text]))));
        expect(united).toEqual(together);
      }),
      { numRuns: 300 },
    );
  });
});

describe('heading coverage on raw scores', () => {
  let engine: EngineService;
  beforeAll(async () => {
    engine = await createEngine({
      dbPath: join(tempDir(), 'headings.db'),
      vaults: [{ root: join(import.meta.dirname, '../../fixtures/ranking/headings'), name: 'h' }],
      watch: false,
    });
    await engineInternals(engine).ready();
  });
  afterAll(() => engine.close());
  const raw = (q: string) => engineInternals(engine).searchRaw({ queries: [q] }).results;

  it('the section named by the query beats a sibling that repeats its words', () => {
    // BM25 alone puts "Lifetimes in Method Definitions" first (its short body repeats all three).
    expect(raw('lifetime elision rules')[0]!.id).toBe('h:lifetimes.md#lifetime-elision');
  });

  it('a generic heading is judged by its file title', () => {
    // Two identical "Details" sections (a tie would go to cmd-07); only cmd-08 is titled with
    // the query's words.
    const ids = raw('archive hierarchy notes')
      .map((r) => r.id)
      .filter((id) => id.startsWith('h:cmd-') && id.endsWith('#details'));
    expect(ids).toEqual(['h:cmd-08.md#details', 'h:cmd-07.md#details']);
  });
});
