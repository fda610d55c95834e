import { describe, expect, it } from 'vitest';
import type { ElementContent, RootContent } from 'hast';
import { chunkEnds, landing } from '../../src-renderer/src/lib/preview-chunks.ts';

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

/** A paragraph marking `words`, one mark each. */
const marking = (...words: string[]) =>
  element(
    'p',
    words.flatMap((word) => [element('mark', [text(word)], ['hit']), text(' and ')]),
  );

describe('landing', () => {
  it('is the first node marking the most distinct words, and its first mark among all', () => {
    // "correct import path MyPluginLogic": one common word first, all four further down.
    const nodes = [
      paragraph(4),
      marking('correct'),
      marking('import', 'import'),
      marking('Correct', 'import', 'path', 'MyPluginLogic'),
      marking('correct', 'import', 'path', 'MyPluginLogic'),
    ];
    expect(landing(nodes)).toEqual({ node: 3, mark: 3 });
    // The first chunk runs to it.
    expect(chunkEnds(nodes, 2)[0]).toBe(4);
  });

  it('words count once whatever their case; ties go to the first; nothing marked, none', () => {
    expect(landing([marking('Kanban', 'kanban'), marking('kanban')])).toEqual({ node: 0, mark: 0 });
    expect(landing([marking('a'), marking('b'), marking('a', 'b')])).toEqual({ node: 2, mark: 2 });
    const highlight = element('p', [element('mark', [text('x')], ['highlight'])]);
    expect(landing([paragraph(4), highlight])).toBeNull();
  });
});
