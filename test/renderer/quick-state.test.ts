// Quick search's state over a fake API: the list (results, or history in an empty box), the
// cursor and its preview, the actions and what each leaves behind, the action menu.
import { describe, expect, it } from 'vitest';
import type { NodeContent } from '#shared/contract/api.ts';
import { quickActions, quickKeyOf } from '../../src-renderer/src/lib/quick-actions.ts';
import { HistoryState } from '../../src-renderer/src/state/history.svelte.ts';
import { QuickState, type QueryMemory } from '../../src-renderer/src/state/quick.svelte.ts';
import { createFakeApi, failed, ok, result } from './fake-api.ts';

const wait = (ms = 0) => new Promise((done) => setTimeout(done, ms));

function memory(
  initial: Record<string, string> = {},
): QueryMemory & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => void (data[key] = value),
  };
}

function content(id: string): NodeContent {
  const docId = id.split('#')[0]!;
  const [vault, path] = docId.split(':') as [string, string];
  const base = {
    id,
    docId,
    vault,
    path,
    title: id,
    breadcrumb: id,
    displayBreadcrumb: id,
    markdown: `# ${id}\n`,
  };
  return { ...base, startLine: 1, endLine: 1, headingStart: 0 };
}

function api() {
  const fake = createFakeApi();
  fake.answer('environment', () =>
    ok({ kind: 'web', platform: 'linux', canPickFolder: false, canOpenFiles: false, version: '0' }),
  );
  fake.answer('search', () =>
    ok({
      results: [result('v:a.md'), result('v:b.md'), result('v:c.md')],
      terms: [],
      unmatchedTopics: [],
      tookMs: 1,
    }),
  );
  fake.answer('nodeContent', ({ id }: { id: string }) => ok(content(id)));
  fake.answer('outline', ({ docId }: { docId: string }) =>
    ok({ docId, vault: 'v', path: docId.slice(2), fileTitle: docId, tags: [], nodes: [] }),
  );
  fake.answer('exportResults', ({ ids }: { ids: string[] }) =>
    ok({ text: `# ${ids.join(',')}`, tokens: 3, truncated: false, included: 1 }),
  );
  fake.answer('copyText', () => ok(null));
  fake.answer('hideQuickSearch', () => ok(null));
  fake.answer('showInMainWindow', () => ok(null));
  fake.answer('openInEditor', () => failed('unavailable', 'not in a browser'));
  return fake;
}

/** A quick state with its own history; `rest`: the preview's rest delay. */
function quickState(fake = api(), store = memory(), rest = 0) {
  const history = new HistoryState(store);
  const quick = new QuickState(fake.api, store, history, { previewRestMs: rest });
  return { quick, history, store, fake };
}

const others = (fake: ReturnType<typeof api>) =>
  fake.calls.filter(([method]) => !['search', 'nodeContent', 'outline'].includes(method));

describe('QuickState', () => {
  it('starts with the last query and remembers new ones', () => {
    const store = memory({ 'folio-quick-query': 'solar panel' });
    const { quick } = quickState(api(), store);
    expect(quick.search.topics).toEqual(['solar panel']);
    quick.type('wind');
    expect(store.data['folio-quick-query']).toBe('wind');
  });

  it('moves the cursor within the results and previews the row under it', async () => {
    const { quick, fake } = quickState();
    quick.type('x');
    await quick.search.run();
    quick.move(1);
    quick.move(1);
    quick.move(1);
    expect(quick.current).toMatchObject({ kind: 'result', node: 'v:c.md' });
    await expect.poll(() => quick.selection.content?.id).toBe('v:c.md');
    quick.move(-5);
    expect(quick.current).toMatchObject({ node: 'v:a.md' });
    expect(fake.calls).toContainEqual(['nodeContent', { id: 'v:a.md' }]);
  });

  it('keeps the cursor on its result when the results change', async () => {
    const { quick, fake } = quickState();
    quick.type('x');
    await quick.search.run();
    quick.move(2);
    fake.answer('search', () =>
      ok({
        results: [result('v:z.md'), result('v:c.md')],
        terms: [],
        unmatchedTopics: [],
        tookMs: 1,
      }),
    );
    quick.type('xy');
    await quick.search.run();
    expect(quick.current).toMatchObject({ node: 'v:c.md' });
  });

  it("puts a cursor no one moved on each answer's first row, even when its row is still listed", async () => {
    const { quick, fake } = quickState();
    quick.type('x');
    await quick.search.run();
    expect(quick.current).toMatchObject({ node: 'v:a.md' });
    fake.answer('search', () =>
      ok({
        results: [result('v:z.md'), result('v:a.md')],
        terms: [],
        unmatchedTopics: [],
        tookMs: 1,
      }),
    );
    quick.type('xy');
    await quick.search.run();
    expect(quick.current).toMatchObject({ node: 'v:z.md' });
    // The same search answered again (a note changed) keeps it where it is.
    fake.answer('search', () =>
      ok({
        results: [result('v:a.md'), result('v:z.md')],
        terms: [],
        unmatchedTopics: [],
        tookMs: 1,
      }),
    );
    await quick.search.rerun();
    expect(quick.current).toMatchObject({ node: 'v:z.md' });
  });

  it('previews a result only once the cursor rests while typing; arrows show at once', async () => {
    const { quick, fake } = quickState(api(), memory(), 60);
    quick.type('x');
    await quick.search.run();
    expect(fake.calls.some(([method]) => method === 'nodeContent')).toBe(false);
    await expect.poll(() => quick.selection.content?.id).toBe('v:a.md');
    fake.calls.length = 0;
    quick.move(1);
    expect(fake.calls[0]).toEqual(['nodeContent', { id: 'v:b.md' }]);
  });

  it('Enter: copies the result as Markdown, keeps the search and the section, empties the box, hides', async () => {
    const { quick, fake, history, store } = quickState();
    quick.type('x');
    await quick.search.run();
    quick.move(1);
    await quick.activate();
    expect(others(fake)).toEqual([
      ['exportResults', { ids: ['v:b.md'] }],
      ['copyText', { text: '# v:b.md' }],
      ['hideQuickSearch', undefined],
    ]);
    expect(quick.notice.text).toBe('Copied 1 result as Markdown (3 tokens).');
    expect(history.searches.map((search) => search.topics)).toEqual([['x']]);
    expect(history.sections.map((section) => section.id)).toEqual(['v:b.md']);
    expect(store.data['folio-quick-query']).toBe('');
    expect(quick.search.topics).toEqual(['']);
  });

  it('Alt+O in the browser: says why, stays open, keeps the query, records nothing', async () => {
    const { quick, fake, history } = quickState();
    quick.type('x');
    await quick.search.run();
    await quick.run('open');
    expect(quick.notice.text).toBe('not in a browser');
    expect(quick.notice.isError).toBe(true);
    expect(fake.calls.some(([method]) => method === 'hideQuickSearch')).toBe(false);
    expect(quick.search.topics).toEqual(['x']);
    expect(history.sections).toEqual([]);
  });

  it('Ctrl+Enter: asks the main window to show the result and stays', async () => {
    const { quick, fake } = quickState();
    quick.type('x');
    await quick.search.run();
    await quick.run('show');
    expect(fake.calls.at(-1)).toEqual(['showInMainWindow', { id: 'v:a.md' }]);
    expect(quick.notice.text).toBe('Shown in the main window.');
    expect(quick.search.topics).toEqual(['x']);
  });

  it('an empty box lists recent searches and opened sections; ↑ recalls; Enter puts a search back', async () => {
    const { quick, history, fake } = quickState();
    history.recordSearch(['older']);
    history.recordSearch(['two', 'topics']);
    history.recordSearch(['latest']);
    history.recordOpened({
      id: 'v:n.md#s',
      title: 'S',
      breadcrumb: '> N › S',
      vault: 'v',
      path: 'n.md',
    });
    await quick.start();
    expect(quick.rows.map((row) => row.key)).toEqual([
      'search:latest',
      'search:older',
      'section:v:n.md#s',
    ]);
    expect(quick.move(-1)).toBe('latest');
    expect(quick.search.topics).toEqual(['latest']);
    quick.type('');
    quick.move(1);
    await quick.activate();
    expect(quick.search.topics).toEqual(['older']);
    quick.type('');
    quick.select(2);
    await expect.poll(() => quick.selection.content?.id).toBe('v:n.md#s');
    await quick.activate();
    expect(fake.calls).toContainEqual(['exportResults', { ids: ['v:n.md#s'] }]);
  });

  it('the action menu opens on a result only; Esc closes it first, then hides', async () => {
    const { quick, fake } = quickState();
    quick.toggleMenu();
    expect(quick.menuOpen).toBe(false);
    quick.type('x');
    await quick.search.run();
    quick.toggleMenu();
    expect(quick.menuOpen).toBe(true);
    quick.moveMenu(10);
    expect(quick.actions[quick.menuCursor]?.id).toBe('show');
    await quick.escape();
    expect(quick.menuOpen).toBe(false);
    expect(fake.calls.some(([method]) => method === 'hideQuickSearch')).toBe(false);
    await quick.escape();
    expect(fake.calls.at(-1)).toEqual(['hideQuickSearch', undefined]);
    await wait();
  });
});

describe('quick search keys', () => {
  const key = (init: Partial<Parameters<typeof quickKeyOf>[0]>) =>
    quickKeyOf({
      key: '',
      code: '',
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      ...init,
    });

  it.each([
    [{ key: 'Enter' }, { kind: 'activate' }],
    [
      { key: 'Enter', shiftKey: true },
      { kind: 'action', action: 'open' },
    ],
    [
      { key: 'Enter', ctrlKey: true },
      { kind: 'action', action: 'show' },
    ],
    [
      { key: 'Enter', metaKey: true },
      { kind: 'action', action: 'show' },
    ],
    [
      { key: 'ø', code: 'KeyO', altKey: true },
      { kind: 'action', action: 'open' },
    ],
    [
      { key: 'r', code: 'KeyR', altKey: true },
      { kind: 'action', action: 'reveal' },
    ],
    [
      { key: 'c', code: 'KeyC', altKey: true },
      { kind: 'action', action: 'copy' },
    ],
    [{ key: 'k', ctrlKey: true }, { kind: 'menu' }],
    [{ key: 'K', metaKey: true, shiftKey: true }, { kind: 'menu' }],
    [{ key: 'ArrowDown' }, { kind: 'move', delta: 1 }],
    [{ key: 'ArrowUp' }, { kind: 'move', delta: -1 }],
    [{ key: 'PageDown' }, { kind: 'move', delta: 5 }],
    [{ key: 'Escape' }, { kind: 'escape' }],
    [{ key: 'a' }, null],
    [{ key: 'x', code: 'KeyX', altKey: true }, null],
  ])('%j → %j', (init, expected) => {
    expect(key(init)).toEqual(expected);
  });

  it('lists the actions with their keys, primary first', () => {
    expect(
      quickActions({ mac: false }).map((action) => `${action.label} (${action.keys})`),
    ).toEqual([
      'Copy as Markdown (Enter)',
      'Open in editor (Alt+O)',
      'Reveal in folder (Alt+R)',
      'Show in Folio (Ctrl+Enter)',
    ]);
    expect(quickActions({ mac: true }).at(-1)?.keys).toBe('⌘Enter');
  });
});
