// FTS consistency (issue 3): edited text stops matching, removed files leave no hits, and an
// incremental index equals a clean rebuild — compared through `cli ls` (links included: its
// digest of each document's resolved links), `cli search` and `cli links`.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '#shared/contract/api.ts';
import { cli, cliJson, FIXTURE_VAULT, tempDir } from './cli-helpers.ts';

const dir = tempDir();
const vault = join(dir, 'vault');
const incremental = join(dir, 'incremental.db');
const clean = join(dir, 'clean.db');
const ls = (db: string) => cliJson<{ documents: unknown[] }>('ls', '--db', db);
const ids = async (db: string, query: string) =>
  (await cliJson<{ results: SearchResult[] }>('search', '--db', db, query)).results.map(
    (r) => r.id,
  );

beforeAll(async () => {
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
  // Links to a note written only later, and to one removed later.
  writeFileSync(
    join(vault, 'linker.md'),
    '# Linker\n\n[[new]] and [[document]] and [[standalone]].\n',
  );
  expect((await cli('index', '--db', incremental, `${vault}=v`)).status).toBe(0);
  // Edit, add, remove; then index incrementally.
  writeFileSync(join(vault, 'merge/standalone.md'), '# Garden\n\n## Tools\n\nA spade and a hoe.\n');
  writeFileSync(join(vault, 'new.md'), '# New\n\nA brand new trowel.\n');
  rmSync(join(vault, 'merge/document.md'));
  expect((await cli('index', '--db', incremental, `${vault}=v`)).status).toBe(0);
  expect((await cli('index', '--db', clean, `${vault}=v`)).status).toBe(0);
});

describe('index consistency', () => {
  it('edited text stops matching and new text matches', async () => {
    expect(await ids(incremental, 'rake')).toEqual([]);
    expect(await ids(incremental, 'spade')).toEqual(['v:merge/standalone.md#tools']);
    expect(await ids(incremental, 'trowel')).toEqual(['v:new.md#new']);
  });

  it('removed files leave no hits', async () => {
    expect(await ids(incremental, 'osprey')).toEqual([]);
  });

  it('an incremental index equals a clean rebuild', async () => {
    const a = await ls(incremental);
    expect(a).toEqual(await ls(clean));
    expect(a.documents).toContainEqual({
      docId: 'v:new.md',
      hash: expect.stringMatching(/^[0-9a-f]{40}$/),
      nodes: 2,
      links: '',
    });
    expect(a.documents).toContainEqual(
      expect.objectContaining({
        docId: 'v:linker.md',
        links: expect.stringMatching(/^[0-9a-f]{40}$/),
      }),
    );
    for (const query of ['heron', 'ferrule', 'plover', 'tugboat lighthouse', '東京', 'garden']) {
      expect(await ids(incremental, query)).toEqual(await ids(clean, query));
    }
  });

  it('links resolve as in a clean rebuild', async () => {
    const links = await cliJson<{ outgoing: Array<{ to: string | null }> }>(
      'links',
      '--db',
      incremental,
      'v:linker.md',
    );
    expect(links.outgoing.map((link) => link.to)).toEqual([
      'v:new.md',
      null,
      'v:merge/standalone.md',
    ]);
  });

  it('ls prints one document per line without --json', async () => {
    const { status, out } = await cli('ls', '--db', clean);
    expect(status).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    for (const line of lines) expect(line).toMatch(/^v:[^\t]+\t[0-9a-f]{40}\t\d+$/);
    expect(lines.filter((l) => /^v:new\.md\t[0-9a-f]{40}\t2$/.test(l))).toHaveLength(1);
  });
});
