import { describe, expect, it } from 'vitest';
import {
  byteOffsetsToCharOffsets,
  byteRangesToCharRanges,
  mergeRanges,
  utf8Length,
} from '../../src-renderer/src/lib/utf8-offsets.ts';

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

describe('byte → string offsets', () => {
  it.each([
    ['ascii', 'hello world', [0, 6, 11], [0, 6, 11]],
    ['two-byte é', 'café au lait', [3, 5, 6], [3, 4, 5]],
    ['three-byte CJK', '日本語のメモ', [0, 3, 9, 18], [0, 1, 3, 6]],
    ['four-byte emoji (surrogate pair)', 'a🚀b', [1, 5, 6], [1, 3, 4]],
    ['BOM kept in the text', '\uFEFFtitle', [3, 8], [1, 6]],
    ['CRLF counts as two', 'a\r\nb', [3], [3]],
  ])('%s', (_name, text, offsets, expected) => {
    expect(byteOffsetsToCharOffsets(text, offsets)).toEqual(expected);
  });

  it('maps an offset inside a multi-byte character to that character', () => {
    expect(byteOffsetsToCharOffsets('é', [1])).toEqual([0]);
    expect(byteOffsetsToCharOffsets('🚀', [2])).toEqual([0]);
  });

  it('clamps offsets past the end and keeps the input order', () => {
    expect(byteOffsetsToCharOffsets('abc', [99, 1, 2])).toEqual([3, 1, 2]);
  });

  it('agrees with TextEncoder on every prefix of a mixed string', () => {
    const text = 'Zürich 東京 🚀 naïve — ok';
    const prefixes = [...Array(text.length + 1).keys()].filter(
      (index) => !/[\uDC00-\uDFFF]/.test(text[index] ?? ''),
    );
    const offsets = prefixes.map((index) => bytesOf(text.slice(0, index)));
    expect(byteOffsetsToCharOffsets(text, offsets)).toEqual(prefixes);
    expect(utf8Length(text)).toBe(bytesOf(text));
  });
});

describe('file byte ranges → ranges of a node’s text', () => {
  // The node's markdown starts at byte 100 of its file.
  const markdown = '## Größe\n\nDie Größe zählt.';
  const at = (word: string, from = 0) => {
    const index = markdown.indexOf(word, from);
    return [
      100 + bytesOf(markdown.slice(0, index)),
      100 + bytesOf(markdown.slice(0, index + word.length)),
    ] as [number, number];
  };

  it('maps ranges relative to the node’s first byte', () => {
    const ranges = byteRangesToCharRanges(markdown, [at('Größe'), at('Größe', 5)], 100);
    expect(ranges.map(([start, end]) => markdown.slice(start, end))).toEqual(['Größe', 'Größe']);
  });

  it('drops ranges outside the text and clips partial ones', () => {
    const length = bytesOf(markdown);
    expect(
      byteRangesToCharRanges(
        markdown,
        [
          [10, 20],
          [100 + length, 100 + length + 5],
        ],
        100,
      ),
    ).toEqual([]);
    expect(byteRangesToCharRanges(markdown, [[95, 102]], 100)).toEqual([[0, 2]]);
  });

  it('sorts and merges overlapping ranges', () => {
    expect(
      mergeRanges([
        [5, 8],
        [0, 2],
        [1, 3],
        [8, 9],
      ]),
    ).toEqual([
      [0, 3],
      [5, 9],
    ]);
  });
});
