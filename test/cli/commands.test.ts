// `cli outline`, `links`, `ls`, `export`, `bench` and `index` errors: outputs, exit codes (0 success, 2
// bad usage, 1 failure) and one clear line naming the culprit; a corrupt database is refused.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutlineResponse } from '#shared/contract/api.ts';
import { cli, cliJson, FIXTURE_VAULT, tempDir } from './cli-helpers.ts';

const dir = tempDir();
const db = join(dir, 'commands.db');
const LINKS_VAULT = join(import.meta.dirname, '../fixtures/links-vault');

beforeAll(async () => {
  expect((await cli('index', '--db', db, `${FIXTURE_VAULT}=fx`)).status).toBe(0);
  expect((await cli('index', '--db', db, `${LINKS_VAULT}=lv`)).status).toBe(0);
});

describe('cli outline', () => {
  it('prints the node tree', async () => {
    const { status, out } = await cli('outline', '--db', db, 'fx:merge/siblings.md');
    expect(status).toBe(0);
    expect(out).toBe(
      'fx:merge/siblings.md  "Kestrel notes"\n' +
        '  # Kestrel notes  #kestrel-notes  lines 1-15\n' +
        '    ## Wings  #wings  lines 5-8\n' +
        '    ## Nest  #nest  lines 9-12\n' +
        '    ## Diet  #diet  lines 13-15\n',
    );
    const json = await cliJson<OutlineResponse>('outline', '--db', db, 'fx:merge/siblings.md');
    expect(json.nodes.map((n) => n.id)).toEqual([
      'fx:merge/siblings.md',
      'fx:merge/siblings.md#kestrel-notes',
      'fx:merge/siblings.md#wings',
      'fx:merge/siblings.md#nest',
      'fx:merge/siblings.md#diet',
    ]);
  });

  it('names an unknown document', async () => {
    const { status, err } = await cli('outline', '--db', db, 'fx:nope.md');
    expect([status, err]).toEqual([1, 'folio outline: no indexed document "fx:nope.md"\n']);
    expect((await cli('outline', '--db', db)).status).toBe(2);
  });

  it("names a section's id with its note's id (outline and links take notes)", async () => {
    const { nodes } = await cliJson<OutlineResponse>('outline', '--db', db, 'fx:merge/siblings.md');
    const section = nodes.find((node) => node.id.includes('#'))!.id;
    for (const command of ['outline', 'links']) {
      const { status, err } = await cli(command, '--db', db, section);
      expect([status, err]).toEqual([
        1,
        `folio ${command}: no indexed document "${section}": a section's id; its note is "fx:merge/siblings.md"\n`,
      ]);
    }
    // A note whose name holds `#` is a note like any other: no hint for what is not indexed.
    const { err } = await cli('outline', '--db', db, 'fx:merge/a#b.md');
    expect(err).toBe('folio outline: no indexed document "fx:merge/a#b.md"\n');
  });

  it('exits 2 on a DOCID that is not of the form vault:path', async () => {
    for (const docId of ['nope', 'fx:', ':merge/siblings.md', 'Fx:merge/siblings.md']) {
      const { status, err } = await cli('outline', '--db', db, docId);
      expect([status, err]).toEqual([
        2,
        `folio outline: DOCID "${docId}" is not of the form vault:path; usage: outline --db FILE DOCID [--json]\n`,
      ]);
    }
  });
});

describe('cli links', () => {
  it('prints exactly the JSON of docs/design.md#command-line', async () => {
    const json = await cliJson<Record<string, unknown>>('links', '--db', db, 'lv:a/Sibling.md');
    expect(json).toEqual({
      docId: 'lv:a/Sibling.md',
      outgoing: [],
      backlinks: [
        {
          from: 'lv:a/b/Rel.md#relative',
          to: 'lv:a/Sibling.md',
          target: '../Sibling',
          context: '../Sibling, ./Local, Local, ../../Note, up,',
        },
        {
          from: 'lv:a/b/Rel.md#relative',
          to: 'lv:a/Sibling.md',
          target: '../Sibling.md',
          context: '../Sibling, ./Local, Local, ../../Note, up,',
        },
      ],
    });
    const rel = await cliJson<{ outgoing: unknown[] }>('links', '--db', db, 'lv:a/b/Rel.md');
    expect(rel.outgoing.slice(-2)).toEqual([
      { from: 'lv:a/b/Rel.md#relative', to: null, target: '../../../Outside' },
      { from: 'lv:a/b/Rel.md#relative', to: null, target: '../Nowhere' },
    ]);
  });

  it('prints outgoing links, unresolved ones marked, and backlinks with their text', async () => {
    const { status, out } = await cli('links', '--db', db, 'lv:zzzz/From zzzz.md');
    expect(status).toBe(0);
    expect(out).toBe(
      'lv:zzzz/From zzzz.md\n' +
        'outgoing (2):\n' +
        '  lv:zzzz/From zzzz.md#from-zzzz  →  lv:zzzz/Twin.md\n' +
        '  lv:zzzz/From zzzz.md#from-zzzz  →  lv:Note.md\n' +
        'backlinks (0):\n',
    );
    const later = await cli('links', '--db', db, 'lv:Note.md');
    expect(later.out).toContain('backlinks (8):\n  lv:Home.md#home  →  lv:Note.md\n');
  });

  it('--limit N prints the first N links of each list, and how many more there are', async () => {
    const { status, out } = await cli('links', '--db', db, '--limit', '1', 'lv:zzzz/From zzzz.md');
    expect(status).toBe(0);
    expect(out).toBe(
      'lv:zzzz/From zzzz.md\n' +
        'outgoing (2):\n' +
        '  lv:zzzz/From zzzz.md#from-zzzz  →  lv:zzzz/Twin.md\n' +
        '  … 1 more (a larger --limit shows them)\n' +
        'backlinks (0):\n',
    );
    const note = await cliJson<{ outgoing: unknown[]; backlinks: unknown[] }>(
      'links',
      '--db',
      db,
      '--limit',
      '2',
      'lv:Note.md',
    );
    expect(note.backlinks).toHaveLength(2);
    const bad = await cli('links', '--db', db, '--limit', '0', 'lv:Note.md');
    expect([bad.status, bad.err]).toEqual([
      2,
      'folio links: --limit must be a whole number of links from 1 to 100000, got "0"; usage: links --db FILE [--limit N] [--unresolved] [--vault NAME] [DOCID] [--json]\n',
    ]);
  });

  it('names an unknown document, and exits 2 on a bad DOCID', async () => {
    const { status, err } = await cli('links', '--db', db, 'lv:nope.md');
    expect([status, err]).toEqual([1, 'folio links: no indexed document "lv:nope.md"\n']);
    expect((await cli('links', '--db', db, 'nope')).status).toBe(2);
  });
});

describe('cli export', () => {
  it('exports the merged results in rank order, with their source', async () => {
    const { status, out } = await cli('export', '--db', db, '--breadcrumb-mode', 'none', 'trowel');
    expect(status).toBe(0);
    expect(out).toBe(
      '## Garden › Tools\n\nSource: fx · [merge/standalone.md#tools](<merge/standalone.md#tools>) · lines 3–6\n\n## Tools\n\nA trowel and a rake.\n',
    );
  });

  it('honours the budget and the format', async () => {
    const { out } = await cli(
      'export',
      '--db',
      db,
      '--format',
      'json',
      '--max-tokens',
      '2000',
      'heron',
    );
    const parsed = JSON.parse(out) as { results: Array<{ id: string; text: string }> };
    expect(parsed.results.map((r) => r.id)).toContain('fx:merge/siblings.md#kestrel-notes');
    const small = await cli('export', '--db', db, '--max-tokens', '50', 'heron');
    expect(small.out.length).toBeLessThanOrEqual(200);
    expect(small.err).toMatch(/cut to the budget of 50 tokens/);
  });

  it('rejects bad options', async () => {
    const format = await cli('export', '--db', db, '--format', 'pdf', 'x');
    expect([format.status, format.err.split('; usage:')[0]]).toEqual([
      2,
      'folio export: --format must be one of md, text, json, got "pdf"',
    ]);
    const negative = await cli('export', '--db', db, '--max-tokens', '-3', 'x');
    expect([negative.status, negative.err.split('; usage:')[0]]).toEqual([
      2,
      'folio export: --max-tokens must be a whole number of tokens from 1 to 10000000, got "-3"',
    ]);
    const unknown = await cli('export', '--db', db, '--max-token', '3', 'x');
    expect(unknown.status).toBe(2);
    expect(unknown.err).toMatch(/^folio export: Unknown option '--max-token'/);
    expect((await cli('export', '--db', db, '--breadcrumb-mode', 'x', 'x')).status).toBe(2);
  });
});

describe('cli bench', () => {
  // Its report: bench-report.test.ts.
  it('names a bad query file', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"q": 1}');
    const { status, err } = await cli('bench', '--db', db, '--queries', bad);
    expect([status, err]).toEqual([
      1,
      `folio bench: --queries ${bad}: expected a non-empty JSON array of query strings\n`,
    ]);
  });
});

describe('cli index: files that cannot be indexed', () => {
  it('are counted and named on every run, not only the one that first found them', async () => {
    const vault = join(dir, 'with-binary');
    mkdirSync(vault);
    writeFileSync(join(vault, 'good.md'), '# Good\n\nReadable.\n');
    writeFileSync(join(vault, 'bad.md'), new Uint8Array([0, 1, 2, 3, 0, 0, 0, 0, 5, 6, 0, 0]));
    const db = join(dir, 'with-binary.db');
    for (const run of [1, 2]) {
      const { status, out, err } = await cli('index', '--db', db, `${vault}=wb`);
      expect(status, `run ${run}`).toBe(0);
      expect(out, `run ${run}`).toMatch(/: 1 documents — .* 1 errors in /);
      expect(err, `run ${run}`).toMatch(/^warning: wb:bad\.md: binary content/m);
    }
  });

  it('name the files indexed with a warning (malformed frontmatter)', async () => {
    const vault = join(dir, 'with-yaml');
    mkdirSync(vault);
    writeFileSync(join(vault, 'yaml.md'), '---\ntitle: [unclosed\n---\n# Body\n\nText.\n');
    const { status, out, err } = await cli('index', '--db', join(dir, 'yaml.db'), `${vault}=wy`);
    expect(status).toBe(0);
    expect(out).toMatch(/: 1 documents — 1 added, .* 0 errors in /);
    expect(err).toMatch(/^warning: wy:yaml\.md: .*YAML/m);
  });
});

describe('cli index: failures', () => {
  it('names a missing folder and a bad vault name', async () => {
    const missing = await cli('index', '--db', join(dir, 'x.db'), join(dir, 'nope'));
    expect(missing.status).toBe(1);
    expect(missing.err).toMatch(/nope: no such folder\n$/);
    const name = await cli('index', '--db', join(dir, 'x.db'), `${FIXTURE_VAULT}=Bad Name`);
    expect(name.status).toBe(2);
    expect((await cli('index', '--db', join(dir, 'x.db'))).status).toBe(2);
  });

  it('refuses a file that is not a Folio database, and leaves it alone', async () => {
    const notes = join(dir, 'notes.db');
    writeFileSync(notes, 'precious text, not a database\n');
    const { status, err } = await cli('index', '--db', notes, FIXTURE_VAULT);
    expect(status).toBe(1);
    expect(err).toBe(
      `folio index: database ${notes} is not a Folio database (not an SQLite file); refusing to overwrite it\n`,
    );
    expect(readFileSync(notes, 'utf8')).toBe('precious text, not a database\n');
    expect((await cli('search', '--db', notes, 'x')).status).toBe(1);
  });
});
