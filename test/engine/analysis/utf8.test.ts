// Decoding with byte offsets must give exactly TextDecoder's text (one U+FFFD per maximal
// invalid subpart) and offsets that point at the bytes each character came from.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../../src-main/engine/analysis/utf8.ts';

const reference = new TextDecoder('utf-8', { ignoreBOM: true });

describe('decodeUtf8', () => {
  it('maps both halves of a final surrogate pair where its character starts', () => {
    const decoded = decodeUtf8(Uint8Array.from([0x61, 0xf0, 0x90, 0x80, 0x80])); // a, U+10000
    expect([0, 1, 2, 3].map((i) => decoded.byteAt(i))).toEqual([0, 1, 1, 5]);
  });

  it('matches TextDecoder on random bytes, and every offset starts its character', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const decoded = decodeUtf8(bytes);
        expect(decoded.text).toBe(reference.decode(bytes));
        expect(decoded.ascii).toBe(bytes.every((b) => b < 0x80));
        expect(decoded.byteAt(decoded.text.length)).toBe(bytes.length);
        for (let i = 0; i < decoded.text.length; i++) {
          const at = decoded.byteAt(i);
          expect(at).toBeGreaterThanOrEqual(0);
          expect(at).toBeLessThan(bytes.length);
          if (i > 0) expect(at).toBeGreaterThanOrEqual(decoded.byteAt(i - 1));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('maps valid multi-byte text back to its exact bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const bytes = new TextEncoder().encode(text);
        const decoded = decodeUtf8(bytes);
        for (let i = 0; i < text.length; i++) {
          const codePoint = text.codePointAt(i)!;
          const width = codePoint > 0xffff ? 2 : 1;
          const slice = bytes.subarray(decoded.byteAt(i), decoded.byteAt(i + width));
          expect(reference.decode(slice)).toBe(String.fromCodePoint(codePoint));
          if (width === 2) i++;
        }
      }),
    );
  });

  it('maps any index, in any order, inside surrogate pairs too', () => {
    // Per UTF-16 unit: ASCII 1 byte, then 2 or 3; a high surrogate 0 and a low one 4 (its
    // pair): both halves map where their character starts, as the decoder walk maps them.
    const width = (unit: number) =>
      unit < 0x80
        ? 1
        : unit < 0x800
          ? 2
          : unit >= 0xdc00 && unit <= 0xdfff
            ? 4
            : unit >= 0xd800 && unit <= 0xdbff
              ? 0
              : 3;
    const text = fc.string({
      unit: fc.constantFrom('a', 'é', '€', '😀', '𠀀', '\n'),
      maxLength: 30,
    });
    fc.assert(
      fc.property(text, fc.array(fc.nat(60), { maxLength: 20 }), (t, picks) => {
        const bytes = new TextEncoder().encode(t);
        const decoded = decodeUtf8(bytes);
        for (const pick of picks) {
          const index = pick % (t.length + 1);
          let expected = 0;
          for (let i = 0; i < index; i++) expected += width(t.charCodeAt(i));
          expect(decoded.byteAt(index)).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('decodes a sub-range with offsets into the whole buffer', () => {
    const bytes = new Uint8Array([0x61, 0xff, 0xe2, 0x82, 0xac, 0x0d, 0x0a, 0x62, 0xe2, 0x82]);
    const decoded = decodeUtf8(bytes, 1, 10);
    expect(decoded.text).toBe('\ufffd€\r\nb\ufffd');
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => decoded.byteAt(i))).toEqual([1, 2, 5, 6, 7, 8, 10]);
  });
});
