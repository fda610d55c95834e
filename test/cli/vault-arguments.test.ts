// The folders given to `index`, `watch` and `mcp` (`DIR[=NAME]…`) are checked together before
// the first is indexed: arguments that contradict one another, or a vault of the database, are one
// line naming them, and the index is left as it was — not with the folders before the bad one
// added (docs/design.md#exit-status-and-errors). A leading `~` is the home folder, as in the app.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from './cli-helpers.ts';

const dir = tempDir('folio-vault-args-');
// The database's vault `x` is `p/a`; `b` and `c` are other folders, `p` holds `a` only.
const [a, b, c] = ['p/a', 'b', 'c'].map((name) => join(dir, name)) as [string, string, string];
const db = join(dir, 'index.db');

/** The documents of the index, as `cli ls` lists them. */
async function documents(file: string): Promise<string[]> {
  const { status, out, err } = await cli('ls', '--db', file);
  expect(status, err).toBe(0);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[0]!);
}

beforeAll(async () => {
  for (const folder of [a, b, c]) {
    mkdirSync(join(folder, 'sub'), { recursive: true });
    writeFileSync(join(folder, 'note.md'), `# Note\n\nText of ${folder}.\n`);
  }
  symlinkSync(a, join(dir, 'a-link'));
  const { status, err } = await cli('index', '--db', db, `${a}=x`);
  expect(status, err).toBe(0);
});

describe('arguments that contradict one another: exit 2, nothing written', () => {
  const fresh = join(dir, 'fresh.db');
  const cases: Array<[string, string[], string]> = [
    ['one name twice', [`${b}=y`, `${c}=y`], `vault name "y" is given twice (${b}=y, ${c}=y)`],
    ['one folder twice', [b, `${b}/`], `${b}/ names the same folder as ${b}`],
    [
      'one folder under two spellings',
      [a, join(dir, 'a-link')],
      `${join(dir, 'a-link')} names the same folder as ${a}`,
    ],
    [
      'a folder inside another',
      [`${b}=y`, `${b}/sub=z`],
      `${b}/sub=z is inside ${b}=y: its notes would be indexed twice; give one of them`,
    ],
  ];
  for (const command of ['index', 'watch', 'mcp']) {
    it.each(cases)(`${command}: %s`, async (_, targets, message) => {
      const { status, err } = await cli(command, '--db', fresh, ...targets);
      expect(status).toBe(2);
      expect(err.split('\n')[0]).toBe(`folio ${command}: ${message}; usage: ${usageOf(command)}`);
      expect(err.split('\n')).toHaveLength(2);
      expect(existsSync(fresh)).toBe(false);
    });
  }
});

describe("arguments the database's vaults refuse: exit 1, no folder of the command added", () => {
  const cases: Array<[string, string[], string]> = [
    [
      'a name another folder has',
      [`${c}=z`, `${b}=x`],
      `vault name "x" (in ${b}=x) is taken by the vault of ${a}`,
    ],
    [
      'a folder inside a vault',
      [`${c}=z`, join(a, 'sub')],
      `folder ${join(a, 'sub')} is inside the vault "x" (${a}), whose search already covers it`,
    ],
    [
      'a folder holding a vault',
      [`${c}=z`, join(dir, 'p')],
      `folder ${join(dir, 'p')} holds the vault "x" (${a}); remove that vault first to index the whole folder`,
    ],
    [
      'a known folder under another name',
      [`${c}=z`, `${a}=w`],
      `${a} is already indexed as vault "x"`,
    ],
  ];
  for (const command of ['index', 'watch', 'mcp']) {
    it.each(cases)(`${command}: %s`, async (_, targets, message) => {
      const { status, err } = await cli(command, '--db', db, ...targets);
      expect(status).toBe(1);
      expect(err).toBe(`folio ${command}: ${message}\n`);
      expect(await documents(db)).toEqual(['x:note.md']);
    });
  }

  it('a known folder under any spelling is reconciled, not added again', async () => {
    writeFileSync(join(a, 'new.md'), '# New\n\nAdded later.\n');
    const { status, out, err } = await cli('index', '--db', db, join(dir, 'a-link'));
    expect(status, err).toBe(0);
    expect(out).toMatch(/^x \(.*\): 2 documents — 1 added,/);
    expect(await documents(db)).toEqual(['x:new.md', 'x:note.md']);
  });
});

describe('a folder whose name holds "="', () => {
  it('is named with how to give it, and indexed with a name', async () => {
    mkdirSync(join(dir, 'notes=2024'));
    writeFileSync(join(dir, 'notes=2024', 'a.md'), '# A\n');
    const file = join(dir, 'eq.db');
    const { status, err } = await cli('index', '--db', file, join(dir, 'notes=2024'));
    expect(status).toBe(1);
    expect(err).toBe(
      `folio index: ${join(dir, 'notes')}: no such folder (the folder ${join(dir, 'notes=2024')} holds "=": give it with a name, ${join(dir, 'notes=2024')}=NAME)\n`,
    );
    expect(existsSync(file)).toBe(false);
    const named = await cli('index', '--db', file, `${join(dir, 'notes=2024')}=n`);
    expect(named.status, named.err).toBe(0);
    expect(await documents(file)).toEqual(['n:a.md']);
  });
});

describe('~ is the home folder in --db, DIR and --queries', () => {
  const home = process.env.HOME;
  afterEach(() => {
    process.env.HOME = home;
  });

  it('as the app and `npm run web` take it: no folder named ~ is made', async () => {
    process.env.HOME = b;
    const { status, err } = await cli('index', '--db', '~/home.db', '~/=h');
    expect(status, err).toBe(0);
    expect(existsSync(join(b, 'home.db'))).toBe(true);
    expect(await documents(join(b, 'home.db'))).toEqual(['h:note.md']);
    const found = await cli('search', '--db=~/home.db', 'text');
    expect(found.status, found.err).toBe(0);
    expect(found.out).toMatch(/^1\. h:note\.md/);
    const served = await cli('mcp', '--db', '~/nothing.db');
    expect(served.err).toBe(
      `folio mcp: --db ${join(b, 'nothing.db')}: no such database (index some folders with the app or \`cli index\`, or give folders to serve)\n`,
    );
    writeFileSync(join(b, 'q.json'), 'not json');
    const queries = await cli('bench', '--db', '~/home.db', '--queries', '~/q.json');
    expect(queries.err).toMatch(/^folio bench: --queries ~\/q\.json: /);
    expect(existsSync('~')).toBe(false);
  });
});

function usageOf(command: string): string {
  return {
    index: 'index --db FILE [--json] DIR[=NAME]…',
    watch: 'watch --db FILE [--json] DIR[=NAME]…',
    mcp: 'mcp [--db FILE] [--watch] [DIR[=NAME]…]',
  }[command]!;
}
