import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findObsidianVault,
  headingAt,
  linkHeading,
  obsidianOpenUrl,
  sectionHeading,
} from '../../src-main/app/obsidian.ts';

let base = '';

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'folio-obsidian-'));
  await mkdir(join(base, 'My Vault', '.obsidian'), { recursive: true });
  await mkdir(join(base, 'My Vault', 'projects', 'folio'), { recursive: true });
  await mkdir(join(base, 'plain', 'docs'), { recursive: true });
  await mkdir(join(base, 'fake'), { recursive: true });
  await writeFile(join(base, 'fake', '.obsidian'), 'a file, not a folder');
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('findObsidianVault', () => {
  it('finds the vault folder itself and any folder inside it', async () => {
    const vault = join(base, 'My Vault');
    expect(await findObsidianVault(vault)).toBe(vault);
    expect(await findObsidianVault(join(vault, 'projects', 'folio'))).toBe(vault);
  });

  it('answers null outside an Obsidian vault, and for a .obsidian file', async () => {
    expect(await findObsidianVault(join(base, 'plain', 'docs'))).toBeNull();
    expect(await findObsidianVault(join(base, 'fake'))).toBeNull();
  });
});

describe('obsidianOpenUrl', () => {
  it('names the vault after its folder and the file relative to it, without .md', () => {
    const root = join(base, 'My Vault');
    expect(obsidianOpenUrl(root, join(root, 'projects', 'folio', 'Plan & ideas.md'))).toBe(
      'obsidian://open?vault=My%20Vault&file=projects%2Ffolio%2FPlan%20%26%20ideas',
    );
  });

  it('keeps other extensions and encodes non-ASCII names', () => {
    const root = join(base, 'Zettel');
    expect(obsidianOpenUrl(root, join(root, 'Ökonomie', 'notes.txt'))).toBe(
      'obsidian://open?vault=Zettel&file=%C3%96konomie%2Fnotes.txt',
    );
  });
});

describe('the heading Obsidian is asked to show', () => {
  it('rides on the file as an encoded #', () => {
    const root = join(base, 'My Vault');
    expect(obsidianOpenUrl(root, join(root, 'a', 'Plan.md'), 'Next steps')).toBe(
      'obsidian://open?vault=My%20Vault&file=a%2FPlan%23Next%20steps',
    );
  });

  it.each([
    ['Plain words', 'Plain words'],
    ['Q: why? | how', 'Q why? how'],
    ['C# and F#', 'C and F'],
    ['[[Link]] to %%x%% ^id', 'Link to x id'],
  ])('%j is linked as %j', (heading, linked) => {
    expect(linkHeading(heading)).toBe(linked);
  });

  it.each([
    ['## Tomatoes\n\nText', 'Tomatoes'],
    ['### Closed ###\n', 'Closed'],
    ['  # Indented  \n', 'Indented'],
    ['#\n', null],
    ['\uFEFF# BOM first\n', 'BOM first'],
    ['Setext title\n===\n', 'Setext title'],
    ['Two line\nsetext\r\n---\r\n', 'Two line setext'],
    ['#hashtag, not a heading\n', null],
    ['A paragraph\n\nthen more\n', null],
    ['', null],
  ])('a section starting %j has the heading %j', (text, heading) => {
    expect(headingAt(text, 1)).toBe(heading);
  });

  it('is none for a whole note, even one starting with a heading or frontmatter', () => {
    expect(sectionHeading({ id: 'v:a.md', docId: 'v:a.md', markdown: '---\nx: 1\n---\n' })).toBe(
      null,
    );
    expect(sectionHeading({ id: 'v:a.md#b', docId: 'v:a.md', markdown: '## B\n' })).toBe('B');
  });
});
