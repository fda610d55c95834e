// Wikilinks of the preview resolved through the API (src-renderer state/wikilinks.svelte.ts,
// docs/ui.md#the-preview): a section of thousands of links resolves them a few at a time, so a
// search typed meanwhile is not queued behind all their calls.
import { describe, expect, it } from 'vitest';
import { MAX_RESOLVING, WikiLinksState } from '../../src-renderer/src/state/wikilinks.svelte.ts';
import { createFakeApi, failed, ok } from './fake-api.ts';

describe('WikiLinksState', () => {
  it(`resolves at most ${MAX_RESOLVING} links at once, each in turn`, async () => {
    const fake = createFakeApi();
    let open = 0;
    let most = 0;
    const call = async <T>(answer: T): Promise<T> => {
      most = Math.max(most, ++open);
      await new Promise((wait) => setTimeout(wait, 1));
      open--;
      return answer;
    };
    fake.answer('outline', () => call(failed('not-found', 'no such note')));
    fake.answer('search', () =>
      call(ok({ results: [], terms: [], unmatchedTopics: [], tookMs: 1 })),
    );
    const links = new WikiLinksState(fake.api);
    const from = { docId: 'v:lists/Plugins.md', vault: 'v', path: 'lists/Plugins.md' };
    const names = Array.from({ length: 40 }, (_, i) => `Plugin ${i}`);
    expect(names.map((name) => links.state(from, name))).toEqual(names.map(() => undefined));
    const ids = await Promise.all(names.map((name) => links.resolve(from, name)));
    expect(ids).toEqual(names.map(() => null));
    expect(most).toBe(MAX_RESOLVING);
    // Each link the index does not answer for: beside the note, at the root, then by name (a
    // text-only search).
    expect(fake.calls.filter(([method]) => method === 'outline')).toHaveLength(80);
    const searches = fake.calls.filter(([method]) => method === 'search');
    expect(searches).toHaveLength(40);
    expect(searches[0]![1]).toMatchObject({ queries: ['Plugin 0'], detail: 'text' });
    expect(names.map((name) => links.state(from, name))).toEqual(names.map(() => null));
  });

  it('finds a note whose name has dots by its .md file, and a .txt note as written', async () => {
    const fake = createFakeApi();
    const notes = new Set(['v:dendron.topic.graph.md', 'v:Release 1.2.md', 'v:notes.txt']);
    fake.answer('outline', async (request) => {
      const { docId } = request as { docId: string };
      return notes.has(docId)
        ? ok({ docId, nodes: [] } as never)
        : failed('not-found', `no indexed document "${docId}"`);
    });
    fake.answer('search', async () =>
      ok({ results: [], terms: [], unmatchedTopics: [], tookMs: 1 }),
    );
    const links = new WikiLinksState(fake.api);
    const from = { docId: 'v:a.md', vault: 'v', path: 'a.md' };
    expect(await links.resolve(from, 'dendron.topic.graph')).toBe('v:dendron.topic.graph.md');
    expect(await links.resolve(from, 'Graph|dendron://site/dendron.topic.graph')).toBe(
      'v:dendron.topic.graph.md',
    );
    expect(await links.resolve(from, 'Release 1.2')).toBe('v:Release 1.2.md');
    expect(await links.resolve(from, 'notes.txt')).toBe('v:notes.txt');
    expect(await links.resolve(from, 'missing.note')).toBeNull();
  });

  it('takes where the index resolved a link; one it does not keep is found by name', async () => {
    const fake = createFakeApi();
    fake.answer('links', async (request) => {
      expect(request).toEqual({ docId: 'v:src.md', limit: 1, outgoingLimit: 100_000 });
      return ok({
        docId: 'v:src.md',
        outgoing: [
          { from: 'v:src.md', to: 'v:People/Ada.md', target: 'Ada', embed: false },
          { from: 'v:src.md', to: 'v:x.md#part', target: 'X\\|shown', embed: false },
          { from: 'v:src.md', to: null, target: 'Nowhere', embed: false },
        ],
        outgoingCount: 3,
        backlinks: [],
        backlinkCount: 0,
      });
    });
    fake.answer('outline', async (request) => {
      const { docId } = request as { docId: string };
      return docId === 'v:pic.png'
        ? ok({ docId, nodes: [] } as never)
        : failed('not-found', `no indexed document "${docId}"`);
    });
    const links = new WikiLinksState(fake.api);
    const from = { docId: 'v:src.md', vault: 'v', path: 'src.md' };
    // An alias, a table cell's link, a missing note: the index's answers, no search.
    expect(await links.resolve(from, 'Ada')).toBe('v:People/Ada.md');
    expect(await links.resolve(from, 'X\\|shown')).toBe('v:x.md#part');
    expect(await links.resolve(from, 'Nowhere')).toBeNull();
    expect(fake.calls.filter(([method]) => method !== 'links')).toEqual([]);
    // An attachment is no link of the index: looked up as before.
    expect(await links.resolve(from, 'pic.png')).toBe('v:pic.png');
    expect(fake.calls.filter(([method]) => method === 'links')).toHaveLength(1);
  });
});
