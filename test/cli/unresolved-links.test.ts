// `cli links --unresolved [--vault NAME]`: every link that names no note, with its file and line,
// by vault (docs/links.md#backlinks); real files indexed into a real database.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, cliJson, tempDir } from './cli-helpers.ts';

const dir = tempDir();
const db = join(dir, 'unresolved.db');
const notes = join(dir, 'notes');
const empty = join(dir, 'empty');
const USAGE = 'usage: links --db FILE [--limit N] [--unresolved] [--vault NAME] [DOCID] [--json]';

beforeAll(async () => {
  mkdirSync(join(notes, 'sub'), { recursive: true });
  mkdirSync(empty);
  // Front matter counts in the lines; a link in code is no link; a note that exists resolves.
  writeFileSync(
    join(notes, 'Home.md'),
    '---\ntitle: Home\n---\n# Home\n\nSee [[Missing note]] and [[sub/Here]].\n\n```\n[[Not a link]]\n```\n\n## Later\n\nAlso [[Missing note#Part]].\n',
  );
  // CRLF line ends count once; a Markdown link to a file that is not there is unresolved too.
  writeFileSync(join(notes, 'sub', 'Here.md'), '# Here\r\n\r\nA [gone file](gone.md) here.\r\n');
  writeFileSync(join(empty, 'Alone.md'), '# Alone\n\nNo links.\n');
  expect((await cli('index', '--db', db, `${notes}=notes`, `${empty}=empty`)).status).toBe(0);
});

describe('cli links --unresolved', () => {
  it('lists each unresolved link with its file and line, by vault, and counts them', async () => {
    const { status, out, err } = await cli('links', '--db', db, '--unresolved');
    expect([status, err]).toEqual([0, '']);
    expect(out).toBe(
      'empty: 0 unresolved links\n' +
        'notes: 3 unresolved links\n' +
        '  Home.md:6  →  Missing note\n' +
        '  Home.md:14  →  Missing note#Part\n' +
        '  sub/Here.md:3  →  gone.md\n' +
        '3 unresolved links in 2 vaults\n',
    );
  });

  it('--vault NAME lists that vault alone; --json prints exactly these fields', async () => {
    const json = await cliJson<unknown>('links', '--db', db, '--unresolved', '--vault', 'notes');
    expect(json).toEqual({
      count: 3,
      vaults: [
        {
          vault: 'notes',
          count: 3,
          links: [
            { path: 'Home.md', line: 6, target: 'Missing note' },
            { path: 'Home.md', line: 14, target: 'Missing note#Part' },
            { path: 'sub/Here.md', line: 3, target: 'gone.md' },
          ],
        },
      ],
    });
    const { out } = await cli('links', '--db', db, '--unresolved', '--vault', 'empty');
    expect(out).toBe('empty: 0 unresolved links\n0 unresolved links in 1 vault\n');
  });

  it("--limit N lists the first N of each vault's, and says how many more", async () => {
    const { out } = await cli('links', '--db', db, '--unresolved', '--limit', '1');
    expect(out).toBe(
      'empty: 0 unresolved links\n' +
        'notes: 3 unresolved links\n' +
        '  Home.md:6  →  Missing note\n' +
        '  … 2 more (a larger --limit shows them)\n' +
        '3 unresolved links in 2 vaults\n',
    );
    const json = await cliJson<{ count: number; vaults: Array<{ count: number; links: [] }> }>(
      'links',
      '--db',
      db,
      '--unresolved',
      '--vault',
      'notes',
      '--limit',
      '2',
    );
    expect([json.count, json.vaults[0]!.count, json.vaults[0]!.links.length]).toEqual([3, 3, 2]);
  });

  it('names an unknown vault, with the vaults there are', async () => {
    for (const name of ['nope', 'Notes']) {
      const { status, err } = await cli('links', '--db', db, '--unresolved', '--vault', name);
      expect([status, err]).toEqual([
        1,
        `folio links: --vault "${name}" is not in the database (vaults: empty, notes)\n`,
      ]);
    }
  });

  it('refuses a DOCID with --unresolved, --vault without it, and neither', async () => {
    const cases = [
      [
        ['--unresolved', 'notes:Home.md'],
        'give a DOCID or --unresolved, not both (got "notes:Home.md")',
      ],
      [
        ['--vault', 'notes', 'notes:Home.md'],
        '--vault NAME goes with --unresolved (a DOCID names its vault)',
      ],
      [[], 'a DOCID (or --unresolved) is required'],
    ] as const;
    for (const [args, message] of cases) {
      const { status, err } = await cli('links', '--db', db, ...args);
      expect([status, err]).toEqual([2, `folio links: ${message}; ${USAGE}\n`]);
    }
  });
});
