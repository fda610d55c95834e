// The adversarial corpus (../shared/corpora/ADVERSARIAL.md: bad encodings, NUL bytes, a 20 MB
// section, 5,000 headings, broken frontmatter, odd file names) through `cli index`: every file the
// vault's rules take (docs/design.md#files-indexed) is indexed or named in a warning, the summary
// counts the ones left out, and a re-index after fixing one picks it up. A broken file never
// costs the others.
import { cpSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusDir } from '../support/corpora.ts';
import { cli, tempDir } from './cli-helpers.ts';

const dir = tempDir('folio-adversarial-');
const vault = join(dir, 'adversarial');
const db = join(dir, 'index.db');

interface Summary {
  vaults: Array<{ documents: number; added: number; errors: number }>;
}

/** The files the vault's rules take: no path part starting with `.`, a text extension. */
function candidates(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split('/').some((part) => part.startsWith('.')))
    .filter((path) => /\.(md|markdown|mdx|txt)$/i.test(path))
    .sort();
}

/** Runs `cli index --json`: its summary, the paths its warnings name, and the indexed paths. */
async function index() {
  const run = await cli('index', '--db', db, '--json', `${vault}=adv`);
  expect(run.status, run.err).toBe(0);
  const warned = [...run.err.matchAll(/^warning: adv:(.+?): /gm)].map((m) => m[1]!);
  const listed = await cli('ls', '--db', db);
  const indexed = listed.out
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[0]!.slice('adv:'.length));
  return { summary: (JSON.parse(run.out) as Summary).vaults[0]!, warned, indexed };
}

beforeAll(() => {
  cpSync(corpusDir('adversarial'), vault, { recursive: true });
});

describe('cli index on the adversarial corpus', () => {
  it('indexes every file or names it in a warning, and counts those left out', async () => {
    const files = candidates(vault);
    expect(files.length).toBeGreaterThanOrEqual(43);
    const { summary, warned, indexed } = await index();
    const leftOut = files.filter((file) => !indexed.includes(file));
    expect(
      leftOut.every((file) => warned.includes(file)),
      `not named: ${leftOut}`,
    ).toBe(true);
    expect(summary.documents).toBe(indexed.length);
    expect(summary.errors).toBe(leftOut.length);
    expect(summary.documents + summary.errors).toBe(files.length);
    // What this corpus holds today: UTF-16 is refused, malformed frontmatter indexed with a warning.
    expect(leftOut).toEqual(['utf16le-bom.md']);
    expect(warned).toContain('frontmatter-malformed.md');
    expect(indexed).toEqual(
      expect.arrayContaining(['latin1.md', 'nul-bytes.md', 'huge-section.md']),
    );
  }, 120_000);

  it('picks up a file once it is fixed, and names one that breaks, keeping the rest', async () => {
    rmSync(join(vault, 'utf16le-bom.md'));
    writeFileSync(join(vault, 'utf16le-bom.md'), '# UTF-16 heading\n\nutf16marker, now UTF-8\n');
    symlinkSync(join(dir, 'nowhere.md'), join(vault, 'broken-link.md'));
    const { summary, warned, indexed } = await index();
    expect(summary).toMatchObject({ added: 1, errors: 1 });
    expect(indexed).toContain('utf16le-bom.md');
    expect(indexed).not.toContain('broken-link.md');
    expect(warned).toContain('broken-link.md');
    expect(summary.documents + summary.errors).toBe(candidates(vault).length);
    const found = await cli('search', '--db', db, '--limit', '1', 'utf16marker');
    expect(found.out).toMatch(/^1\. adv:utf16le-bom\.md/);
  }, 120_000);
});
