import { describe, expect, it } from 'vitest';
import type { NodeContent } from '#shared/contract/api.ts';
import {
  findOccurrences,
  previewHighlights,
  segmentsOf,
} from '../../src-renderer/src/lib/highlight.ts';
import { result } from './fake-api.ts';

describe('segmentsOf', () => {
  it('cuts text into plain and matched segments', () => {
    expect(
      segmentsOf('the deep sleep mode', [
        [4, 8],
        [9, 14],
      ]),
    ).toEqual([
      { text: 'the ', match: false },
      { text: 'deep', match: true },
      { text: ' ', match: false },
      { text: 'sleep', match: true },
      { text: ' mode', match: false },
    ]);
  });

  it('applies ranges of a larger string through an offset, clipping at the edges', () => {
    // "sleep mode" starts at 9 of "the deep sleep mode"; the range 4–11 covers "deep sl".
    expect(segmentsOf('sleep mode', [[4, 11]], 9)).toEqual([
      { text: 'sl', match: true },
      { text: 'eep mode', match: false },
    ]);
  });

  it('returns one plain segment without ranges, and nothing for empty text', () => {
    expect(segmentsOf('plain', [])).toEqual([{ text: 'plain', match: false }]);
    expect(segmentsOf('', [[0, 3]])).toEqual([]);
  });
});

describe('findOccurrences', () => {
  it('finds every case-insensitive occurrence, merged', () => {
    expect(findOccurrences('Battery and BATTERY', ['battery'])).toEqual([
      [0, 7],
      [12, 19],
    ]);
    expect(findOccurrences('abcabc', ['abc', 'bca'])).toEqual([[0, 6]]);
  });

  it('ignores empty needles', () => {
    expect(findOccurrences('text', ['', ''])).toEqual([]);
  });
});

describe('previewHighlights', () => {
  const encoder = new TextEncoder();
  const content = (markdown: string, headingStart = 0): NodeContent => ({
    id: 'v:n.md#s',
    docId: 'v:n.md',
    vault: 'v',
    path: 'n.md',
    title: 's',
    breadcrumb: '> s',
    displayBreadcrumb: '> s',
    markdown,
    startLine: 1,
    endLine: 3,
    headingStart,
  });
  const hit = (file: string, word: string, from = 0): [number, number] => {
    const at = file.indexOf(word, from);
    const start = encoder.encode(file.slice(0, at)).length;
    return [start, start + encoder.encode(word).length];
  };

  it('maps the byte ranges of the results of the same document', () => {
    const file = '# Intro\n\n## Größe\n\nDie Größe zählt.\n';
    const node = file.slice(file.indexOf('## Größe'));
    const base = encoder.encode(file.slice(0, file.indexOf('## Größe'))).length;
    const ranges = previewHighlights(content(node, base), [
      result('v:n.md#grosse', 'v:n.md', {
        matchRanges: [hit(file, 'Größe'), hit(file, 'Größe', 15)],
      }),
      result('v:other.md', 'v:other.md', { matchRanges: [[0, 4]] }),
    ]);
    expect(ranges.map(([start, end]) => node.slice(start, end))).toEqual(['Größe', 'Größe']);
  });

  it('falls back to the snippet words when the text was decoded lossily', () => {
    const node =
      '# Invalid \uFFFD\uFFFD bytes\n\nsurrogate \uFFFD\uFFFD\uFFFD half, invalidmarker token.\n';
    const ranges = previewHighlights(content(node), [
      result('v:n.md#s', 'v:n.md', {
        matchRanges: [[40, 53]],
        snippetSegments: [
          { text: 'half, ', match: false },
          { text: 'invalidmarker', match: true },
        ],
      }),
    ]);
    expect(ranges.map(([start, end]) => node.slice(start, end))).toEqual(['invalidmarker']);
  });
});
