import { describe, expect, it } from 'vitest';
import type { SearchRequest, Settings, SettingsState, VaultInfo } from '#shared/contract/api.ts';
import { AppState } from '../../src-renderer/src/state/app.svelte.ts';
import { VaultsState } from '../../src-renderer/src/state/vaults.svelte.ts';
import { AppSettingsState } from '../../src-renderer/src/state/settings.svelte.ts';
import { copyMessage } from '../../src-renderer/src/lib/export-text.ts';
import { createBridgeClient } from '../../src-renderer/src/api/bridge-client.ts';
import { createFakeApi, failed, ok, result } from './fake-api.ts';

const wait = (ms = 0) => new Promise((done) => setTimeout(done, ms));

const settings = { exportFormat: 'md', theme: 'system', resultLimit: 20 } as Settings;
const state = (patch: Partial<Settings> = {}): SettingsState => ({
  settings: { ...settings, ...patch },
  problems: {},
  stemmerLanguages: ['english'],
});
const vault = (name: string, extra: Partial<VaultInfo> = {}): VaultInfo => ({
  name,
  root: `/notes/${name}`,
  boost: 1,
  pinned: false,
  ignore: [],
  status: 'idle',
  documents: 3,
  errors: 0,
  sample: false,
  ...extra,
});

function appApi() {
  const fake = createFakeApi();
  let word = 'periwinkle';
  fake.answer('environment', () =>
    ok({ kind: 'web', platform: 'linux', canPickFolder: false, canOpenFiles: false, version: '0' }),
  );
  fake.answer('getSettings', () => ok(state()));
  fake.answer('listVaults', () => ok([vault('notes')]));
  fake.answer('listFileErrors', () => ok([]));
  fake.answer('search', () =>
    ok({
      results: [result('v:e.md#s', 'v:e.md', { title: word })],
      terms: [],
      unmatchedTopics: [],
      tookMs: 1,
    }),
  );
  fake.answer('nodeContent', ({ id }: { id: string }) =>
    ok({
      id,
      docId: 'v:e.md',
      vault: 'v',
      path: 'e.md',
      title: word,
      breadcrumb: '',
      markdown: word,
      startLine: 1,
      endLine: 1,
      headingStart: 0,
    }),
  );
  fake.answer('outline', () =>
    ok({ docId: 'v:e.md', vault: 'v', path: 'e.md', fileTitle: 'E', tags: [], nodes: [] }),
  );
  fake.answer('exportResults', ({ ids }: { ids: string[] }) =>
    ok({ text: ids.join('\n'), tokens: 2, truncated: true }),
  );
  fake.answer('copyText', () => ok(null));
  return { fake, edit: (next: string) => (word = next) };
}

describe('AppState', () => {
  it('reruns the search and reloads the shown note when its file is re-indexed', async () => {
    const { fake, edit } = appApi();
    const app = new AppState(fake.api);
    const stop = await app.start();
    app.search.topics = ['word'];
    await app.search.run();
    // The preview follows the results once they have stood (150 ms).
    await expect.poll(() => app.selection.content?.markdown).toBe('periwinkle');
    edit('marigold');
    fake.emit('onIndexChanged', { vault: 'v', indexed: ['e.md'], removed: [] });
    await wait(400);
    expect(app.search.results[0]?.title).toBe('marigold');
    await expect.poll(() => app.selection.content?.markdown).toBe('marigold');
    stop();
    expect(fake.listeners('onIndexChanged')).toBe(0);
  });

  it('shows a node asked for by quick search', async () => {
    const { fake } = appApi();
    const app = new AppState(fake.api);
    await app.start();
    fake.emit('onShowNode', { id: 'v:e.md#s' });
    await wait();
    expect(app.selection.nodeId).toBe('v:e.md#s');
  });

  it('copies the ticked results, or the current one when none is ticked', async () => {
    const { fake } = appApi();
    const app = new AppState(fake.api);
    await app.start();
    app.search.topics = ['word'];
    await app.search.run();
    await app.copy('checked');
    expect(fake.calls.filter(([method]) => method === 'copyText').at(-1)).toEqual([
      'copyText',
      { text: 'v:e.md#s' },
    ]);
    expect(app.notice.text).toBe(
      'Copied 1 result as Markdown (2 tokens, cut to the token budget).',
    );
  });

  it('searches in the resultSort order and again when the order changes', async () => {
    const { fake } = appApi();
    fake.answer('getSettings', () => ok(state({ resultSort: 'created' })));
    fake.answer('updateSettings', (patch: Partial<Settings>) => ok(state(patch)));
    const app = new AppState(fake.api, { debounceMs: 0 });
    await app.start();
    app.search.topics = ['word'];
    await app.search.run();
    const sorts = () =>
      fake.calls
        .filter(([method]) => method === 'search')
        .map(([, r]) => (r as SearchRequest).sort);
    expect(sorts()).toEqual(['created']);
    await app.settings.update({ resultSort: 'modified' });
    await wait();
    expect(sorts()).toEqual(['created', 'modified']);
  });

  it("copies the shown note's own section once its outline is in, not before", async () => {
    // A note that starts with its heading: "just this section" is that heading's node, which only
    // the outline tells. Alt+Shift+C pressed when the preview had the note but the outline was
    // still on its way exported the document's own text: its frontmatter, i.e. nothing.
    const { fake } = appApi();
    fake.answer('search', () =>
      ok({ results: [result('v:h.md')], terms: [], unmatchedTopics: [], tookMs: 1 }),
    );
    let outlineIn = () => {};
    const held = new Promise<void>((done) => (outlineIn = done));
    const node = (id: string, parentId: string | null, depth: number) => ({
      id,
      parentId,
      depth,
      position: depth,
      title: id,
      slug: null,
      startLine: 1,
      endLine: 3,
      isChunk: false,
    });
    fake.answer('outline', async () => {
      await held;
      return ok({
        docId: 'v:h.md',
        vault: 'v',
        path: 'h.md',
        fileTitle: 'h',
        displayTitle: 'Heron',
        tags: [],
        nodes: [node('v:h.md', null, 0), node('v:h.md#heron', 'v:h.md', 1)],
      });
    });
    const app = new AppState(fake.api);
    await app.start();
    app.search.topics = ['heron'];
    await app.search.run();
    await expect.poll(() => app.selection.content?.id).toBe('v:h.md');
    const copied = app.copyShown(false);
    await wait(20);
    outlineIn();
    await copied;
    const exported = fake.calls.filter(([method]) => method === 'exportResults');
    expect(exported.map(([, request]) => (request as { ids: string[] }).ids)).toEqual([
      ['v:h.md#heron'],
    ]);
  });

  it('says so when there is nothing to copy', async () => {
    const { fake } = appApi();
    const app = new AppState(fake.api);
    await app.copy('all');
    expect(app.notice.isError).toBe(true);
    expect(fake.calls.some(([method]) => method === 'exportResults')).toBe(false);
  });
});

describe('VaultsState', () => {
  it('tracks progress per vault and reloads when indexing is done', async () => {
    const fake = createFakeApi();
    fake.answer('listVaults', () => ok([vault('notes', { documents: 12 })]));
    fake.answer('listFileErrors', () =>
      ok([{ vault: 'notes', path: 'bad.md', message: 'not UTF-8 text', at: 1 }]),
    );
    const vaults = new VaultsState(fake.api);
    vaults.connect();
    fake.emit('onIndexProgress', {
      vault: 'notes',
      phase: 'indexing',
      done: 3,
      total: 12,
      currentPath: 'a.md',
      errors: 0,
    });
    expect(vaults.progress.notes?.done).toBe(3);
    fake.emit('onIndexProgress', {
      vault: 'notes',
      phase: 'done',
      done: 12,
      total: 12,
      currentPath: null,
      errors: 1,
    });
    await wait();
    expect(vaults.progress).toEqual({});
    expect(vaults.vaults[0]?.documents).toBe(12);
    expect(vaults.fileErrors.map((error) => error.path)).toEqual(['bad.md']);
  });

  it('document counts follow the index while it is built, reloaded at most once per interval', async () => {
    const fake = createFakeApi();
    let documents = 0;
    fake.answer('listVaults', () => ok([vault('notes', { documents })]));
    const vaults = new VaultsState(fake.api, { countRefreshMs: 20 });
    const stop = vaults.connect();
    const listed = () => fake.calls.filter(([method]) => method === 'listVaults').length;
    for (let batch = 1; batch <= 5; batch++) {
      documents = batch * 100;
      fake.emit('onIndexChanged', { vault: 'notes', indexed: [`${batch}.md`], removed: [] });
    }
    await wait(40);
    expect([listed(), vaults.vaults[0]?.documents]).toEqual([1, 500]);
    documents = 600;
    fake.emit('onIndexChanged', { vault: 'notes', indexed: ['6.md'], removed: [] });
    await wait(40);
    expect([listed(), vaults.vaults[0]?.documents]).toEqual([2, 600]);
    stop();
  });

  it('keeps the engine’s message when adding fails, and refuses an empty path', async () => {
    const fake = createFakeApi();
    fake.answer('addVault', () => failed('not-found', 'folder not found: /nope'));
    const vaults = new VaultsState(fake.api);
    expect(await vaults.add('  ')).toBe(false);
    expect(fake.calls).toHaveLength(0);
    expect(await vaults.add('/nope')).toBe(false);
    expect(vaults.error).toBe('folder not found: /nope');
  });

  it('adds and removes vaults', async () => {
    const fake = createFakeApi();
    fake.answer('addVault', ({ root }: { root: string }) => ok(vault('extra', { root })));
    fake.answer('removeVault', () => ok(null));
    const vaults = new VaultsState(fake.api);
    expect(await vaults.add('/notes/extra')).toBe(true);
    expect(vaults.vaults.map((v) => v.name)).toEqual(['extra']);
    expect(await vaults.remove('extra')).toBe(true);
    expect(vaults.vaults).toEqual([]);
  });

  it('runs an action asked for while another runs after it, never dropping it', async () => {
    const fake = createFakeApi();
    let finishReindex = () => {};
    fake.answer('addVault', ({ root }: { root: string }) => ok(vault('extra', { root })));
    fake.answer(
      'reindexVault',
      () => new Promise((resolve) => (finishReindex = () => resolve(ok(null)))),
    );
    fake.answer('removeVault', () => ok(null));
    const vaults = new VaultsState(fake.api);
    await vaults.add('/notes/extra');
    const reindexed = vaults.reindex('extra');
    const removed = vaults.remove('extra'); // Enter on Remove while the re-index runs
    await Promise.resolve();
    expect(vaults.busy).toBe(true);
    expect(fake.calls.map(([method]) => method)).toEqual(['addVault', 'reindexVault']);
    finishReindex();
    expect(await reindexed).toBe(true);
    expect(await removed).toBe(true);
    expect(fake.calls.map(([method]) => method)).toEqual([
      'addVault',
      'reindexVault',
      'removeVault',
    ]);
    expect([vaults.vaults, vaults.busy]).toEqual([[], false]);
  });
});

describe('AppSettingsState', () => {
  it('applies an update and calls back only when settings really changed', async () => {
    const fake = createFakeApi();
    fake.answer('getSettings', () => ok(state()));
    fake.answer('updateSettings', (patch: Partial<Settings>) => ok(state(patch)));
    let changes = 0;
    const store = new AppSettingsState(fake.api, () => changes++);
    await store.load();
    expect(await store.update({ resultLimit: 5 })).toBe(true);
    expect(store.settings?.resultLimit).toBe(5);
    fake.emit('onSettingsChanged', state({ resultLimit: 5 }));
    expect(changes).toBe(1);
  });

  it('keeps the reason of a refused update', async () => {
    const fake = createFakeApi();
    fake.answer('updateSettings', () =>
      failed('invalid-argument', 'updateSettings: too big (resultLimit)'),
    );
    const store = new AppSettingsState(fake.api);
    expect(await store.update({ resultLimit: 9999 })).toBe(false);
    expect(store.error).toBe('updateSettings: too big (resultLimit)');
  });
});

describe('copying', () => {
  it('words the status line', () => {
    const whole = { tokens: 1234, truncated: false, included: 3 };
    expect(copyMessage(3, 'json', whole)).toBe('Copied 3 results as JSON (1,234 tokens).');
    const cut = { tokens: 50, truncated: true, included: 1 };
    expect(copyMessage(3, 'md', cut)).toBe(
      'Copied 1 of 3 results as Markdown (50 tokens, cut to the token budget).',
    );
    expect(copyMessage(1, 'text', cut)).toBe(
      'Copied 1 result as plain text (50 tokens, cut to the token budget).',
    );
  });

  it('the bridge client copies with the browser and opens only http(s)/mailto links', async () => {
    const copied: string[] = [];
    const opened: string[] = [];
    const client = createBridgeClient({
      token: 't',
      baseUrl: 'http://127.0.0.1:1',
      writeClipboard: async (text) => void copied.push(text),
      openUrl: (url) => void opened.push(url),
    });
    expect(await client.copyText({ text: 'hello' })).toEqual({ ok: true, value: null });
    expect((await client.openExternal({ url: 'javascript:alert(1)' })).ok).toBe(false);
    expect((await client.openExternal({ url: 'https://example.org' })).ok).toBe(true);
    expect([copied, opened]).toEqual([['hello'], ['https://example.org']]);
  });
});
