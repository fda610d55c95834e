// `cli chunk` end to end: the real command line in a child process (docs/design.md#command-line).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { NODE_FIELDS } from './support/invariants.ts';

const repo = join(import.meta.dirname, '../../..');
const fixtures = join(repo, 'test/fixtures/chunk');
let vault: string;

function cli(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      '--experimental-strip-types',
      'src-main/cli/bin.ts',
      'chunk',
      ...args,
    ],
    { cwd: repo, encoding: 'utf8' },
  );
  const lines = result.stdout.split('\n').filter((line) => line !== '');
  return {
    status: result.status,
    records: lines.map(
      (line) => JSON.parse(line) as { docId: string; fileTitle: string; nodes: object[] },
    ),
    stderr: result.stderr.split('\n').filter((line) => line !== ''),
  };
}

beforeAll(() => {
  vault = mkdtempSync(join(tmpdir(), 'folio-cli-chunk-'));
  mkdirSync(join(vault, 'sub'));
  mkdirSync(join(vault, '.obsidian'));
  copyFileSync(join(fixtures, 'crlf.md'), join(vault, 'crlf.md'));
  copyFileSync(join(fixtures, 'plain.txt'), join(vault, 'sub/plain.txt'));
  copyFileSync(join(fixtures, 'frontmatter-malformed.md'), join(vault, 'sub/malformed.md'));
  copyFileSync(join(fixtures, 'not-text/utf16le-bom.md'), join(vault, 'sub/utf16.md'));
  writeFileSync(join(vault, '.obsidian/app.md'), '# hidden\n');
  writeFileSync(join(vault, 'image.png'), 'not markdown');
});

afterAll(() => rmSync(vault, { recursive: true, force: true }));

describe('cli chunk', () => {
  it('prints one JSON line per document with exactly the fields of the node record', () => {
    const { status, records, stderr } = cli(join(fixtures, 'duplicate-headings.md'));
    expect(status).toBe(0);
    expect(stderr).toEqual([]);
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(Object.keys(record!)).toEqual(['docId', 'fileTitle', 'nodes']);
    for (const node of record!.nodes) expect(Object.keys(node)).toEqual(NODE_FIELDS);
    const bytes = readFileSync(join(fixtures, 'duplicate-headings.md'));
    const expected = chunkDocument({ vault: 'v', path: 'duplicate-headings.md', bytes });
    expect(record).toEqual({
      docId: expected.docId,
      fileTitle: expected.fileTitle,
      nodes: expected.nodes,
    });
  });

  it('takes --vault and makes paths relative to --root', () => {
    const { status, records } = cli(
      '--vault',
      'notes',
      '--root',
      repo,
      join(fixtures, 'setext.md'),
    );
    expect(status).toBe(0);
    expect(records[0]!.docId).toBe('notes:test/fixtures/chunk/setext.md');
  });

  it('walks a folder with the vault rules, reporting what it skips without failing', () => {
    const { status, records, stderr } = cli(vault);
    expect(status).toBe(0);
    expect(records.map((record) => record.docId)).toEqual([
      'v:crlf.md',
      'v:sub/malformed.md',
      'v:sub/plain.txt',
    ]);
    expect(stderr).toHaveLength(2);
    expect(stderr[0]).toMatch(/^folio chunk: .*sub\/malformed\.md: frontmatter is not valid YAML/);
    expect(stderr[1]).toMatch(
      /^folio chunk: .*sub\/utf16\.md: skipped: not readable text: UTF-16LE/,
    );
  });

  it('prints the same lines with worker threads as without', () => {
    const alone = cli('--workers', '0', vault);
    const pooled = cli('--workers', '2', vault);
    expect(pooled.status).toBe(0);
    expect(pooled.records).toEqual(alone.records);
    expect(pooled.stderr).toEqual(alone.stderr);
  });

  it('fails (exit 1) on a missing path, naming it, and still prints the others', () => {
    const { status, records, stderr } = cli(join(vault, 'missing.md'), join(vault, 'crlf.md'));
    expect(status).toBe(1);
    expect(records.map((record) => record.docId)).toEqual(['v:crlf.md']);
    expect(stderr).toEqual([`folio chunk: ${join(vault, 'missing.md')}: no such file or folder`]);
  });

  it('fails (exit 1) on a named file that is not text or not markdown', () => {
    const utf16 = cli(join(vault, 'sub/utf16.md'));
    expect(utf16.status).toBe(1);
    expect(utf16.stderr).toEqual([
      expect.stringMatching(/sub\/utf16\.md: not readable text: UTF-16LE/),
    ]);
    const png = cli(join(vault, 'image.png'));
    expect(png.status).toBe(1);
    expect(png.stderr).toEqual([
      `folio chunk: ${join(vault, 'image.png')}: not a markdown (.md, .markdown, .mdx) or text (.txt) file`,
    ]);
  });

  it('fails (exit 1) on a file outside --root', () => {
    const { status, stderr } = cli('--root', join(vault, 'sub'), join(vault, 'crlf.md'));
    expect(status).toBe(1);
    expect(stderr[0]).toContain(`crlf.md: outside --root ${join(vault, 'sub')}`);
  });

  it.each([
    [[], 'at least one PATH'],
    [['--vault', 'Bad Name', 'x.md'], '--vault must match [a-z0-9_-]+, got "Bad Name"'],
    [['--workers', 'two', 'x.md'], '--workers must be a whole number of worker threads'],
    [['--nope', 'x.md'], "Unknown option '--nope'"],
  ])('exits 2 on bad usage %j', (args, message) => {
    const { status, stderr } = cli(...args);
    expect(status).toBe(2);
    expect(stderr[0]).toContain(message);
    expect(stderr[0]).toMatch(/; usage: chunk /);
    expect(stderr).toHaveLength(1);
  });
});
