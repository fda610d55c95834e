// Every rule of docs/design.md#the-chunk-tree that can be checked on any chunked document, whatever
// its content. Throws (with `expect`) on the first broken rule.
import { expect } from 'vitest';
import type { ChunkNode, ChunkedDocument } from '../../../../src-main/engine/chunk/types.ts';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The fields of docs/design.md#the-node-record, in order. */
export const NODE_FIELDS = [
  'id',
  'docId',
  'parentId',
  'depth',
  'position',
  'title',
  'slug',
  'headingStart',
  'byteStart',
  'byteEnd',
  'bodyRanges',
  'body',
  'isChunk',
  'fileTitle',
  'headerPath',
  'headerDepths',
  'headerSlugs',
  'headerBreadcrumb',
  'sectionTitle',
  'sectionSlug',
  'breadcrumb',
  'startLine',
  'endLine',
  'tokenEstimate',
];

/** 1-based line of each byte offset, counting LF, CRLF and lone CR as line ends. */
function lineOf(bytes: Uint8Array): (offset: number) => number {
  const starts = [0];
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (byte === 13 && bytes[index + 1] === 10) index++;
    else if (byte !== 13 && byte !== 10) continue;
    if (index + 1 < bytes.length) starts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** Asserts the chunk tree invariants of `document` chunked from `bytes`. */
export function assertInvariants(document: ChunkedDocument, bytes: Uint8Array): void {
  const { nodes, size, docId, fileTitle } = document;
  expect(size).toBe(bytes.length);
  const root = nodes[0]!;
  expect(root).toMatchObject({ id: docId, parentId: null, depth: 0, position: 0, slug: null });
  expect([root.headingStart, root.byteStart, root.byteEnd]).toEqual([0, 0, size]);

  const byId = new Map<string, ChunkNode>();
  const line = lineOf(bytes);
  // Each byte is claimed by exactly one of: frontmatter, a heading line, a body.
  const owner = new Uint8Array(size);
  const claim = (start: number, end: number, what: string) => {
    expect(start, what).toBeLessThanOrEqual(end);
    // A plain loop: `expect` per byte would be slow on the 20 MB corpus file.
    const taken = owner.subarray(start, end).indexOf(1);
    if (taken !== -1) throw new Error(`byte ${start + taken} claimed twice (${what})`);
    owner.fill(1, start, end);
  };
  if (document.frontmatter) claim(document.frontmatter[0], document.frontmatter[1], 'frontmatter');

  nodes.forEach((node, position) => {
    expect(Object.keys(node)).toEqual(NODE_FIELDS);
    expect(node.position).toBe(position);
    expect(byId.has(node.id), `duplicate id ${node.id}`).toBe(false);
    byId.set(node.id, node);
    expect(node.docId).toBe(docId);
    expect(node.fileTitle).toBe(fileTitle);

    if (position > 0) {
      const parent = byId.get(node.parentId!)!;
      expect(parent, `parent of ${node.id} comes first`).toBeDefined();
      assertNested(node, parent, nodes[position - 1]!, bytes);
      claim(node.headingStart, node.byteStart, `heading line of ${node.id}`);
    }
    for (const [start, end] of node.bodyRanges) claim(start, end, `body of ${node.id}`);
    assertBody(node, bytes);
    expect(node.startLine).toBe(position === 0 ? 1 : line(node.headingStart));
    expect(node.endLine).toBe(
      node.byteEnd > node.byteStart ? line(node.byteEnd - 1) : node.startLine,
    );
    assertHeaderFields(node, byId, fileTitle);
  });
  expect(owner.indexOf(0), 'a byte belongs to nothing').toBe(-1);
}

/** A heading node sits inside its parent, after the node before it, with a non-empty span. */
function assertNested(node: ChunkNode, parent: ChunkNode, previous: ChunkNode, bytes: Uint8Array) {
  expect(node.depth).toBeGreaterThan(parent.depth);
  expect(node.id).toBe(`${node.docId}#${node.slug}`);
  // Pre-order over document order: headings start after the previous node's heading.
  expect(node.headingStart).toBeGreaterThanOrEqual(previous.headingStart);
  // The extent nests in the parent's span.
  expect(node.headingStart).toBeGreaterThanOrEqual(parent.byteStart);
  expect(node.byteEnd).toBeLessThanOrEqual(parent.byteEnd);
  expect(node.headingStart).toBeLessThan(node.byteStart);
  // A kept heading's span holds non-whitespace.
  const span = decoder.decode(bytes.subarray(node.byteStart, node.byteEnd));
  expect(/\S/.test(span), `${node.id} has an empty span`).toBe(true);
}

/** The body ranges are sorted and disjoint inside the span, and the body is their text. */
function assertBody(node: ChunkNode, bytes: Uint8Array) {
  let previousEnd = -1;
  for (const [start, end] of node.bodyRanges) {
    expect(start).toBeLessThan(end);
    expect(start).toBeGreaterThan(previousEnd);
    expect(start).toBeGreaterThanOrEqual(node.byteStart);
    expect(end).toBeLessThanOrEqual(node.byteEnd);
    previousEnd = end;
  }
  const body = node.bodyRanges.map(([start, end]) => decoder.decode(bytes.subarray(start, end)));
  expect(node.body).toBe(body.join(''));
  expect(node.isChunk).toBe(/\S/.test(node.body));
  expect(node.tokenEstimate).toBe(Math.ceil(node.body.length / 4));
}

/**
 * `headerPath` and friends follow from the ancestor chain
 * (docs/design.md#titles-paths-and-breadcrumbs).
 */
function assertHeaderFields(node: ChunkNode, byId: Map<string, ChunkNode>, fileTitle: string) {
  const chain: ChunkNode[] = [];
  for (let at: ChunkNode | undefined = node; at && at.depth > 0; at = byId.get(at.parentId!)) {
    chain.unshift(at);
  }
  expect(node.headerPath).toEqual(chain.map((heading) => heading.title));
  expect(node.headerDepths).toEqual(chain.map((heading) => heading.depth));
  expect(node.headerSlugs).toEqual(chain.map((heading) => heading.slug));
  expect(node.headerBreadcrumb).toBe(node.headerPath.join(' > '));
  expect(node.sectionTitle).toBe(node.headerPath.at(-1) ?? fileTitle);
  expect(node.sectionSlug).toBe(node.headerSlugs.at(-1) ?? null);
  const crumbs = node.headerPath[0] === fileTitle ? node.headerPath.slice(1) : node.headerPath;
  expect(node.breadcrumb).toBe('> ' + [fileTitle, ...crumbs].join(' › '));
  if (node.depth === 0) expect(node.title).toBe(fileTitle);
}
