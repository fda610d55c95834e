// Offsets are UTF-8 byte offsets into the file as stored (docs/design.md#byte-offsets): the line
// tables of the decoded text and of the bytes must describe the same lines, whatever U+FFFD
// replaced.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSource } from '../../../src-main/engine/chunk/source-text.ts';
import { corpusDir } from '../../support/corpora.ts';

const corpus = corpusDir('adversarial');
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Each line decoded on its own equals the same line cut from the decoded text. */
function assertLinesAgree(bytes: Uint8Array) {
  const source = decodeSource(bytes);
  expect(source.text).toBe(decoder.decode(bytes));
  expect(source.lineByteStarts.length).toBe(source.lineCount + 1);
  expect(source.lineByteStarts.at(-1)).toBe(bytes.length);
  for (let line = 0; line < source.lineCount; line++) {
    const fromBytes = decoder.decode(
      bytes.subarray(source.lineByteStarts[line], source.lineByteStarts[line + 1]),
    );
    expect(fromBytes).toBe(source.text.slice(source.lineStarts[line], source.lineStarts[line + 1]));
  }
}

describe('decodeSource', () => {
  it('maps lines exactly across invalid UTF-8 (adversarial/invalid-utf8.md)', () => {
    const bytes = readFileSync(join(corpus, 'invalid-utf8.md'));
    assertLinesAgree(bytes);
    expect(decodeSource(bytes).text).toContain('\ufffd');
  });

  it.each([
    'latin1.md',
    'mixed-line-endings.md',
    'cr-only.md',
    'bom-crlf.md',
    'unicode-headings.md',
  ])('maps lines exactly in %s', (name) => assertLinesAgree(readFileSync(join(corpus, name))));

  it('counts LF, CRLF and a lone CR as line ends; a final one starts no line', () => {
    const source = decodeSource(new TextEncoder().encode('a\nb\r\nc\rd\n'));
    expect([...source.lineStarts]).toEqual([0, 2, 5, 7, 9]);
    expect(source.lineCount).toBe(4);
    expect(decodeSource(new Uint8Array()).lineCount).toBe(1);
  });

  it('keeps the BOM as U+FEFF so that lines start at the same place in both units', () => {
    const source = decodeSource(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61, 0x0a, 0xc3, 0xa9]));
    expect(source.text).toBe('\ufeffa\né');
    expect([...source.lineStarts]).toEqual([0, 3, 4]);
    expect([...source.lineByteStarts]).toEqual([0, 5, 7]);
  });

  it('maps lines exactly for any bytes', () => {
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(10, 13, 0xe2, 0x82, 0x80),
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 200 }), (array) =>
        assertLinesAgree(Uint8Array.from(array)),
      ),
      {
        numRuns: 500,
      },
    );
  });
});
