// Common terms (Elasticsearch's cutoff-frequency idea): a query word found in more than a share
// of all sections is optional — scored where present, never required nor counted as matched —
// unless every word is common. Unit cases for the compiler and the vocabulary; a generated vault
// of more than 100 sections for the search.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../src-main/contract/engine.ts';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { compileQuery, matchExpression } from '../../../src-main/engine/query/compile.ts';
import { Vocabulary } from '../../../src-main/engine/query/fuzzy.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';
import { tempDir } from '../store/temp.ts';

const english = createAnalyzer('english');
const COMMON = new Set(['note', 'file']);
const compile = (q: string) =>
  compileQuery(parseQuery(q), english, { isCommon: (term) => COMMON.has(term) });

describe('common words in a query', () => {
  const cases: Array<[typed: string, required: string[], optional: string[]]> = [
    ['move a header to another note', ['move', 'header', 'another'], ['note']],
    ['notes files', ['notes', 'files'], []], // every word common: all required
    // Typed deliberately: a phrase, a field, a prefix stays required.
    ['"note" header', ['"note"', 'header'], []],
    ['title:note header', ['title:note', 'header'], []],
    ['note* header', ['note*', 'header'], []],
    // A negation is not a topical word: the common one stays required beside it.
    ['note -draft', ['note'], []],
  ];

  it.each(cases)('%s', (typed, required, optional) => {
    const q = compile(typed);
    expect(q.required.map((o) => o.label)).toEqual(required);
    expect(q.optional.map((o) => o.label)).toEqual(optional);
  });

  it('are highlighted but not part of the required expression', () => {
    const q = compile('header note');
    expect(matchExpression(q)).toBe('"header"');
    expect(q.highlights.map((h) => h.terms.join(' '))).toEqual(['header', 'note']);
  });

  it('are common by their share of the rows, once the index is large enough', () => {
    const vocabulary = new Vocabulary(
      [
        ['note', 30],
        ['header', 3],
      ],
      100,
    );
    const rule = { share: 0.25, minRows: 100 };
    expect(vocabulary.isCommon('note', rule)).toBe(true);
    expect(vocabulary.isCommon('header', rule)).toBe(false);
    expect(vocabulary.isCommon('absent', rule)).toBe(false);
    expect(vocabulary.isCommon('note', { ...rule, minRows: 101 })).toBe(false);
  });
});

describe('common words in a search', () => {
  let engine: EngineService;

  beforeAll(async () => {
    // 120 sections that all say "note", and three that matter.
    const root = join(tempDir(), 'vault');
    mkdirSync(root);
    for (let i = 0; i < 40; i++) {
      const sections = [0, 1, 2].map((j) => `## Topic ${i}-${j}\n\nA note on gardening ${i}.\n`);
      writeFileSync(join(root, `n${i}.md`), sections.join('\n'));
    }
    writeFileSync(join(root, 'a.md'), '## Alpha\n\nMove a header into a tree.\n');
    writeFileSync(join(root, 'b.md'), '## Beta\n\nMove a header into a note.\n');
    writeFileSync(join(root, 'c.md'), '## Gamma\n\nCopy a header to a note.\n');
    engine = await createEngine({
      dbPath: join(tempDir(), 'common.db'),
      vaults: [{ root, name: 'c' }],
      watch: false,
    });
    await engineInternals(engine).ready();
  });

  afterAll(() => engine.close());

  const search = async (q: string) => (await engine.search({ queries: [q] })).results;

  it('a section missing only a common word is a full match, below one that has it', async () => {
    // Alpha and Beta differ only in "note" (and Alpha would win a tie by its path).
    const results = await search('move header note');
    expect(results.slice(0, 2).map((r) => [r.id, r.partial, r.matchedTerms])).toEqual([
      ['c:b.md#beta', false, ['move', 'header']],
      ['c:a.md#alpha', false, ['move', 'header']],
    ]);
    expect(results[2]).toMatchObject({ id: 'c:c.md#gamma', partial: true });
  });

  it('common words alone still find partial matches when nothing holds the rare ones', async () => {
    const results = await search('redeclare note gardening');
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.partial && r.matchedTerms.length === 0)).toBe(true);
  });
});
