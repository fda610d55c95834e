// `cli eval` end to end on the bundled sample vault: its outputs, its exit codes
// (docs/design.md#exit-status-and-errors: 0, 2 for bad usage, 1 for failures) and one clear error
// line naming the argument or file at fault.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, engineInternals } from '../../src-main/engine/create-engine.ts';
import type { LabelledQuery } from '../../src-main/engine/eval/query-set.ts';
import { cli as runCli } from '../cli/cli-helpers.ts';
import { QUERY_SETS } from './query-sets.ts';

const sample = QUERY_SETS.find((set) => set.vault === 'sample')!;
const sampleQueries = join(import.meta.dirname, sample.file);
const dir = mkdtempSync(join(tmpdir(), 'folio-cli-eval-'));
const db = join(dir, 'sample.db');
const twoVaults = join(dir, 'two.db');
const words = join(dir, 'words.db');

/** `cli eval …argv`, in this process. */
const cli = (...argv: string[]) => runCli('eval', ...argv);

function queryFile(name: string, content: string): string {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** A query set file holding these labelled queries. */
const labelledQueries = (name: string, queries: LabelledQuery[]) =>
  queryFile(name, JSON.stringify({ queries }));

beforeAll(async () => {
  const engine = await createEngine({
    dbPath: db,
    vaults: [{ root: sample.root, name: 'sample' }],
    watch: false,
  });
  await engineInternals(engine).indexed('sample');
  await engine.close();
  // A second database with two vaults, to exercise --vault.
  const small = join(dir, 'small');
  mkdirSync(small);
  writeFileSync(join(small, 'deep.md'), '# Deep sleep\n\nThe clock wakes the board.\n');
  const two = await createEngine({
    dbPath: twoVaults,
    vaults: [
      { root: sample.root, name: 'sample' },
      { root: small, name: 'small' },
    ],
    watch: false,
  });
  await engineInternals(two).ready();
  await two.close();
  // The bound's vault (docs/search-quality.md#how-far-ranking-alone-could-go): each note says
  // which words it holds, nothing else.
  const notes = join(dir, 'notes');
  mkdirSync(notes);
  const note = (name: string, text: string) => writeFileSync(join(notes, name), text);
  note('answer.md', '# Answer\n\nalpha beta\n');
  note('rival1.md', '# One\n\nalpha beta gamma\n');
  note('rival2.md', '# Two\n\nalpha beta gamma\n');
  note('equal.md', '# Equal\n\nalpha beta\n');
  note('other.md', '# Other\n\ngamma delta\n');
  note('nothing.md', '# Nothing\n\nepsilon\n');
  note('same.md', '# Same\n\n## First\n\nkappa\n\n### Detail\n\nkappa lambda\n');
  note('stem.md', '# Stem\n\nruns omega\n');
  note('plain.md', '# Plain\n\nomega\n');
  // 'omegq' is a fuzzy variant of 'omega' only when it is held at least as often (two rows).
  note('typo.md', '# Typo\n\nrunning omegq\n\n## More\n\nomegq\n');
  const bound = await createEngine({
    dbPath: words,
    vaults: [{ root: notes, name: 'notes' }],
    watch: false,
  });
  await engineInternals(bound).indexed('notes');
  await bound.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cli eval', () => {
  it('prints the metrics and the misses as text', async () => {
    const { status, out, err } = await cli('--db', db, '--queries', sampleQueries);
    expect(status).toBe(0);
    expect(err).toBe('');
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/on vault "sample": \d+ queries, limit 20, partial matches on$/);
    expect(lines[1]).toMatch(/^MRR@10 {5}[01]\.\d{3}$/);
    expect(lines[2]).toMatch(/^recall@10 {2}[01]\.\d{3} {2}\(\d+ of \d+ in the top 10\)$/);
  });

  it('prints JSON with --json, and strict AND never scores above partial matches', async () => {
    const partial = JSON.parse((await cli('--db', db, '--queries', sampleQueries, '--json')).out);
    const strict = JSON.parse(
      (await cli('--db', db, '--queries', sampleQueries, '--json', '--strict')).out,
    );
    for (const report of [partial, strict]) {
      expect(Object.keys(report)).toEqual(['mrr10', 'recall10', 'queries', 'misses']);
      expect(report.queries).toBe(36);
      expect(report.misses.length).toBe(Math.round(36 * (1 - report.recall10)));
    }
    expect(strict.recall10).toBeLessThanOrEqual(partial.recall10);
  });

  it('scores a query found first as 1, and a query with no answer as a miss', async () => {
    const file = labelledQueries('two.json', [
      { q: 'tipping bucket reed switch', expected: 'Glossary.md#tipping-bucket' },
      { q: 'zzzqqq xxyyzz', expected: 'Team.md' },
    ]);
    const { status, out } = await cli('--db', db, '--queries', file, '--json', '--limit', '10');
    expect(status).toBe(0);
    expect(JSON.parse(out)).toEqual({
      mrr10: 0.5,
      recall10: 0.5,
      queries: 2,
      misses: [{ q: 'zzzqqq xxyyzz', expected: 'Team.md', rank: null, first: null }],
    });
  });

  it('bounds a coverage-monotone ranking with --bound: no word is a miss, each richer document a rank', async () => {
    const file = labelledQueries('bound.json', [
      // Two other documents hold strictly more (gamma); equal.md the same, other.md other words.
      { q: 'alpha beta gamma', expected: 'answer.md#answer' },
      // No section holds a wanted word: never a candidate.
      { q: 'alpha beta gamma', expected: 'nothing.md#nothing' },
      // First holds less than its own Detail, which it absorbs: no rival.
      { q: 'kappa lambda', expected: 'same.md#first' },
      // 'runs' is 'running' stemmed, so stem.md holds both words and outranks plain.md …
      { q: 'running omega', expected: 'plain.md#plain' },
      // … and typo.md, which holds 'omega' only through a fuzzy variant ('omegq').
      { q: 'running omega', expected: 'typo.md#typo' },
      { q: 'running omega', expected: 'stem.md#stem' },
    ]);
    const json = await cli('--db', words, '--queries', file, '--json', '--bound');
    expect(json.status).toBe(0);
    const { bound } = JSON.parse(json.out);
    expect(Object.keys(bound)).toEqual(['ceiling', 'dominance', 'queries']);
    expect(bound.queries.map((q: { rank: number | null }) => q.rank)).toEqual([
      3,
      null,
      1,
      2,
      2,
      1,
    ]);
    expect(bound.ceiling).toEqual({ mrr10: 5 / 6, recall10: 5 / 6 });
    expect(bound.dominance.mrr10).toBeCloseTo((1 / 3 + 1 + 1 / 2 + 1 / 2 + 1) / 6, 10);
    expect(bound.queries[0]).toEqual({
      q: 'alpha beta gamma',
      expected: 'answer.md#answer',
      rank: 3,
      holds: ['alpha', 'beta'],
      rival: {
        id: expect.stringMatching(/^notes:rival[12]\.md#(one|two)$/),
        holds: ['alpha', 'beta', 'gamma'],
      },
    });
    expect(bound.queries[2]).toMatchObject({ holds: ['kappa', 'lambda'] });
    expect(bound.queries[4]).toMatchObject({
      holds: ['running', '~omega'],
      rival: { id: 'notes:stem.md#stem' },
    });

    const text = (await cli('--db', words, '--queries', file, '--bound')).out.split('\n');
    expect(text.slice(3, 5)).toEqual([
      'ceiling    MRR@10 0.833  recall@10 0.833  (5 answers can be a result at all)',
      'dominance  MRR@10 0.556  recall@10 0.833  ' +
        '(the best of a ranking that never puts a result below one holding less of the query)',
    ]);
    const beyond = text.indexOf('beyond the bound (1):');
    expect(text.slice(beyond + 1, beyond + 3)).toEqual([
      '  "alpha beta gamma"  (no section showing it holds a wanted word)',
      '      expected  nothing.md#nothing  holds (nothing)',
    ]);
    expect(
      JSON.parse((await cli('--db', words, '--queries', file, '--json')).out),
    ).not.toHaveProperty('bound');
  });

  it('warns about labels that are not in the index, and counts them as misses', async () => {
    const file = labelledQueries('unknown.json', [
      { q: 'anemometer', expected: 'Glossary.md#no-such-section' },
      { q: 'anemometer', expected: 'Missing.md' },
    ]);
    const { status, out, err } = await cli('--db', db, '--queries', file, '--json');
    expect(status).toBe(0);
    expect(err).toBe(
      'folio eval: warning: label "Glossary.md#no-such-section": no such section in vault "sample"\n' +
        'folio eval: warning: label "Missing.md": no such document in vault "sample"\n',
    );
    expect(JSON.parse(out).recall10).toBe(0);
  });

  it('picks the vault with --vault when the database has several', async () => {
    const file = labelledQueries('small.json', [
      { q: 'clock wakes board', expected: 'deep.md#deep-sleep' },
    ]);
    const ok = await cli('--db', twoVaults, '--queries', file, '--vault', 'small', '--json');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.out).recall10).toBe(1);
    const none = await cli('--db', twoVaults, '--queries', file);
    expect(none).toMatchObject({ status: 1, out: '' });
    expect(none.err).toBe(
      'folio eval: the database has 2 vaults (sample, small); choose one with --vault\n',
    );
  });

  it.each([
    [['--queries', 'q.json'], 2, /^folio eval: --db FILE is required; usage: eval [^\n]*\n$/],
    [['--db', 'x.db'], 2, /^folio eval: --queries FILE\.json is required; usage: eval /],
    [
      ['--db', 'x.db', '--queries', 'q.json', '--limit', 'ten'],
      2,
      /--limit must be a whole number of results from 10 to 500, got "ten"/,
    ],
    [
      ['--db', 'x.db', '--queries', 'q.json', '--limit', '5'],
      2,
      /--limit must be a whole number of results from 10 to 500, got "5"/,
    ],
    [['--db', 'x.db', '--queries', 'q.json', '--bogus'], 2, /Unknown option '--bogus'/],
    [['--db', 'x.db', '--queries', 'q.json', 'extra'], 2, /unexpected argument "extra"/],
  ])('rejects bad usage %j with exit status 2', async (argv, status, message) => {
    const result = await cli(...argv);
    expect(result.status).toBe(status);
    expect(result.err).toMatch(message);
    expect(result.out).toBe('');
  });

  it('fails with status 1 naming the database, the query file or the vault', async () => {
    const missingDb = join(dir, 'nope.db');
    expect(await cli('--db', missingDb, '--queries', sampleQueries)).toEqual({
      status: 1,
      out: '',
      err: `folio eval: --db ${missingDb}: no such database (run \`index\` first)\n`,
    });
    const missingFile = join(dir, 'nope.json');
    expect((await cli('--db', db, '--queries', missingFile)).err).toBe(
      `folio eval: --queries ${missingFile}: no such file\n`,
    );
    const broken = queryFile('broken.json', '{"queries": [{"q": "x"}]}');
    expect(await cli('--db', db, '--queries', broken)).toEqual({
      status: 1,
      out: '',
      err: `folio eval: ${broken}: query 1 ("x"): "expected" must be a label "path" or "path#slug"\n`,
    });
    expect((await cli('--db', db, '--queries', sampleQueries, '--vault', 'zz')).err).toBe(
      'folio eval: --vault "zz" is not in the database (vaults: sample)\n',
    );
  });
});
