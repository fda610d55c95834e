// The word being typed (docs/design.md#the-word-being-typed): with `typing`, a query's last word
// also matches as a prefix — of the surface word, whose index terms are stems — and full words
// rank above completions; without it (the CLI, MCP) a query is literal.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';
import { markTyping, stemFamily } from '../../../src-main/engine/query/typing.ts';
import { tempDir } from '../store/temp.ts';

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
    };
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

  it('ranks the full word above its completions', async () => {
    const results = await ids('cat', true);
    expect(results[0]).toBe('notes:cats.md');
    expect(results).toContain('notes:catalog.md');
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

  it('marks the completed words in snippets', async () => {
    const { results } = await engine.search({ queries: ['borr'], typing: true });
    expect(results[0]!.snippetSegments.filter((s) => s.match).map((s) => s.text)).toEqual([
      'Borrowing',
    ]);
  });
});
