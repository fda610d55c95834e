import { describe, expect, it } from 'vitest';
import { QuickState, type QueryMemory } from '../../src-renderer/src/state/quick.svelte.ts';
import { createFakeApi, ok, result } from './fake-api.ts';

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

function api() {
  const fake = createFakeApi();
  fake.answer('search', () =>
    ok({ results: [result('v:a.md'), result('v:b.md'), result('v:c.md')], terms: [], tookMs: 1 }),
  );
  fake.answer('exportResults', ({ ids }: { ids: string[] }) =>
    ok({ text: `# ${ids.join(',')}`, tokens: 3, truncated: false }),
  );
  fake.answer('copyText', () => ok(null));
  fake.answer('hideQuickSearch', () => ok(null));
  fake.answer('showInMainWindow', () => ok(null));
  return fake;
}

describe('QuickState', () => {
  it('starts with the last query and remembers new ones', () => {
    const store = memory({ 'folio-quick-query': 'solar panel' });
    const quick = new QuickState(api().api, store, { debounceMs: 10_000 });
    expect(quick.search.topics).toEqual(['solar panel']);
    quick.type('wind');
    expect(store.data['folio-quick-query']).toBe('wind');
  });

  it('moves the cursor within the results', async () => {
    const quick = new QuickState(api().api, memory());
    quick.type('x');
    await quick.search.run();
    quick.move(1);
    quick.move(1);
    quick.move(1);
    expect(quick.current?.id).toBe('v:c.md');
    quick.move(-5);
    expect(quick.current?.id).toBe('v:a.md');
  });

  it('Enter: exports the current result as Markdown, copies it, then hides', async () => {
    const fake = api();
    const quick = new QuickState(fake.api, memory());
    quick.type('x');
    await quick.search.run();
    quick.move(1);
    await quick.copyAndHide();
    expect(fake.calls.filter(([method]) => method !== 'search')).toEqual([
      ['exportResults', { ids: ['v:b.md'] }],
      ['copyText', { text: '# v:b.md' }],
      ['hideQuickSearch', undefined],
    ]);
    expect(quick.notice.text).toBe('Copied 1 result as Markdown (3 tokens).');
  });

  it('Shift+Enter when files cannot be opened: says why and stays open', async () => {
    const fake = api();
    fake.answer('openInEditor', () => ({
      ok: false,
      error: { code: 'unavailable', message: 'not in a browser' },
    }));
    const quick = new QuickState(fake.api, memory());
    quick.type('x');
    await quick.search.run();
    await quick.open();
    expect(quick.notice.text).toBe('not in a browser');
    expect(fake.calls.some(([method]) => method === 'hideQuickSearch')).toBe(false);
  });

  it('Ctrl+Enter: asks the main window to show the result', async () => {
    const fake = api();
    const quick = new QuickState(fake.api, memory());
    quick.type('x');
    await quick.search.run();
    await quick.showInMainWindow();
    expect(fake.calls.at(-1)).toEqual(['showInMainWindow', { id: 'v:a.md' }]);
  });
});
