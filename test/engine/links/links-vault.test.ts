// The tricky-cases vault (test/fixtures/links-vault, docs/links.md): every link indexed and
// resolved as Obsidian resolves it, then kept right while files appear, go and change — each
// state compared with a clean index of the same folder.
import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { tempDir } from '../store/temp.ts';

const FIXTURE = join(import.meta.dirname, '../../fixtures/links-vault');

/** Outgoing links of each document: `[target as written, where it points]`, in order. */
const EXPECTED: Record<string, Array<[string, string | null]>> = {
  'Home.md': [
    ['Note', 'Note.md'],
    ['note', 'Note.md'],
    ['NOTE.MD', 'Note.md'],
    ['zzzz/Note', 'zzzz/Note.md'],
    ['/a/b/Note.md', 'a/b/Note.md'],
    ['Twin', 'a/b/Twin.md'], // the shortest path string: a/b/ (11) before zzzz/ (12)
    ['b/Twin', 'a/b/Twin.md'], // a path suffix
    ['Ada', 'People/Ada Lovelace.md'], // an alias (Folio's own fallback)
    ['countess of lovelace', 'People/Ada Lovelace.md'],
    ['Lovelace', 'Lovelace.md'], // a file beats an alias
    ["Headings#What's new? (2024)", 'Headings.md#whats-new-2024'],
    ['Headings#whats new 2024', 'Headings.md'], // the apostrophe is not punctuation to Obsidian
    ['Headings#C++ & Rust: a comparison', 'Headings.md#c--rust-a-comparison'],
    ['Headings#C++ & Rust: a comparison#Sub: one', 'Headings.md#sub-one'],
    ['Headings#Missing heading', 'Headings.md'], // the note exists: the link points to it
    ['Blocks#^para-1', 'Blocks.md#blocks'], // the section holding the block
    ['Blocks#^LIST-ID', 'Blocks.md#blocks'],
    ['Blocks#^missing', 'Blocks.md'],
    ['Note', 'Note.md'], // ![[Note]]
    ['Headings#Case Test|shown', 'Headings.md#case-test'],
    ['Space%20Name.md', 'Space Name.md'],
    ['Space Name.md', 'Space Name.md'],
    ['Headings.md#case-test', 'Headings.md#case-test'], // a GitHub anchor
    ['Note', 'Note.md'], // [no extension](Note)
    ['Later', null],
    ['Nowhere', null],
    ['https://example.com', null], // a (missing) note to Obsidian, not a web link
    ['Note\\|the note', 'Note.md'],
    ['#Section', 'Home.md#section'],
    ['#section', 'Home.md#section'],
  ],
  'a/b/Rel.md': [
    ['../Sibling', 'a/Sibling.md'],
    ['./Local', 'a/b/Local.md'],
    ['Local', 'a/b/Local.md'],
    ['../../Note', 'Note.md'],
    ['../Sibling.md', 'a/Sibling.md'],
    ['../../../Outside', null],
    ['../Nowhere', null],
  ],
  'zzzz/From zzzz.md': [
    ['Twin', 'zzzz/Twin.md'], // the source's own folder
    ['Note', 'Note.md'], // …but an exact vault path first
  ],
  'zzzz/deep/From deep.md': [['Twin', 'a/b/Twin.md']], // an ancestor folder counts for nothing
};

const dir = tempDir();
const vault = join(dir, 'vault');
let engine: EngineService;

const strip = (id: string | null) => (id === null ? null : id.slice('lv:'.length));

async function outgoing(on: EngineService, path: string) {
  const links = await on.links({ docId: `lv:${path}` });
  return links.outgoing.map((link) => [link.target, strip(link.to)]);
}

/** Every document's links, from and to, in a comparable form. */
async function graph(on: EngineService): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  const documents = engineInternals(on).reader.documents();
  for (const { path } of documents) {
    const links = await on.links({ docId: `lv:${path}`, limit: 10_000 });
    result[path] = {
      outgoing: links.outgoing.map((link) => [link.from, link.target, link.to]),
      backlinks: links.backlinks.map((link) => [link.from, link.target, link.to, link.context]),
    };
  }
  return result;
}

/** The graph of a clean index of the vault folder as it is now. */
async function cleanGraph(): Promise<Record<string, unknown>> {
  const clean = await createEngine({
    dbPath: join(tempDir(), 'clean.db'),
    vaults: [{ root: vault, name: 'lv' }],
    watch: false,
  });
  try {
    await engineInternals(clean).ready();
    return await graph(clean);
  } finally {
    await clean.close();
  }
}

async function reindex(): Promise<void> {
  await engine.reindexVault({ name: 'lv' });
}

function write(path: string, text: string): void {
  mkdirSync(join(vault, path, '..'), { recursive: true });
  writeFileSync(join(vault, path), text);
}

beforeAll(async () => {
  cpSync(FIXTURE, vault, { recursive: true });
  engine = await createEngine({
    dbPath: join(dir, 'folio.db'),
    vaults: [{ root: vault, name: 'lv' }],
    watch: false,
  });
  await engineInternals(engine).ready();
});

afterAll(() => engine?.close());

describe('the tricky-cases vault', () => {
  it.each(Object.entries(EXPECTED))('resolves every link of %s', async (path, expected) => {
    expect(await outgoing(engine, path)).toEqual(expected);
  });

  it('lists backlinks with the linking section and the text around the link', async () => {
    const links = await engine.links({ docId: 'lv:a/Sibling.md' });
    expect(links.backlinkCount).toBe(2);
    expect(links.backlinks).toEqual([
      {
        from: 'lv:a/b/Rel.md#relative',
        to: 'lv:a/Sibling.md',
        target: '../Sibling',
        // As a reader sees it (docs/links.md#backlinks), the link's text at `contextLink`.
        context: '../Sibling, ./Local, Local, ../../Note, up,',
        contextLink: [0, 10],
        docId: 'lv:a/b/Rel.md',
        breadcrumb: '> Relative',
        embed: false,
      },
      expect.objectContaining({
        target: '../Sibling.md',
        from: 'lv:a/b/Rel.md#relative',
        contextLink: [40, 42],
      }),
    ]);
  });

  it('pages backlinks but counts them all', async () => {
    const links = await engine.links({ docId: 'lv:Note.md', limit: 2 });
    expect(links.backlinks).toHaveLength(2);
    expect(links.backlinkCount).toBe(8); // six in Home, one each in From zzzz and Rel
  });

  it('pages outgoing links (200 by default) but counts them all', async () => {
    const all = await engine.links({ docId: 'lv:Home.md' });
    expect(all.outgoingCount).toBe(all.outgoing.length);
    expect(all.outgoingCount).toBe(EXPECTED['Home.md']!.length);
    const first = await engine.links({ docId: 'lv:Home.md', outgoingLimit: 3 });
    expect(first.outgoing).toEqual(all.outgoing.slice(0, 3));
    expect(first.outgoingCount).toBe(all.outgoingCount);
    expect(first.backlinks).toEqual(all.backlinks);
  });

  it('lists the links that point nowhere, per vault', async () => {
    const unresolved = await engine.unresolvedLinks({ vault: 'lv' });
    expect(unresolved.map((link) => [link.target, link.count, link.from])).toEqual([
      ['../../../Outside', 1, ['lv:a/b/Rel.md#relative']],
      ['../Nowhere', 1, ['lv:a/b/Rel.md#relative']],
      ['https://example.com', 1, ['lv:Home.md#home']],
      ['Later', 1, ['lv:Home.md#home']],
      ['Nowhere', 1, ['lv:Home.md#home']],
    ]);
    await expect(engine.unresolvedLinks({ vault: 'nope' })).rejects.toThrow(/no vault named/);
  });

  it('names an unknown document', async () => {
    await expect(engine.links({ docId: 'lv:missing.md' })).rejects.toThrow(
      'no indexed document "lv:missing.md"',
    );
  });
});

describe('links kept right as files come and go', () => {
  it('a link to a note written later resolves once it exists', async () => {
    write('Later.md', '# Later\n\nWritten after the link.\n');
    await reindex();
    expect((await outgoing(engine, 'Home.md'))[24]).toEqual(['Later', 'Later.md']);
    expect(await graph(engine)).toEqual(await cleanGraph());
  });

  it('a deleted target leaves its links to the next best file, or unresolved', async () => {
    rmSync(join(vault, 'zzzz/Twin.md'));
    rmSync(join(vault, 'Later.md'));
    await reindex();
    expect(await outgoing(engine, 'zzzz/From zzzz.md')).toEqual([
      ['Twin', 'a/b/Twin.md'],
      ['Note', 'Note.md'],
    ]);
    expect((await outgoing(engine, 'Home.md'))[24]).toEqual(['Later', null]);
    expect(await graph(engine)).toEqual(await cleanGraph());
  });

  it('a new file of the same name changes the closest match', async () => {
    write('Twin.md', '# Twin at the root\n');
    await reindex();
    expect(await outgoing(engine, 'zzzz/deep/From deep.md')).toEqual([['Twin', 'Twin.md']]);
    expect((await outgoing(engine, 'Home.md'))[5]).toEqual(['Twin', 'Twin.md']);
    expect(await graph(engine)).toEqual(await cleanGraph());
  });

  it('a renamed file takes its links along or leaves them to an alias', async () => {
    renameSync(join(vault, 'Lovelace.md'), join(vault, 'Other name.md'));
    renameSync(join(vault, 'a/Sibling.md'), join(vault, 'Sibling.md'));
    await reindex();
    expect((await outgoing(engine, 'Home.md'))[9]).toEqual(['Lovelace', 'People/Ada Lovelace.md']);
    expect(await outgoing(engine, 'a/b/Rel.md')).toEqual(
      expect.arrayContaining([['../Sibling', null]]),
    );
    expect(await graph(engine)).toEqual(await cleanGraph());
  });

  it('edited headings, blocks and aliases move the links that name them', async () => {
    write('Headings.md', '# Headings\n\n## Renamed\n\nNo more case test.\n');
    write('Blocks.md', '# Blocks\n\n## Later section\n\nMoved here. ^para-1\n');
    write('People/Ada Lovelace.md', '---\naliases: [Countess of Lovelace]\n---\n# Ada\n');
    await reindex();
    const home = await outgoing(engine, 'Home.md');
    expect(home[19]).toEqual(['Headings#Case Test|shown', 'Headings.md']);
    expect(home[15]).toEqual(['Blocks#^para-1', 'Blocks.md#later-section']);
    expect(home[7]).toEqual(['Ada', null]);
    expect(await graph(engine)).toEqual(await cleanGraph());
  });

  it('a removed source takes its links away', async () => {
    rmSync(join(vault, 'a/b/Rel.md'));
    await reindex();
    expect((await engine.links({ docId: 'lv:a/b/Local.md' })).backlinkCount).toBe(0);
    expect(await graph(engine)).toEqual(await cleanGraph());
  });
});

describe('backlinks named as results name them', () => {
  it('a linking note titled by its file name is named by its first heading', async () => {
    write('Target.md', '# Target\n\nLinked to.\n');
    write('ch01-start.md', '## Getting started\n\nFirst see [[Target]].\n');
    await reindex();
    const links = await engine.links({ docId: 'lv:Target.md' });
    const from = links.backlinks.find((b) => b.docId === 'lv:ch01-start.md');
    // The index's breadcrumb is '> ch01-start › Getting started'; results and the outline say
    // 'Getting started' for this note (docs/design.md#display-titles).
    expect(from?.breadcrumb).toBe('> Getting started');
    rmSync(join(vault, 'ch01-start.md'));
    rmSync(join(vault, 'Target.md'));
    await reindex();
  });
});
