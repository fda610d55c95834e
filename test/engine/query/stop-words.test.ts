// Stop words in queries: which typed words are required terms (partial matching counts
// only those), as a table of what the user typed → required operands and the words left out.
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { stopWords } from '../../../src-main/engine/analysis/stop-words.ts';
import { compileQuery, matchExpression } from '../../../src-main/engine/query/compile.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';

const english = createAnalyzer('english');
const compile = (q: string, analyzer = english) => compileQuery(parseQuery(q), analyzer);

describe('stop words are not required terms', () => {
  const cases: Array<[typed: string, required: string[], left: string[]]> = [
    ['how do I embed a pdf page', ['embed', 'pdf', 'page'], ['how', 'do', 'i', 'a']],
    ['What is THE difference', ['difference'], ['what', 'is', 'the']],
    // Contractions split into stop-word pieces ("can" + "t") are stop words as a whole.
    ["why can't I index a String", ['index', 'string'], ['why', "can't", 'i', 'a']],
    ["it's broken", ['broken'], ["it's"]],
    // Typed without the apostrophe, they are the same stop words.
    ['why doesnt the list update', ['list', 'update'], ['why', 'doesnt', 'the']],
    [
      'whats the command when it isnt there',
      ['command'],
      ['whats', 'the', 'when', 'it', 'isnt', 'there'],
    ],
    // Closed-class words beyond the Snowball list; modal verbs stay words.
    [
      'detach a vault without deleting its files',
      ['detach', 'vault', 'deleting', 'files'],
      ['a', 'without', 'its'],
    ],
    [
      'name must be prefixed via another flag',
      ['name', 'must', 'prefixed', 'flag'],
      ['be', 'via', 'another'],
    ],
    // Deliberate forms stay as typed: phrases, fields, prefixes, negations.
    ['"the who" band', ['"the who"', 'band'], []],
    ['title:the band', ['title:the', 'band'], []],
    ['th* band', ['th*', 'band'], []],
    ['band -the', ['band'], []],
    // Inside a group a stop word is part of what was typed.
    ['(the OR band) music', ['(the OR band)', 'music'], []],
    // A query of stop words only keeps them all: it still finds what it can.
    ['the who', ['the', 'who'], []],
    ['to be or not to be', ['to', 'be', 'or', 'not', 'to', 'be'], []],
    // Words that merely look alike are kept.
    ['c function', ['c', 'function'], []],
    ['them themes', ['themes'], ['them']],
  ];

  it.each(cases)('%s', (typed, required, left) => {
    const q = compile(typed);
    expect(q.required.map((o) => o.label)).toEqual(required);
    expect(q.stopWords).toEqual(left);
  });

  it('are neither matched nor highlighted when left out', () => {
    const q = compile('how do I embed a pdf');
    expect(matchExpression(q)).toBe('("emb" AND "pdf")');
    expect(q.highlights.map((h) => h.terms.join(' '))).toEqual(['emb', 'pdf']);
    expect(q.terms).toEqual(['embed', 'pdf']);
  });

  it('exist for English only; other languages require every word', () => {
    expect(stopWords('english').words.has('the')).toBe(true);
    expect(stopWords('french').words.size).toBe(0);
    const q = compile('le chat et la souris', createAnalyzer('french'));
    expect(q.required).toHaveLength(5);
  });

  it('the analyzer tells them apart whole words at a time', () => {
    expect(english.isStopWord('The')).toBe(true);
    expect(english.isStopWord("don't")).toBe(true);
    expect(english.isStopWord('theme')).toBe(false);
    expect(english.isStopWord('the-band')).toBe(false);
    expect(english.isStopWord('')).toBe(false);
    // A contraction piece alone is a word like any other ("D language", "vitamin C").
    expect(english.isStopWord('d')).toBe(false);
  });
});
