// The word being typed (docs/design.md#the-word-being-typed): with `typing`, a query's last word
// also matches as a prefix — of the surface word, whose index terms are stems — and full words
// rank above completions; without it (the CLI, MCP) a query is literal.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { compileQuery } from '../../../src-main/engine/query/compile.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';
import { countRows } from '../../../src-main/engine/search/fts-statements.ts';
import {
  completesAlready,
  markTyping,
  MAX_COMPLETIONS,
  stemFamily,
  typedCompletions,
  typedPrefix,
} from '../../../src-main/engine/query/typing.ts';
import { tempDir } from '../store/temp.ts';
import { planOn } from './plan-topic.ts';

describe('markTyping', () => {
  const typing = (text: string) => {
    const root = markTyping(parseQuery(text), text).root;
    const last = root?.type === 'and' ? root.children[root.children.length - 1] : root;
    return last?.type === 'term' && last.typing === true ? last.text : null;
  };

  it.each([
    ['attachmen', 'attachmen'],
    ['copy attachmen', 'attachmen'],
    ['copy attachmen ', null], // a space: the word is finished
    ['"copy attachmen"', null], // a phrase is as typed
    ['title:attachmen', null], // a field word is a filter
    ['attach*', null], // already a prefix
    ['-attachmen', null], // a negation
    ['go', null], // too short to complete
    ['copy OR attachmen', null], // inside a group
  ])('%j: %j is being typed', (text, word) => {
    expect(typing(text)).toBe(word);
  });

  it('finds the stem family a typed prefix starts with', () => {
    const vocabulary = new Set(['attach', 'att', 'attachment', 'configur', 'con']);
    const has = (term: string) => vocabulary.has(term);
    expect(stemFamily('attachmen', has)).toEqual(['attach']);
    expect(stemFamily('configura', has)).toEqual(['configur']);
    expect(stemFamily('conf', has)).toEqual([]); // 'con': too short to be the same word's stem
    expect(stemFamily('attac', has)).toEqual([]);
  });

  it('completes what the word shares with its stem, unless that stem is under 4 letters', () => {
    const analyzer = createAnalyzer('english');
    const prefixes = ['borr', 'happy', 'refere', 'cons', 'inli', 'uses', 'cat'].map((word) =>
      typedPrefix(analyzer, word),
    );
    // 'cons' → stem 'con' and 'inli' → 'in' would complete 'control' and 'include'.
    expect(prefixes).toEqual(['borr', 'happ', 'refer', 'cons', 'inli', 'uses', 'cat']);
  });

  it('leaves out fuzzy variants the typed word completes or begins with', () => {
    expect(
      ['refer', 'referenc', 'ref', 'repe', 'refi'].filter((v) => !completesAlready('refe', v)),
    ).toEqual(['repe', 'refi']);
    const analyzer = createAnalyzer('english');
    const expand = (term: string) => (term === 'refe' ? ['refer', 'ref', 'repe'] : []);
    const typed = compileQuery(markTyping(parseQuery('refe'), 'refe'), analyzer, { expand });
    expect(typed.required[0]!.fuzzy).toBe('(("refe" OR "refe" *) OR "repe")');
    expect(typed.fuzzyHighlights).toEqual([{ terms: ['repe'], prefix: false }]);
    // A finished word keeps them all.
    const literal = compileQuery(parseQuery('refe'), analyzer, { expand });
    expect(literal.required[0]!.fuzzy).toBe('("refe" OR "refer" OR "ref" OR "repe")');
  });

  it('spells an identifier being typed as its phrase or the phrase completing its last part', () => {
    const analyzer = createAnalyzer('english');
    const typed = (text: string) =>
      compileQuery(markTyping(parseQuery(text), text), analyzer, {}).required[0]!;
    expect(typed('std::vec').expr).toBe('("std vec" OR "std vec" *)');
    expect(typed('shared_ptr').expr).toBe('("share ptr" OR "share ptr" *)');
    expect(typed('std::vec').highlights).toContainEqual({ terms: ['std', 'vec'], prefix: true });
    // A last part shorter than a word that completes (3 characters) stays as typed: 'p*' would
    // merge every index term beginning with p (docs/design.md#the-word-being-typed).
    expect(typed('shared_p').expr).toBe('"share p"');
    // Finished (a space) or not typed: the phrase alone.
    expect(compileQuery(parseQuery('std::vec'), analyzer, {}).required[0]!.expr).toBe('"std vec"');
  });

  it('completes to the most common index terms the prefix begins', () => {
    const refe = typedCompletions([
      ['refelem1', 3],
      ['refer', 64_298],
      ['referenc', 5_000],
      ['referentialconstraint', 1],
    ]);
    // 'refelem1' (3 rows) and the like are under 1/16 of 'refer's rows: other words.
    expect(refe).toEqual(['refer', 'referenc']);
    const many = Array.from({ length: 30 }, (_, i) => [`con${i}`, 100 - i] as const);
    expect(typedCompletions(many)).toHaveLength(MAX_COMPLETIONS);
    expect(typedCompletions(many)).toContain('con0');
    expect(typedCompletions(many)).not.toContain(`con${MAX_COMPLETIONS}`);
    expect(typedCompletions([])).toEqual([]);
  });

  it('spells the typed word as its completions, with no fuzzy variants when it has some', () => {
    const analyzer = createAnalyzer('english');
    const expand = (term: string) => (term === 'refe' ? ['refer', 'repe'] : []);
    const compile = (completions: string[]) =>
      compileQuery(markTyping(parseQuery('refe'), 'refe'), analyzer, {
        expand,
        completions: () => completions,
      }).required[0]!;
    const typed = compile(['refer', 'referenc']);
    expect(typed.expr).toBe('("refe" OR "refer" OR "referenc")');
    expect(typed.fuzzy).toBeNull();
    // The word itself as all it completes to: nothing to rank below it, named once.
    expect(compile(['refe']).expr).toBe('("refe")');
    // Nothing completes it: likely misspelt, its variants count.
    const misspelt = compile([]);
    expect(misspelt.expr).toBe('("refe")');
    expect(misspelt.fuzzy).toBe('(("refe") OR "repe")');
  });

  it('leaves the typed word out of its completions when no row holds it', () => {
    const analyzer = createAnalyzer('english');
    const compile = (typed: string, holds: (term: string) => boolean) =>
      compileQuery(markTyping(parseQuery(typed), typed), analyzer, {
        completions: () => ['refer', 'referenc'],
        holds,
      }).required[0]!;
    // 'refe' reads as the next keystroke's completions; a word some row holds stays.
    expect(compile('refe', () => false).expr).toBe('("refer" OR "referenc")');
    expect(compile('refe', (term) => term !== 'refe').expr).toBe('("refer" OR "referenc")');
    expect(compile('refe', () => true).expr).toBe('("refe" OR "refer" OR "referenc")');
    // With nothing else to match, the word as typed stays.
    const alone = compileQuery(markTyping(parseQuery('refe'), 'refe'), analyzer, {
      completions: () => [],
      holds: () => false,
    }).required[0]!;
    expect(alone.expr).toBe('("refe")');
  });
});

describe('searching while typing', () => {
  const dir = tempDir();
  const root = join(dir, 'notes');
  let engine: EngineService;

  beforeAll(async () => {
    mkdirSync(root, { recursive: true });
    const notes: Record<string, string> = {
      'attachments.md': '# Attachments\n\nAdd attachments to your vault by dragging files.\n',
      'borrowing.md': '# Ownership\n\nBorrowing lets a function use a value without owning it.\n',
      'cats.md': '# Cats\n\nA cat sleeps most of the day.\n',
      'catalog.md': '# Catalog\n\nThe catalog lists every cataloged item.\n',
      'config.md': '# Settings\n\nThe configuration folder holds the settings files.\n',
      'ctor.md': '# Constructors\n\nA constructor builds a value.\n',
      'controls.md': '# Controls\n\nA control contains other windows.\n',
      'data.md': '# Data\n\nData comes in files.\n',
      'catapult.md': '# Siege\n\nA catapult throws stones.\n',
      'pointers.md':
        '# Smart pointers\n\nA shared_ptr counts owners; a std::vector holds values.\n',
    };
    // 150 sections naming catalogs: 'catapult' (its note's 2 rows) is not among what 'cata'
    // completes to (under 1/16 of them). 'chart' and 'cart', one edit apart, are as common.
    const shelf = (i: number) => `## Shelf ${i}\n\nThe catalog shelf holds a chart and a cart.\n`;
    const shelves = Array.from({ length: 150 }, (_, i) => shelf(i));
    notes['shelves.md'] = `# Shelves\n\n${shelves.join('\n')}`;
    for (const [name, text] of Object.entries(notes)) writeFileSync(join(root, name), text);
    engine = await createEngine({ dbPath: join(dir, 'folio.db'), watch: false });
    await engine.addVault({ root, name: 'notes' });
    await engineInternals(engine).indexed('notes');
  });

  afterAll(async () => {
    await engine.close();
  });

  const ids = async (query: string, typing: boolean) =>
    (await engine.search({ queries: [query], typing })).results.map((r) => r.docId);

  it('completes the last word, across stems', async () => {
    expect(await ids('attachmen', true)).toEqual(['notes:attachments.md']);
    expect(await ids('borr', true)).toEqual(['notes:borrowing.md']);
    expect(await ids('configura', true)).toEqual(['notes:config.md']);
    expect(await ids('files configura', true)).toContain('notes:config.md');
  });

  it('completes to the common words the prefix begins, a rare one once more is typed', async () => {
    const cata = await ids('cata', true);
    expect(cata).toEqual(expect.arrayContaining(['notes:catalog.md', 'notes:shelves.md']));
    expect(cata).not.toContain('notes:catapult.md');
    expect(await ids('catap', true)).toEqual(['notes:catapult.md']);
  });

  it('matches fuzzily only a typed word that completes to nothing', async () => {
    // 'cata' completes to 'catalog': 'data' (one edit away) is not what is being typed.
    expect(await ids('cata', true)).not.toContain('notes:data.md');
    // 'catalgo' completes to nothing: likely misspelt.
    expect(await ids('catalgo', true)).toContain('notes:catalog.md');
  });

  it("counts a typed word's completions as FTS5 counts their OR, from the held words", () => {
    // The vocabulary's (one word held) or with a count (several): a word named twice or held by
    // no row changes neither.
    const counts: Record<string, string[]> = {
      'files contr': [], // ("control"): 'contr' is held by no row
      'files cata': [], // ("catalog")
      // ("configur" OR "config"): the commoner's rows from the vocabulary, the other's without it
      'files configura': ['("configur") NOT "config"'],
    };
    for (const [query, expected] of Object.entries(counts)) {
      const { topic, context, counted } = planOn(engine, query, true);
      const typed = topic.wanted[1]!;
      expect(typed.rows).toBe(countRows(context.reader, typed.operand.expr, 100_000));
      expect(counted).toEqual(expected);
    }
  });

  it('completes the word typed, not its short stem', async () => {
    // 'cons' is stemmed 'con', which begins 'control' and 'contain' too.
    expect(await ids('cons', true)).toEqual(['notes:ctor.md']);
    expect(await ids('controls', true)).toEqual(['notes:controls.md']);
  });

  it('ranks the full word above its completions', async () => {
    const results = await ids('cat', true);
    expect(results[0]).toBe('notes:cats.md');
    expect(results).toContain('notes:catalog.md');
  });

  it('completes the last part of an identifier being typed', async () => {
    for (const typed of ['shared_ptr', 'std::vec', 'std::vect', 'std::vecto'])
      expect(await ids(typed, true)).toEqual(['notes:pointers.md']);
    // Without the flag a query is literal: no part 'vec' follows 'std'.
    expect(await ids('std::vec', false)).toEqual([]);
    expect(await ids('shared_ptr', true)).toEqual(await ids('shared_ptr', false));
  });

  it('is literal without the flag, or once a space ends the word', async () => {
    expect(await ids('attachmen', false)).toEqual([]);
    expect(await ids('borr', false)).toEqual([]);
    expect(await ids('borr ', true)).toEqual([]);
  });

  it('keeps partial matches while a word nothing completes is typed', async () => {
    const typed = await ids('function value zzqqx', true);
    expect(typed).toEqual(await ids('function value zzqqx', false));
    expect(await ids('ownership zzqqx', true)).toEqual(['notes:borrowing.md']);
  });

  it('gives a word the index holds often no fuzzy variants while typing', () => {
    const [typed, misspelt] = ['chart cata', 'chrat cata'].map((q) => planOn(engine, q, true));
    expect(typed!.topic.wanted[0]!.operand.fuzzy).toBeNull();
    expect(misspelt!.topic.wanted[0]!.operand.fuzzy).toContain('"chart"');
    const literal = planOn(engine, 'chart catalog', false);
    expect(literal.topic.wanted[0]!.operand.fuzzy).toContain('"cart"');
  });

  it('marks the completed words in snippets', async () => {
    const { results } = await engine.search({ queries: ['borr'], typing: true });
    expect(results[0]!.snippetSegments.filter((s) => s.match).map((s) => s.text)).toEqual([
      'Borrowing',
    ]);
  });
});
