import { describe, expect, it } from 'vitest';
import type { ElementContent, RootContent } from 'hast';
import { chunkEnds } from '../../src-renderer/src/lib/preview-chunks.ts';

const text = (value: string): ElementContent => ({ type: 'text', value });
const element = (tagName: string, children: ElementContent[], className?: string[]) =>
  ({
    type: 'element',
    tagName,
    properties: className ? { className } : {},
    children,
  }) as ElementContent & RootContent;
/** A paragraph of `size` nodes (itself and its text). */
const paragraph = (size: number) =>
  element(
    'p',
    Array.from({ length: size - 1 }, () => text('word ')),
  );
const marked = (size: number) =>
  element('p', [
    element('mark', [text('hit')], ['hit']),
    ...Array.from({ length: size - 3 }, () => text('word ')),
  ]);

describe('chunkEnds', () => {
  it('cuts top-level nodes into chunks of about the given number of nodes, whole nodes only', () => {
    const nodes = Array.from({ length: 10 }, () => paragraph(4));
    expect(chunkEnds(nodes, 8)).toEqual([2, 4, 6, 8, 10]);
    expect(chunkEnds(nodes, 10)).toEqual([3, 6, 9, 10]);
    expect(chunkEnds([paragraph(50), paragraph(2)], 8)).toEqual([1, 2]);
  });

  it('a short section is one chunk; no nodes, no chunks', () => {
    expect(chunkEnds([paragraph(4), paragraph(4)], 150)).toEqual([2]);
    expect(chunkEnds([], 150)).toEqual([]);
  });

  it('the first chunk runs to the first node holding a matched term', () => {
    const nodes = [...Array.from({ length: 6 }, () => paragraph(4)), marked(4), paragraph(4)];
    expect(chunkEnds(nodes, 8)).toEqual([7, 8]);
    // A highlight (==text==) is a mark too, but not a matched term.
    const highlight = element('p', [element('mark', [text('x')], ['highlight'])]);
    expect(chunkEnds([paragraph(8), highlight, paragraph(8)], 8)).toEqual([1, 3]);
  });
});
