import { describe, expect, it } from 'vitest';
import type { NodeContent, OutlineResponse } from '#shared/contract/api.ts';
import { SelectionState } from '../../src-renderer/src/state/selection.svelte.ts';
import { createFakeApi, deferred, failed, ok, result, type FakeApi } from './fake-api.ts';

const markdown = '## Power\n\nThe battery lasts. Battery!\n';

function content(id: string): NodeContent {
  const docId = id.split('#')[0]!;
  return {
    id,
    docId,
    vault: 'v',
    path: docId.slice(2),
    title: id,
    breadcrumb: `> ${id}`,
    displayBreadcrumb: `> ${id}`,
    markdown,
    startLine: 1,
    endLine: 3,
    headingStart: 100,
  };
}

function outline(docId: string, ...slugs: string[]): OutlineResponse {
  const doc = {
    id: docId,
    parentId: null,
    depth: 0,
    position: 0,
    title: docId,
    slug: null,
    startLine: 1,
    endLine: 9,
    isChunk: true,
  };
  const nodes = slugs.map((slug, index) => ({
    ...doc,
    id: `${docId}#${slug}`,
    parentId: docId,
    depth: 1,
    position: index + 1,
    title: slug,
    slug,
  }));
  return {
    docId,
    vault: 'v',
    path: docId.slice(2),
    fileTitle: docId,
    displayTitle: docId,
    tags: [],
    nodes: [doc, ...nodes],
  };
}

function api(): FakeApi {
  const fake = createFakeApi();
  fake.answer('nodeContent', ({ id }: { id: string }) => ok(content(id)));
  fake.answer('outline', ({ docId }: { docId: string }) => ok(outline(docId, 'a', 'b', 'c')));
  return fake;
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('SelectionState', () => {
  it('selects the first result and loads its content and outline', async () => {
    const fake = api();
    const selection = new SelectionState(fake.api);
    selection.resultsChanged([result('v:n.md#a'), result('v:n.md#b')]);
    await settle();
    expect(selection.currentId).toBe('v:n.md#a');
    expect(selection.content?.id).toBe('v:n.md#a');
    expect(selection.outline?.docId).toBe('v:n.md');
    expect(selection.rows.map((row) => row.node.id)).toEqual([
      'v:n.md',
      'v:n.md#a',
      'v:n.md#b',
      'v:n.md#c',
    ]);
  });

  it('while results change under the typing, the preview, outline and marks wait until they stand', async () => {
    const fake = api();
    let busy = false;
    const selection = new SelectionState(fake.api, { restMs: 30, busy: () => busy });
    const start = 100 + markdown.indexOf('battery');
    const hit = { matchRanges: [[start, start + 7]] as Array<[number, number]> };
    selection.resultsChanged([result('v:n.md#a', 'v:n.md', hit)]);
    busy = true; // the next keystroke's search is on its way
    selection.resultsChanged([result('v:n.md#b', 'v:n.md', hit)]);
    // The cursor follows at once; nothing is loaded for a list that did not stand.
    expect(selection.currentId).toBe('v:n.md#b');
    await new Promise((done) => setTimeout(done, 60));
    expect(fake.calls).toEqual([]);
    expect(selection.highlights).toEqual([]);
    busy = false;
    selection.resultsChanged([result('v:n.md#c', 'v:n.md', hit), result('v:n.md#a')]);
    await expect.poll(() => selection.content?.id).toBe('v:n.md#c');
    expect(fake.calls.map(([method]) => method)).toEqual(['nodeContent', 'outline']);
    expect(selection.rows.filter((row) => row.matched).map((row) => row.node.id)).toEqual([
      'v:n.md#a',
      'v:n.md#c',
    ]);
    expect(selection.highlights.map(([s, e]) => markdown.slice(s, e))).toEqual(['battery']);
    // A result chosen on purpose shows at once.
    await selection.select('v:n.md#a');
    expect(selection.content?.id).toBe('v:n.md#a');
  });

  it('says the preview follows another result until it shows the one under the cursor', async () => {
    const fake = api();
    let busy = false;
    const selection = new SelectionState(fake.api, { restMs: 30, busy: () => busy });
    selection.resultsChanged([result('v:n.md#a')]);
    await expect.poll(() => selection.content?.id).toBe('v:n.md#a');
    expect(selection.following).toBe(false);
    busy = true;
    selection.resultsChanged([result('v:n.md#b')]);
    expect(selection.following).toBe(true); // the preview still shows #a
    busy = false;
    selection.resultsChanged([result('v:n.md#b'), result('v:n.md#a')]);
    expect(selection.following).toBe(true); // kept cursor, but #b is not shown yet
    await expect.poll(() => selection.content?.id).toBe('v:n.md#b');
    await settle();
    expect(selection.following).toBe(false);
    // A list that keeps the shown result first has nothing to follow.
    selection.resultsChanged([result('v:n.md#b'), result('v:n.md#c')]);
    expect(selection.following).toBe(false);
    selection.resultsChanged([]);
    expect(selection.following).toBe(false);
  });

  it('keeps the cursor on its result when the list is replaced, and drops ticks of gone results', async () => {
    const selection = new SelectionState(api().api);
    selection.resultsChanged([result('v:n.md#a'), result('v:n.md#b')]);
    await selection.select('v:n.md#b');
    selection.toggleChecked('v:n.md#a');
    selection.toggleChecked('v:n.md#b');
    selection.resultsChanged([result('v:n.md#c'), result('v:n.md#b')]);
    expect(selection.currentId).toBe('v:n.md#b');
    expect([...selection.checked]).toEqual(['v:n.md#b']);
  });

  it("puts a cursor no one moved on each list's first result, even when its result is still listed", async () => {
    const selection = new SelectionState(api().api);
    selection.resultsChanged([result('v:n.md#a'), result('v:n.md#b')]);
    selection.resultsChanged([result('v:n.md#c'), result('v:n.md#a')]);
    expect(selection.currentId).toBe('v:n.md#c');
    // Once moved on purpose it stays with its result, until a list without it.
    selection.move(1);
    selection.resultsChanged([result('v:n.md#b'), result('v:n.md#a')]);
    expect(selection.currentId).toBe('v:n.md#a');
    selection.resultsChanged([result('v:n.md#b'), result('v:n.md#c')]);
    selection.resultsChanged([result('v:n.md#c'), result('v:n.md#b')]);
    expect(selection.currentId).toBe('v:n.md#c');
    // The same search answered again (a note changed) keeps it where it is.
    selection.resultsChanged([result('v:n.md#b'), result('v:n.md#c')], true);
    expect(selection.currentId).toBe('v:n.md#c');
  });

  it('moves the cursor within bounds', async () => {
    const selection = new SelectionState(api().api);
    selection.resultsChanged([result('v:a.md'), result('v:b.md'), result('v:c.md')]);
    expect(selection.move(1)).toBe('v:b.md');
    expect(selection.move(10)).toBe('v:c.md');
    expect(selection.move(-10)).toBe('v:a.md');
    await settle();
  });

  it('shows the content of the latest request only', async () => {
    const fake = api();
    const held = deferred<ReturnType<typeof ok<NodeContent>>>();
    fake.answer('nodeContent', ({ id }: { id: string }) =>
      id.endsWith('#a') ? held.promise : ok(content(id)),
    );
    const selection = new SelectionState(fake.api);
    selection.resultsChanged([result('v:n.md#a'), result('v:n.md#b')]);
    await selection.select('v:n.md#b');
    held.resolve(ok(content('v:n.md#a')));
    await settle();
    expect(selection.content?.id).toBe('v:n.md#b');
  });

  it('changes the marks together with the section, not before the next section is in', async () => {
    const fake = api();
    const start = 100 + markdown.indexOf('battery');
    const hit = { matchRanges: [[start, start + 7]] as Array<[number, number]> };
    const held = deferred<ReturnType<typeof ok<NodeContent>>>();
    fake.answer('nodeContent', ({ id }: { id: string }) =>
      id.endsWith('#b') ? held.promise : ok(content(id)),
    );
    const selection = new SelectionState(fake.api, { restMs: 10 });
    selection.resultsChanged([result('v:n.md#a', 'v:n.md', hit)]);
    await expect.poll(() => selection.content?.id).toBe('v:n.md#a');
    const marks = selection.highlights;
    expect(marks.map(([s, e]) => markdown.slice(s, e))).toEqual(['battery']);
    // New results stand and #b is on its way: #a keeps its marks (the preview does not render
    // it again for results that no longer hold it) until #b replaces it.
    selection.resultsChanged([result('v:n.md#b')]);
    await expect
      .poll(() => fake.calls.filter(([method]) => method === 'nodeContent').length)
      .toBe(2);
    expect(selection.content?.id).toBe('v:n.md#a');
    expect(selection.highlights).toEqual(marks);
    held.resolve(ok(content('v:n.md#b')));
    await expect.poll(() => selection.content?.id).toBe('v:n.md#b');
    expect(selection.highlights).toEqual([]);
  });

  it('marks matched outline nodes and maps match ranges onto the shown markdown', async () => {
    const selection = new SelectionState(api().api);
    const start = 100 + markdown.indexOf('battery');
    selection.resultsChanged([
      result('v:n.md#a', 'v:n.md', { mergedFrom: ['v:n.md#c'], matchRanges: [[start, start + 7]] }),
    ]);
    await settle();
    expect(selection.rows.filter((row) => row.matched).map((row) => row.node.id)).toEqual([
      'v:n.md#a',
      'v:n.md#c',
    ]);
    expect(selection.highlights.map(([s, e]) => markdown.slice(s, e))).toEqual(['battery']);
  });

  it('expands the shown node and its ancestors', async () => {
    const fake = api();
    fake.answer('outline', ({ docId }: { docId: string }) => {
      const base = outline(docId, 'a');
      const child = {
        ...base.nodes[1]!,
        id: `${docId}#a1`,
        parentId: `${docId}#a`,
        depth: 2,
        position: 2,
      };
      return ok({ ...base, nodes: [...base.nodes, child] });
    });
    const selection = new SelectionState(fake.api);
    selection.resultsChanged([result('v:n.md#a1')]);
    await settle();
    selection.toggleCollapsed('v:n.md#a');
    expect(selection.rows.map((row) => row.node.id)).toEqual(['v:n.md', 'v:n.md#a']);
    await selection.showNode('v:n.md#a1');
    expect(selection.rows.map((row) => row.node.id)).toEqual(['v:n.md', 'v:n.md#a', 'v:n.md#a1']);
  });

  it('lists export ids in rank order for each scope', async () => {
    const selection = new SelectionState(api().api);
    selection.resultsChanged([result('v:a.md'), result('v:b.md'), result('v:c.md')]);
    selection.toggleChecked('v:c.md');
    selection.toggleChecked('v:a.md');
    expect(selection.exportIds('checked')).toEqual(['v:a.md', 'v:c.md']);
    expect(selection.exportIds('all')).toEqual(['v:a.md', 'v:b.md', 'v:c.md']);
    expect(selection.exportIds('current')).toEqual(['v:a.md']);
    selection.toggleAll();
    expect(selection.checked.size).toBe(3);
    selection.toggleAll();
    expect(selection.checked.size).toBe(0);
    await settle();
  });

  it('forgets everything when the results are gone', async () => {
    const selection = new SelectionState(api().api);
    selection.resultsChanged([result('v:a.md')]);
    await settle();
    selection.resultsChanged([]);
    expect([selection.currentId, selection.content, selection.outline]).toEqual([null, null, null]);
  });

  it('reports a content error', async () => {
    const fake = api();
    fake.answer('nodeContent', () => failed('not-found', 'gone'));
    const selection = new SelectionState(fake.api);
    await selection.showNode('v:x.md');
    expect(selection.contentStatus).toBe('error');
    expect(selection.error).toBe('gone');
  });

  it('a node that fails to load leaves no earlier node on show', async () => {
    const fake = api();
    const selection = new SelectionState(fake.api);
    await selection.showNode('v:a.md#a');
    expect(selection.content?.id).toBe('v:a.md#a');
    fake.answer('nodeContent', () => failed('invalid-argument', 'id is too long'));
    // A node of the outline on show: the outline stays, the preview does not.
    await selection.showNode('v:a.md#b');
    expect([selection.content, selection.outline?.docId]).toEqual([null, 'v:a.md']);
    // A node of another document: neither stays.
    await selection.showNode('v:other.md#x');
    expect([selection.content, selection.outline, selection.error]).toEqual([
      null,
      null,
      'id is too long',
    ]);
  });
});
