import { describe, expect, it } from 'vitest';
import type { OutlineNode, SearchResult } from '#shared/contract/api.ts';
import {
  ancestorsOf,
  indexOutline,
  matchedIds,
  idsToReveal,
  namedNodes,
  visibleRows,
} from '../../src-renderer/src/lib/outline-tree.ts';

const node = (
  id: string,
  parentId: string | null,
  depth: number,
  position: number,
): OutlineNode => ({
  id,
  parentId,
  depth,
  position,
  title: id,
  slug: parentId === null ? null : id,
  startLine: position + 1,
  endLine: position + 1,
  isChunk: true,
});

// doc
// ├─ a (h1)
// │  ├─ a1 (h2)
// │  │  └─ a1x (h3)
// │  └─ a2 (h2)
// └─ b (h1)
const nodes = [
  node('doc', null, 0, 0),
  node('a', 'doc', 1, 1),
  node('a1', 'a', 2, 2),
  node('a1x', 'a1', 3, 3),
  node('a2', 'a', 2, 4),
  node('b', 'doc', 1, 5),
];
const index = indexOutline(nodes);

const result = (id: string, docId: string, mergedFrom: string[] = []) =>
  ({ id, docId, mergedFrom }) as unknown as SearchResult;

describe('outline tree', () => {
  it('lists ancestors nearest first', () => {
    expect(ancestorsOf(index, 'a1x')).toEqual(['a1', 'a', 'doc']);
    expect(ancestorsOf(index, 'doc')).toEqual([]);
    expect(ancestorsOf(index, 'missing')).toEqual([]);
  });

  it('marks results and what they absorbed, of this document only', () => {
    const results = [
      result('a', 'd1', ['a1', 'a1x']),
      result('b', 'd1'),
      result('zz', 'd2', ['yy']),
    ];
    expect([...matchedIds(results, 'd1')].sort()).toEqual(['a', 'a1', 'a1x', 'b']);
    expect(matchedIds(results, null).size).toBe(0);
  });

  it('shows every node in pre-order when nothing is collapsed', () => {
    const rows = visibleRows(index, new Set(), new Set(['a1x']));
    expect(rows.map((row) => [row.node.id, row.level, row.matched])).toEqual([
      ['doc', 0, false],
      ['a', 1, false],
      ['a1', 2, false],
      ['a1x', 3, true],
      ['a2', 2, false],
      ['b', 1, false],
    ]);
    expect(rows.find((row) => row.node.id === 'a2')?.hasChildren).toBe(false);
  });

  it('hides the descendants of collapsed nodes', () => {
    const rows = visibleRows(index, new Set(['a']), new Set());
    expect(rows.map((row) => row.node.id)).toEqual(['doc', 'a', 'b']);
    expect(rows[1]?.expanded).toBe(false);
  });

  it('reveals a node by expanding it and its ancestors', () => {
    expect(idsToReveal(index, 'a1')).toEqual(['a1', 'a', 'doc']);
  });

  it('is empty for an empty outline', () => {
    expect(visibleRows(indexOutline([]), new Set(), new Set())).toEqual([]);
  });
});

describe('namedNodes', () => {
  const outline = (displayTitle: string) => ({
    docId: 'v:doc.md',
    vault: 'v',
    path: 'doc.md',
    fileTitle: 'doc',
    displayTitle,
    tags: [],
    nodes,
  });

  it('names the document row by its display title and leaves the rest', () => {
    const named = namedNodes(outline('Readable Name'));
    expect(named[0]).toEqual({ ...nodes[0], title: 'Readable Name' });
    expect(named.slice(1)).toEqual(nodes.slice(1));
    expect(namedNodes(outline('doc'))).toBe(nodes);
    expect(namedNodes(null)).toEqual([]);
  });
});
