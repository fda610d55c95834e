// A query searches its first 32 words (docs/decisions.md#a-query-searches-its-first-32-words):
// the words after them are left out at the parse stage and named in the answer — how many, from
// which word — so a pasted page costs what its first words cost, and says so. Filters do not count
// and are kept wherever they were typed.
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_WORDS, wordsLeftOutNote } from '#shared/query-words.ts';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { createEngine } from '../../../src-main/engine/create-engine.ts';
import { compileQuery } from '../../../src-main/engine/query/compile.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';
import { markTyping } from '../../../src-main/engine/query/typing.ts';
import { write } from '../live/helpers.ts';
import { tempDir } from '../store/temp.ts';
import { showQuery } from './show-ast.ts';

const words = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `w${from + i}`).join(' ');

describe('a query of more than 32 words', () => {
  it('keeps 32 words as typed, and says nothing when it has no more', () => {
    expect(MAX_QUERY_WORDS).toBe(32);
    const parsed = parseQuery(words(32));
    expect(parsed.leftOut).toBeUndefined();
    expect(showQuery(parsed)).toBe(`(and ${words(32)})`);
  });

  it('leaves out the words after the 32nd: how many, and the first as typed', () => {
    const parsed = parseQuery(`${words(32)} Next ${words(999, 33)}`);
    expect(parsed.leftOut).toEqual({ words: 1000, from: 'Next' });
    expect(showQuery(parsed)).toBe(`(and ${words(32)})`);
  });

  it("counts a phrase's words, and keeps those of a phrase that crosses the limit", () => {
    const parsed = parseQuery(`${words(30)} "one two three four"`);
    expect(parsed.leftOut).toEqual({ words: 2, from: 'three' });
    expect(showQuery(parsed)).toBe(`(and ${words(30)} "one two")`);
  });

  it('counts no operator, parenthesis or field prefix', () => {
    const typed = `(${words(10)}) OR -title:${words(22, 10)} AND x`;
    const parsed = parseQuery(typed);
    expect(parsed.leftOut).toEqual({ words: 1, from: 'x' });
  });

  it('keeps its filters wherever they are typed, and counts none of them', () => {
    const parsed = parseQuery(
      `vault:a path:"./a b/c" ${words(32)} left out -vault:b modified:>2026-01-01`,
    );
    expect(parsed.leftOut).toEqual({ words: 2, from: 'left' });
    expect(showQuery(parsed)).toBe(`(and ${words(32)}) vault=a !vault=b path=/a b/c`);
    expect(parsed.filters.dates).toHaveLength(1);
  });

  it("leaves a left-out word's negation and field with it", () => {
    const parsed = parseQuery(`${words(32)} -title:gone vault:kept`);
    expect(showQuery(parsed)).toBe(`(and ${words(32)}) vault=kept`);
  });

  it('compiles to its first 32 words: a 10 kB paste stays one fast query', () => {
    const compiled = compileQuery(parseQuery(words(2000)), createAnalyzer('english'));
    expect(compiled.required).toHaveLength(32);
  });

  it('is not searched as typed: its last typed word is among those left out', () => {
    const parsed = parseQuery(`${words(40)} handl`);
    expect(markTyping(parsed, `${words(40)} handl`)).toBe(parsed);
  });
});

describe('the note on the words left out', () => {
  it('names the first word, how many follow it and, of several topics, which', () => {
    expect(wordsLeftOutNote({ topic: 0, words: 968, from: 'Next' })).toBe(
      `only a query's first 32 words are searched: "Next" and the 967 words after it were left out`,
    );
    expect(wordsLeftOutNote({ topic: 0, words: 1, from: 'x' })).toBe(
      `only a query's first 32 words are searched: "x" was left out`,
    );
    expect(wordsLeftOutNote({ topic: 2, words: 10_001, from: 'y' }, 3)).toBe(
      `only a query's first 32 words are searched (topic 3): "y" and the 10,000 words after it were left out`,
    );
  });

  it('quotes a long word by its first 40 characters', () => {
    const note = wordsLeftOutNote({ topic: 0, words: 1, from: 'x'.repeat(100_000) });
    expect(note).toBe(
      `only a query's first 32 words are searched: "${'x'.repeat(40)}…" was left out`,
    );
  });
});

describe('the answer to a query of more than 32 words', () => {
  it("names what each topic left out by its place in the request's queries", async () => {
    const vault = tempDir();
    write(vault, 'a.md', `# Alpha\n\n${words(40)}\n`);
    const engine = await createEngine({
      dbPath: `${tempDir()}/index.db`,
      vaults: [{ root: vault, name: 'v' }],
      watch: false,
    });
    try {
      const { engineInternals } = await import('../../../src-main/engine/create-engine.ts');
      await engineInternals(engine).ready();
      const short = await engine.search({ queries: [words(32)] });
      expect(short).not.toHaveProperty('wordsLeftOut');
      const long = await engine.search({ queries: ['', words(3), `${words(32)} w32 w33`] });
      expect(long.wordsLeftOut).toEqual([{ topic: 2, words: 2, from: 'w32' }]);
      expect(long.results.map((r) => r.id)).toEqual(short.results.map((r) => r.id));
    } finally {
      await engine.close();
    }
  });
});
