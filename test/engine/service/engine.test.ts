// The engine service end to end on a temporary vault: registry, indexing, search, documents,
// export, settings, events, errors — real files, real SQLite.
import { mkdirSync, writeFileSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineEvent, EngineService } from '#shared/contract/engine.ts';
import { FolioError } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { tempDir } from '../store/temp.ts';

const dir = tempDir();
const root = join(dir, 'My Notes');
const dbPath = join(dir, 'folio.db');
let engine: EngineService;
const events: EngineEvent[] = [];

function write(path: string, text: string | Uint8Array) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

async function reindex() {
  await engine.reindexVault({ name: 'my-notes' });
}

beforeAll(async () => {
  write(
    'guide.md',
    '---\ntitle: Rust Guide\ntags: [rust, guide]\n---\nIntro about the borrow checker.\n\n# Errors\n\n## Result type\n\nUse Result for recoverable errors.\n\n## Panics\n\nPanic on unrecoverable errors.\n',
  );
  write('notes/cooking.md', '# Cooking\n\nSlow braised onions.\n');
  write('plain.txt', 'A plain text file about gardening.\n');
  write('binary.md', new Uint8Array([0, 1, 2, 3, 0, 0, 0, 0, 5, 6, 0, 0]));
  engine = await createEngine({ dbPath, watch: false });
  engine.subscribe((event) => events.push(event));
});

afterAll(async () => {
  await engine.close();
});

describe('engine service', () => {
  it('adds a vault with a derived name and indexes it', async () => {
    const info = await engine.addVault({ root });
    expect(info).toMatchObject({ name: 'my-notes', root, pinned: false, boost: 1, sample: false });
    await engineInternals(engine).indexed('my-notes');
    const [vault] = await engine.listVaults();
    expect(vault).toMatchObject({ name: 'my-notes', documents: 3, errors: 1, status: 'idle' });
    expect(events.some((e) => e.type === 'indexProgress' && e.progress.phase === 'done')).toBe(
      true,
    );
    const changed = events.filter((e) => e.type === 'indexChanged');
    expect(
      changed.flatMap((e) => (e.type === 'indexChanged' ? e.change.indexed : [])).sort(),
    ).toEqual(['guide.md', 'notes/cooking.md', 'plain.txt']);
  });

  it('records files that are not text, and keeps going', async () => {
    const errors = await engine.listFileErrors({});
    expect(errors).toEqual([
      expect.objectContaining({
        vault: 'my-notes',
        path: 'binary.md',
        message: expect.stringMatching(/binary content/),
      }),
    ]);
  });

  it('refuses bad folders and names with clear errors', async () => {
    await expect(engine.addVault({ root: join(dir, 'missing') })).rejects.toThrow(
      /missing does not exist/,
    );
    await expect(engine.addVault({ root: 'relative/path' })).rejects.toThrow(
      /must be an absolute path/,
    );
    await expect(engine.addVault({ root: '/' })).rejects.toThrow(
      /folder \/ is the root of the file system, not a folder of notes/,
    );
    if (process.platform === 'linux') {
      await expect(engine.addVault({ root: '/proc/self' })).rejects.toThrow(
        /folder \/proc\/self is inside the system folder \/proc/,
      );
    }
    await expect(engine.addVault({ root })).rejects.toThrow(/already the vault "my-notes"/);
    // Overlapping vaults would index (and show) every note twice.
    await expect(engine.addVault({ root: join(root, 'notes') })).rejects.toThrow(
      `folder ${join(root, 'notes')} is inside the vault "my-notes" (${root})`,
    );
    await expect(engine.addVault({ root: dir })).rejects.toThrow(
      `folder ${dir} holds the vault "my-notes" (${root}); remove that vault first`,
    );
    const other = join(dir, 'other');
    mkdirSync(other);
    await expect(engine.addVault({ root: other, name: 'Bad Name' })).rejects.toThrow(/must match/);
    await expect(engine.addVault({ root: other, name: 'my-notes' })).rejects.toBeInstanceOf(
      FolioError,
    );
    await expect(engine.reindexVault({ name: 'nope' })).rejects.toThrow(/no vault named "nope"/);
  });

  it('searches with merging, snippets, byte ranges and partial matches', async () => {
    // Full and partial matches merge together (docs/design.md#whole-and-partial-matches): Panics
    // holds both words and Result type one, so their parent Errors aggregates them.
    const merged = await engine.search({ queries: ['unrecoverable errors'] });
    expect(merged.terms).toEqual(['unrecoverable', 'errors']);
    expect(merged.results[0]).toMatchObject({
      id: 'my-notes:guide.md#errors',
      matchedTerms: ['unrecoverable', 'errors'],
      mergedFrom: ['my-notes:guide.md#result-type', 'my-notes:guide.md#panics'],
    });
    const { results } = await engine.search({ queries: ['unrecoverable errors'], strict: true });
    expect(results[0]).toMatchObject({
      id: 'my-notes:guide.md#panics',
      docId: 'my-notes:guide.md',
      vault: 'my-notes',
      path: 'guide.md',
      title: 'Panics',
      depth: 2,
      partial: false,
      matchedTerms: ['unrecoverable', 'errors'],
      snippet: 'Panic on <b>unrecoverable</b> <b>errors</b>.',
    });
    const partial = await engine.search({ queries: ['braised onions zucchini'] });
    expect(partial.results[0]).toMatchObject({
      id: 'my-notes:notes/cooking.md#cooking',
      partial: true,
    });
    expect(partial.results[0]!.matchedTerms).toEqual(['braised', 'onions']);
    const strict = await engine.search({ queries: ['braised onions zucchini'], strict: true });
    expect(strict.results).toEqual([]);
  });

  it('returns the outline and node content as indexed', async () => {
    const outline = await engine.outline({ docId: 'my-notes:guide.md' });
    expect(outline.fileTitle).toBe('Rust Guide');
    expect(outline.tags).toEqual(['rust', 'guide']);
    expect(outline.nodes.map((n) => [n.id, n.parentId, n.depth])).toEqual([
      ['my-notes:guide.md', null, 0],
      ['my-notes:guide.md#errors', 'my-notes:guide.md', 1],
      ['my-notes:guide.md#result-type', 'my-notes:guide.md#errors', 2],
      ['my-notes:guide.md#panics', 'my-notes:guide.md#errors', 2],
    ]);
    const content = await engine.nodeContent({ id: 'my-notes:guide.md#errors' });
    expect(content.markdown).toBe(
      '# Errors\n\n## Result type\n\nUse Result for recoverable errors.\n\n## Panics\n\nPanic on unrecoverable errors.\n',
    );
    // Content comes from the index, not from the file as it is now.
    write('guide.md', 'changed on disk');
    expect((await engine.nodeContent({ id: 'my-notes:guide.md#panics' })).markdown).toBe(
      '## Panics\n\nPanic on unrecoverable errors.\n',
    );
    await expect(engine.outline({ docId: 'my-notes:nope.md' })).rejects.toThrow(
      /no indexed document/,
    );
    await expect(engine.nodeContent({ id: 'my-notes:guide.md#nope' })).rejects.toThrow(
      /no indexed node/,
    );
  });

  it('locates nodes on disk', async () => {
    expect(await engine.locateNode({ id: 'my-notes:notes/cooking.md#cooking' })).toEqual({
      file: join(root, 'notes/cooking.md'),
      line: 1,
      vault: 'my-notes',
      vaultRoot: root,
    });
  });

  it('reindexes incrementally: edited text stops matching, removed files leave no hits', async () => {
    write('guide.md', '# Guide\n\nNow about lifetimes only.\n');
    rmSync(join(root, 'notes/cooking.md'));
    await reindex();
    expect((await engine.search({ queries: ['unrecoverable'] })).results).toEqual([]);
    expect((await engine.search({ queries: ['braised'] })).results).toEqual([]);
    expect((await engine.search({ queries: ['lifetimes'] })).results.map((r) => r.id)).toEqual([
      'my-notes:guide.md#guide',
    ]);
    const summary = engineInternals(engine).summary('my-notes')!;
    expect(summary).toMatchObject({ added: 0, modified: 1, removed: 1 });
  });

  it('skips files whose mtime changed but content did not', async () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'plain.txt'), later, later);
    await reindex();
    expect(engineInternals(engine).summary('my-notes')).toMatchObject({ modified: 0, touched: 1 });
    await reindex();
    expect(engineInternals(engine).summary('my-notes')).toMatchObject({
      modified: 0,
      touched: 0,
      added: 0,
    });
  });

  it('exports results with their source', async () => {
    const { text, tokens, truncated } = await engine.exportResults({
      ids: ['my-notes:guide.md#guide'],
      format: 'md',
      breadcrumbMode: 'none',
    });
    expect(text).toBe(
      '## Guide\n\nSource: my-notes · [guide.md#guide](<guide.md#guide>) · lines 1–3\n\n# Guide\n\nNow about lifetimes only.\n',
    );
    expect(tokens).toBe(Math.ceil(text.length / 4));
    expect(truncated).toBe(false);
  });

  it('updates settings live and validates them', async () => {
    const state = await engine.updateSettings({ resultLimit: 1 });
    expect(state.settings.resultLimit).toBe(1);
    expect(state.stemmerLanguages).toContain('english');
    expect(events.some((e) => e.type === 'settingsChanged')).toBe(true);
    await expect(engine.updateSettings({ resultLimit: -1 } as never)).rejects.toThrow(
      /resultLimit/,
    );
    await engine.updateSettings({ resultLimit: 20 });
  });

  it('rebuilds the index when the stemmer changes', async () => {
    await engine.updateSettings({ stemmer: 'none', fuzzyDistance: 0 });
    await engineInternals(engine).ready();
    expect((await engine.search({ queries: ['lifetime'] })).results).toEqual([]);
    expect((await engine.search({ queries: ['lifetimes'] })).results).toHaveLength(1);
    await engine.updateSettings({ stemmer: 'english', fuzzyDistance: 1 });
    await engineInternals(engine).ready();
    expect((await engine.search({ queries: ['lifetime'] })).results).toHaveLength(1);
  });

  it('pins vaults, records paused watching, removes vaults with their documents', async () => {
    expect((await engine.updateVault({ name: 'my-notes', pinned: true })).boost).toBe(1.5);
    await engine.setWatching(false);
    expect((await engine.listVaults())[0]!.status).toBe('paused');
    await engine.setWatching(true);
    await engine.removeVault({ name: 'my-notes' });
    expect(await engine.listVaults()).toEqual([]);
    expect((await engine.search({ queries: ['lifetimes'] })).results).toEqual([]);
    expect(await engine.listFileErrors({})).toEqual([]);
  });
});
