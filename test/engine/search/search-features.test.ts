// Search features on real indexes: fuzzy matches below exact ones (and off with distance 0),
// vault and path filters, the pinned vault's boost, prefixes, and CJK headings of the
// adversarial corpus's unicode-headings.md.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { tempDir } from '../store/temp.ts';
import { corpusDir } from '../../support/corpora.ts';

const dir = tempDir();
const UNICODE = corpusDir('adversarial/unicode-headings.md');
let engine: EngineService;

function vault(name: string, files: Record<string, string>): string {
  const root = join(dir, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

beforeAll(async () => {
  const work = vault('work', {
    'receive.md': '# Receiving\n\nHow to receive a parcel at the depot.\n',
    'api/handlers.md': '# Handlers\n\nRequest handlers of the depot API.\n',
    'apis/other.md': '# Other\n\nMore handlers.\n',
    'docs/api/tokens.md': '# Tokens\n\nSigning tokens.\n',
  });
  const home = vault('home', {
    'recieve.md': '# Typo\n\nWe recieve guests on Sunday.\n',
    'handlers.md': '# Home handlers\n\nDoor handlers at home.\n',
  });
  const cjk = join(dir, 'cjk');
  mkdirSync(cjk);
  copyFileSync(UNICODE, join(cjk, 'unicode-headings.md'));
  engine = await createEngine({
    dbPath: join(dir, 'features.db'),
    vaults: [
      { root: work, name: 'work' },
      { root: home, name: 'home' },
      { root: cjk, name: 'cjk' },
    ],
    watch: false,
  });
  await engineInternals(engine).ready();
});

afterAll(() => engine.close());

const ids = async (query: string) =>
  (await engine.search({ queries: [query] })).results.map((r) => r.id);

describe('fuzzy matching', () => {
  it('exact matches outrank fuzzy ones; a typo finds the right word', async () => {
    // Single-heading notes: the document node matches by its title and absorbs its heading.
    expect(await ids('receive')).toEqual(['work:receive.md', 'home:recieve.md']);
    expect(await ids('recieve')).toEqual(['home:recieve.md', 'work:receive.md']);
  });

  it('only for words of four or more characters; fuzzyDistance 0 turns it off', async () => {
    expect(await ids('hom')).toEqual([]);
    await engine.updateSettings({ fuzzyDistance: 0 });
    expect(await ids('recieve')).toEqual(['home:recieve.md']);
    await engine.updateSettings({ fuzzyDistance: 1 });
  });
});

describe('filters and boosts', () => {
  it('vault: / tree: keep one vault; -vault: drops one', async () => {
    expect(await ids('handlers vault:home')).toEqual(['home:handlers.md']);
    expect(await ids('handlers tree:work')).toHaveLength(2);
    expect((await ids('handlers -vault:work')).every((id) => id.startsWith('home:'))).toBe(true);
    expect(await ids('handlers vault:nope')).toEqual([]);
  });

  it('path:dir/ keeps that folder only (not a folder that merely starts alike)', async () => {
    expect(await ids('handlers path:api/')).toEqual(['work:api/handlers.md']);
    expect(await ids('handlers -path:api/ vault:work')).toEqual(['work:apis/other.md#other']);
  });

  it('path:dir/ finds the folder at any depth, as Obsidian users type it, but only whole', async () => {
    expect(await ids('tokens path:api/')).toEqual(['work:docs/api/tokens.md']);
    expect(await ids('tokens path:docs/api/')).toEqual(['work:docs/api/tokens.md']);
    expect(await ids('tokens path:pi/')).toEqual([]);
    expect(await ids('tokens path:ocs/api/')).toEqual([]);
    expect(await ids('signing -path:api/')).toEqual([]);
    // From the vault's root: a leading / (or ./, as the MCP server's path argument writes it).
    expect(await ids('tokens path:/api/')).toEqual([]);
    expect(await ids('tokens path:/docs/api/')).toEqual(['work:docs/api/tokens.md']);
    expect(await ids('tokens path:./docs/')).toEqual(['work:docs/api/tokens.md']);
    expect(await ids('handlers path:/api/')).toEqual(['work:api/handlers.md']);
  });

  it('a pinned vault ranks 1.5× higher', async () => {
    const before = (await engine.search({ queries: ['handlers'] })).results;
    const home = before.find((r) => r.vault === 'home')!;
    await engine.updateVault({ name: 'home', pinned: true });
    const after = (await engine.search({ queries: ['handlers'] })).results;
    expect(after.find((r) => r.id === home.id)!.score).toBeCloseTo(home.score * 1.5, 6);
    await engine.updateVault({ name: 'home', pinned: false });
  });

  it('prefixes match the words they start', async () => {
    expect(await ids('handl* vault:home')).toEqual(['home:handlers.md']);
    expect(await ids('depo*')).toHaveLength(2);
  });
});

describe('CJK headings of unicode-headings.md', () => {
  it('Japanese, Chinese and Korean headings and bodies are searchable', async () => {
    expect(await ids('見出し')).toEqual(['cjk:unicode-headings.md#日本語の見出し']);
    expect(await ids('東京タワー')).toEqual(['cjk:unicode-headings.md#日本語の見出し']);
    expect(await ids('搜索测试')).toEqual(['cjk:unicode-headings.md#中文标题搜索测试']);
    expect(await ids('한국어')).toEqual(['cjk:unicode-headings.md#한국어-제목']);
    expect(await ids('正文')).toEqual(['cjk:unicode-headings.md#中文标题搜索测试']);
    expect(await ids('본문')).toEqual(['cjk:unicode-headings.md#한국어-제목']);
  });

  it('and so are the other scripts and folded forms', async () => {
    expect(await ids('rtlmarker')).toEqual(['cjk:unicode-headings.md#العنوان-بالعربية']);
    expect(await ids('fullwidth')).toEqual([
      'cjk:unicode-headings.md#ｆｕｌｌｗｉｄｔｈ-ａｓｃｉｉ',
    ]);
    expect(await ids('strasse')).toEqual(['cjk:unicode-headings.md#straße-i̇stanbul-ǆ-titlecase']);
  });
});
