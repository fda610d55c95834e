// Dendron's links in a Dendron vault (docs/links.md#dendron): the label before the bar when the
// note after it has a cross-vault prefix, `dendron://vault/note` read as the note, and a note
// reference's range (`#start,1:#*`) pointing at its start heading. Real files, a real index; the
// linking notes are indexed before the notes they name (file order), so the links are found
// again when their targets arrive.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { tempDir } from '../store/temp.ts';

const dir = tempDir();
const vault = join(dir, 'dendron');
let engine: EngineService;

const NOTES: Record<string, string> = {
  'a.changelog.md': [
    '# Changelog',
    '',
    'See the [[docs|dendron://dendron.dendron-site/dendron.topic.links]] and',
    '[[Graph View|dendron://dendron.dendron-site/dendron.topic.graph#show-graph]].',
    '',
    '![[dendron://dendron.dendron-site/dendron.topic.links#summary,1:#*]]',
    '',
    '[[docs|dendron.topic.links]] is Obsidian-shaped: it names `docs`.',
    '',
    '[[Elsewhere|dendron://other.vault/missing.note]]',
    '',
  ].join('\n'),
  'dendron.topic.graph.md': '# Graph\n\n## Show graph\n\nThe graph.\n',
  'dendron.topic.links.md': '# Links\n\n## Summary\n\nLinks join notes.\n\n## Other\n\nMore.\n',
};

beforeAll(async () => {
  mkdirSync(vault, { recursive: true });
  for (const [path, text] of Object.entries(NOTES)) writeFileSync(join(vault, path), text);
  engine = await createEngine({
    dbPath: join(dir, 'folio.db'),
    vaults: [{ root: vault, name: 'dv' }],
    watch: false,
  });
  await engineInternals(engine).ready();
});

afterAll(() => engine?.close());

describe('a Dendron vault', () => {
  it('resolves the label-first and cross-vault links, and a range to its start', async () => {
    const links = await engine.links({ docId: 'dv:a.changelog.md' });
    expect(links.outgoing.map((link) => [link.target, link.to])).toEqual([
      ['docs|dendron://dendron.dendron-site/dendron.topic.links', 'dv:dendron.topic.links.md'],
      [
        'Graph View|dendron://dendron.dendron-site/dendron.topic.graph#show-graph',
        'dv:dendron.topic.graph.md#show-graph',
      ],
      [
        'dendron://dendron.dendron-site/dendron.topic.links#summary,1:#*',
        'dv:dendron.topic.links.md#summary',
      ],
      ['docs|dendron.topic.links', null],
      ['Elsewhere|dendron://other.vault/missing.note', null],
    ]);
  });

  it('lists them as backlinks of the notes they name', async () => {
    const links = await engine.links({ docId: 'dv:dendron.topic.links.md' });
    expect(links.backlinks.map((link) => [link.from, link.to])).toEqual([
      ['dv:a.changelog.md#changelog', 'dv:dendron.topic.links.md'],
      ['dv:a.changelog.md#changelog', 'dv:dendron.topic.links.md#summary'],
    ]);
  });

  it('groups the unresolved by the note they name', async () => {
    const unresolved = await engine.unresolvedLinks({ vault: 'dv' });
    expect(unresolved.map((group) => [group.target, group.count])).toEqual([
      ['docs', 1],
      ['missing.note', 1],
    ]);
  });
});
