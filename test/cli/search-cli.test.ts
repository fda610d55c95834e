// `cli index` and `cli search` end to end on the fixture vault: merging
// (docs/design.md#hierarchical-merging) on real files, partial matches, raw matches, and match
// ranges that point at the right bytes on CRLF, multi-byte, BOM and invalid-UTF-8 files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '#shared/contract/api.ts';
import { cli, cliJson, FIXTURE_VAULT, tempDir } from './cli-helpers.ts';

const db = join(tempDir(), 'search.db');
const search = async (...args: string[]) =>
  (await cliJson<{ results: SearchResult[] }>('search', '--db', db, ...args)).results;
const summary = (results: SearchResult[]) => results.map((r) => [r.id, [...r.mergedFrom].sort()]);

beforeAll(async () => {
  const { status, out } = await cli('index', '--db', db, `${FIXTURE_VAULT}=fx`);
  expect(status).toBe(0);
  expect(out).toMatch(/^fx \(.*vault\): 10 documents — 10 added, 0 modified, 0 removed/);
});

describe('cli index', () => {
  it('does no work the second time', async () => {
    const { status, out } = await cli('index', '--db', db, `${FIXTURE_VAULT}=fx`);
    expect(status).toBe(0);
    expect(out).toMatch(/10 documents — 0 added, 0 modified, 0 removed, 10 unchanged, 0 errors/);
    const json = await cliJson<{ vaults: Array<Record<string, unknown>> }>(
      'index',
      '--db',
      db,
      `${FIXTURE_VAULT}=fx`,
    );
    expect(json.vaults[0]).toMatchObject({ vault: 'fx', documents: 10, added: 0, modified: 0 });
  });
});

describe('cli search: any query', () => {
  it('takes words starting with a dash as the query, without `--`', async () => {
    const osprey = summary(await search('osprey'));
    expect(osprey.length).toBeGreaterThan(0);
    expect(summary(await search('osprey', '-zzzzunseen'))).toEqual(osprey);
    expect(summary(await search('-zzzzunseen osprey'))).toEqual(osprey);
    // A pasted note whose frontmatter starts the query.
    const pasted = await cli('search', '--db', db, '---\ntitle: x\n---\nosprey');
    expect(pasted.status).toBe(0);
  });
});

describe('cli search: hierarchical merging on fixture files', () => {
  it('sibling aggregation: two of three sections make their parent', async () => {
    const results = await search('heron path:merge/siblings');
    expect(summary(results)).toEqual([
      [
        'fx:merge/siblings.md#kestrel-notes',
        ['fx:merge/siblings.md#nest', 'fx:merge/siblings.md#wings'],
      ],
    ]);
  });

  it('parent priority: a section matching by its title absorbs its matching children', async () => {
    const results = await search('heron path:merge/parent');
    expect(summary(results)).toEqual([
      ['fx:merge/parent.md#heron-habits', ['fx:merge/parent.md#morning']],
    ]);
  });

  it('document level: a matching document node absorbs every other match', async () => {
    expect(summary(await search('osprey'))).toEqual([
      ['fx:merge/document.md', ['fx:merge/document.md#range']],
    ]);
  });

  it('document level: every child of the document matching (≥ M) makes a document result', async () => {
    const [result] = await search('plover');
    expect(result).toMatchObject({
      id: 'fx:merge/all-children.md',
      depth: 0,
      title: 'Shore birds',
    });
    expect([...result!.mergedFrom].sort()).toEqual([
      'fx:merge/all-children.md#plover',
      'fx:merge/all-children.md#plover-chicks',
    ]);
  });

  it('standalone: one matching section of four stays itself', async () => {
    expect(summary(await search('trowel'))).toEqual([['fx:merge/standalone.md#tools', []]]);
  });

  it('--raw prints the raw matches unmerged', async () => {
    const results = await search('--raw', 'heron path:merge/');
    expect(results.map((r) => r.id).sort()).toEqual([
      'fx:merge/parent.md#heron-habits',
      'fx:merge/parent.md#morning',
      'fx:merge/siblings.md#nest',
      'fx:merge/siblings.md#wings',
    ]);
    expect(results.every((r) => r.mergedFrom.length === 0)).toBe(true);
  });

  it('multi-topic: each node once, a passage holding both topics shown once with both marked', async () => {
    const results = await search('trowel', 'rake');
    expect(results).toHaveLength(1);
    // Each topic's window is the same sentence: one window, every topic's words marked
    // (docs/design.md#multi-topic-search), not the sentence twice.
    expect(results[0]!.snippet).toBe('A <b>trowel</b> and a <b>rake</b>.');
    expect(results[0]!.matchRanges).toHaveLength(2);
  });
});

describe('cli search: partial matches', () => {
  it('follow with the terms they matched; --strict turns them off', async () => {
    const partial = await search('tugboat lighthouse barge');
    expect(partial[0]).toMatchObject({ id: 'fx:partial.md#harbour', partial: true });
    // Harbour absorbed Lighthouse; each holds two of the words: the terms of the best one.
    expect([...partial[0]!.matchedTerms].sort()).toEqual(['lighthouse', 'tugboat']);
    expect(await search('--strict', 'tugboat lighthouse barge')).toEqual([]);
    const text = await cli('search', '--db', db, '--strict', 'tugboat lighthouse barge');
    expect(text.out).toBe('no results\n');
  });
});

describe('cli search: match ranges are byte ranges into the file as stored', () => {
  const expectFerrules = (results: SearchResult[], path: string) => {
    const result = results.find((r) => r.path === path)!;
    expect(result).toBeDefined();
    const bytes = readFileSync(join(FIXTURE_VAULT, path));
    expect(result.matchRanges.length).toBeGreaterThan(0);
    for (const [start, end] of result.matchRanges) {
      expect(bytes.subarray(start, end).toString('utf8')).toBe('ferrule');
    }
    return result;
  };

  it('on CRLF, multi-byte, BOM and invalid UTF-8 files', async () => {
    const results = await search('--limit', '50', 'ferrule');
    expect(expectFerrules(results, 'crlf.md').matchRanges).toHaveLength(2);
    expect(expectFerrules(results, 'multibyte.md').matchRanges).toHaveLength(2);
    expectFerrules(results, 'bom.md');
    expect(expectFerrules(results, 'invalid-utf8.md').matchRanges).toHaveLength(2);
  });

  it('and snippets show the decoded text, escaped', async () => {
    const results = await search('ferrule');
    const broken = results.find((r) => r.path === 'invalid-utf8.md')!;
    expect(broken.snippetSegments.map((s) => s.text).join('')).toContain('\ufffd');
    const multibyte = results.find((r) => r.path === 'multibyte.md')!;
    expect(multibyte.snippet).toContain('émigré 日本語の文章 🚀 <b>ferrule</b>');
  });

  it('CJK text is searchable by bigrams, with exact ranges', async () => {
    const [result] = await search('東京');
    expect(result!.id).toBe('fx:multibyte.md#東京タワー');
    const bytes = readFileSync(join(FIXTURE_VAULT, 'multibyte.md'));
    for (const [start, end] of result!.matchRanges) {
      expect(bytes.subarray(start, end).toString('utf8')).toBe('東京');
    }
  });
});

describe('cli search: usage and failures', () => {
  it('exits 2 on bad usage, naming the argument', async () => {
    expect((await cli('search', 'x')).err).toMatch(
      /--db FILE is required; usage: search [^\n]*\n$/,
    );
    expect((await cli('search', '--db', db)).status).toBe(2);
    const limit = await cli('search', '--db', db, '--limit', 'zero', 'x');
    expect([limit.status, limit.err]).toEqual([
      2,
      expect.stringMatching(/--limit must be a whole number of results from 1 to 500, got "zero"/),
    ]);
    expect((await cli('search', '--db', db, '--bogus', 'x')).status).toBe(2);
  });

  it('exits 1 on a missing database, naming it', async () => {
    const missing = await cli('search', '--db', '/nonexistent/folio.db', 'x');
    expect(missing.status).toBe(1);
    expect(missing.err).toBe(
      'folio search: --db /nonexistent/folio.db: no such database (run `index` first)\n',
    );
  });

  it('never fails on odd queries', async () => {
    for (const q of ['"unclosed', '((', 'OR', '-', 'NEAR(a b', "'; DROP TABLE nodes; --", '*']) {
      expect((await cli('search', '--db', db, q)).status).toBe(0);
    }
  });
});

describe('cli search: a date filter that is no date', () => {
  it('searches its words and says so on stderr, once; a date says nothing', async () => {
    const bad = await cli('search', '--db', db, 'modified:<abc', 'alpha modified:<abc');
    expect(bad.status).toBe(0);
    expect(bad.err).toBe(
      '"modified:<abc" is not a date: searched as words ' +
        '(dates look like modified:<30d, created:2025, modified:>2026-01-01)\n',
    );
    expect((await cli('search', '--db', db, 'alpha modified:<30d')).err).toBe('');
  });
});

describe('cli search: each result shows its dates', () => {
  it("the file's modification day, and the created day its frontmatter gives", async () => {
    const vault = join(tempDir(), 'dated');
    mkdirSync(vault);
    // The Linter plugin's default key and form (docs/design.md#dates).
    writeFileSync(
      join(vault, 'linted.md'),
      '---\ndate created: Friday, January 5th 2024, 10:30:00 am\n---\n# Kestrel\n\nkestrel\n',
    );
    writeFileSync(join(vault, 'plain.md'), '# Plain\n\nkestrel too\n');
    const dated = join(tempDir(), 'dated.db');
    expect((await cli('index', '--db', dated, `${vault}=d`)).status).toBe(0);
    const { status, out } = await cli('search', '--db', dated, '--sort', 'created', 'kestrel');
    expect(status).toBe(0);
    const lines = out.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(lines[0]).toMatch(
      /^1\. d:linted\.md\S* .*, modified \d{4}-\d\d-\d\d, created 2024-01-05[,)]/,
    );
    expect(lines[1]).toMatch(/^2\. d:plain\.md\S* .*, modified \d{4}-\d\d-\d\d[,)]/);
    expect(lines[1]).not.toContain('created');
  });
});

describe('cli search: a query of more than 32 words', () => {
  it('searches its first 32 and says on stderr which were left out; export alike', async () => {
    const first = Array.from({ length: 32 }, (_, i) => (i === 0 ? 'osprey' : `w${i}`)).join(' ');
    const pasted = `${first} ${'more words '.repeat(500)}`;
    const long = await cli('search', '--db', db, pasted);
    expect(long.status).toBe(0);
    expect(long.err).toBe(
      `only a query's first 32 words are searched: "more" and the 999 words after it were left out\n`,
    );
    expect(long.out).toBe((await cli('search', '--db', db, first)).out);
    expect((await cli('search', '--db', db, first)).err).toBe('');
    const exported = await cli('export', '--db', db, 'osprey', pasted);
    expect(exported.err).toBe(
      `only a query's first 32 words are searched (topic 2): "more" and the 999 words after it were left out\n`,
    );
  });
});
