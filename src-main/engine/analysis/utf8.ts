// UTF-8 decoding that remembers where every character came from. docs/design.md#byte-offsets:
// offsets are byte offsets into the file as stored, and invalid UTF-8 decodes to U+FFFD;
// TextDecoder gives the text but loses the mapping, so this decoder follows the same WHATWG
// algorithm (one U+FFFD per maximal invalid subpart) and records the byte offset of each UTF-16
// code unit.

import { isUtf8 } from 'node:buffer';

/** Decoded text plus the map from UTF-16 positions back to byte offsets in the source. */
export interface DecodedText {
  text: string;
  /** True when every character is ASCII (one byte each). */
  ascii: boolean;
  /**
   * Byte offset (into the whole buffer) of the UTF-16 code unit at `index`; `text.length` maps to
   * the end.
   */
  byteAt(index: number): number;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Byte offsets of valid UTF-8 text, counted on demand: cheap for increasing indexes (how match
 * ranges are mapped), restarting from the beginning for a smaller one. Each step is measured
 * natively. The low half of a surrogate pair maps where its character starts, as in the decoder
 * walk below; so steps never split a pair, and `Buffer.byteLength` sees whole characters.
 */
function countingOffsets(text: string, start: number): (index: number) => number {
  let at = 0;
  let byte = start;
  const offset = (index: number) => {
    if (index < at) {
      at = 0;
      byte = start;
    }
    if (index > at) {
      byte += Buffer.byteLength(text.slice(at, index), 'utf8');
      at = index;
    }
    return byte;
  };
  return (index) =>
    index > 0 &&
    isLowSurrogate(text.charCodeAt(index)) &&
    isHighSurrogate(text.charCodeAt(index - 1))
      ? offset(index - 1)
      : offset(index);
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * Decodes `bytes[start, end)` like `new TextDecoder('utf-8', { ignoreBOM: true })`, with offsets.
 */
export function decodeUtf8(bytes: Uint8Array, start = 0, end = bytes.length): DecodedText {
  const text = utf8.decode(bytes.subarray(start, end));
  // Valid UTF-8 (no U+FFFD in the output, or a literal one in valid bytes): offsets follow from
  // the text alone — one byte per code unit when the lengths agree (ASCII). Only invalid
  // sequences need the decoder walk below.
  if (!text.includes('\ufffd') || isUtf8(bytes.subarray(start, end))) {
    if (text.length === end - start) {
      return { text, ascii: true, byteAt: (index) => start + index };
    }
    return { text, ascii: false, byteAt: countingOffsets(text, start) };
  }
  const offsets = decoderWalkOffsets(bytes, start, end);
  return { text, ascii: false, byteAt: (index) => offsets[index]! };
}

/**
 * The walk of the WHATWG UTF-8 decoder over `bytes[start, end)` (invalid sequences become one
 * U+FFFD each), recording where each UTF-16 code unit of its output came from; then `end`.
 */
function decoderWalkOffsets(bytes: Uint8Array, start: number, end: number): number[] {
  const offsets: number[] = [];
  const emit = (codePoint: number, at: number) => {
    if (codePoint > 0xffff) offsets.push(at, at);
    else offsets.push(at);
  };
  let needed = 0;
  let seen = 0;
  let codePoint = 0;
  let lower = 0x80;
  let upper = 0xbf;
  let sequenceStart = start;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    if (needed === 0) {
      sequenceStart = i;
      if (byte < 0x80) emit(byte, i);
      else if (byte >= 0xc2 && byte <= 0xdf) {
        needed = 1;
        codePoint = byte & 0x1f;
      } else if (byte >= 0xe0 && byte <= 0xef) {
        if (byte === 0xe0) lower = 0xa0;
        if (byte === 0xed) upper = 0x9f;
        needed = 2;
        codePoint = byte & 0xf;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        if (byte === 0xf0) lower = 0x90;
        if (byte === 0xf4) upper = 0x8f;
        needed = 3;
        codePoint = byte & 0x7;
      } else emit(0xfffd, i);
      continue;
    }
    if (byte < lower || byte > upper) {
      // The sequence so far is one invalid subpart; this byte starts afresh.
      needed = seen = codePoint = 0;
      lower = 0x80;
      upper = 0xbf;
      emit(0xfffd, sequenceStart);
      i--;
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    codePoint = (codePoint << 6) | (byte & 0x3f);
    seen++;
    if (seen === needed) {
      emit(codePoint, sequenceStart);
      needed = seen = codePoint = 0;
    }
  }
  if (needed !== 0) emit(0xfffd, sequenceStart);
  offsets.push(end);
  return offsets;
}

/** Byte length of a string once encoded as UTF-8. */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
