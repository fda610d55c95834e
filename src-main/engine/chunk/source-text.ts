// A file's bytes as stored on disk, its decoded text, and where every line starts in both units.
//
// Every offset the chunk tree reports is a UTF-8 byte offset (docs/design.md#byte-offsets)
// while the parsers work on the decoded string. Line terminators (LF, CRLF, lone CR) are ASCII
// bytes, and the UTF-8 decoder ends a broken multi-byte sequence at the first ASCII byte, so the
// string and the bytes split into the same lines. Every boundary the chunker uses (frontmatter,
// heading lines, spans) is a line start, so two line tables map between the units exactly, whatever
// U+FFFD replaced.

/** A decoded file plus its line tables. */
export interface SourceText {
  bytes: Uint8Array;
  /** UTF-8 decoded with U+FFFD replacement; a BOM stays as U+FEFF at index 0. */
  text: string;
  /** Lines in the file: a final terminator does not start another line; an empty file has one. */
  lineCount: number;
  /** Char offset where each line starts, then `text.length` (length `lineCount + 1`). */
  lineStarts: Int32Array;
  /** Byte offset where each line starts, then `bytes.length` (same array when all ASCII). */
  lineByteStarts: Int32Array;
}

// `ignoreBOM` keeps U+FEFF in the text so that line 0 starts at char 0 and byte 0 alike.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

const LF = 10;
const CR = 13;

/** Decodes a byte range the way `SourceText.text` was decoded. */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Decodes `bytes` and builds the line tables. */
export function decodeSource(bytes: Uint8Array): SourceText {
  const text = decoder.decode(bytes);
  const lineStarts = textLineStarts(text);
  // eslint-disable-next-line no-control-regex -- any non-ASCII char means some byte was ≥ 0x80
  const ascii = !/[^\x00-\x7f]/.test(text);
  const lineByteStarts = ascii ? lineStarts : byteLineStarts(bytes, lineStarts.length);
  return { bytes, text, lineCount: lineStarts.length - 1, lineStarts, lineByteStarts };
}

function textLineStarts(text: string): Int32Array {
  const starts: number[] = [0];
  const length = text.length;
  if (text.indexOf('\r') === -1) {
    for (
      let at = text.indexOf('\n');
      at !== -1 && at + 1 < length;
      at = text.indexOf('\n', at + 1)
    ) {
      starts.push(at + 1);
    }
  } else {
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code === CR && text.charCodeAt(i + 1) === LF) i++;
      else if (code !== CR && code !== LF) continue;
      if (i + 1 < length) starts.push(i + 1);
    }
  }
  starts.push(length);
  return Int32Array.from(starts);
}

function byteLineStarts(bytes: Uint8Array, expected: number): Int32Array {
  const starts = new Int32Array(expected);
  const length = bytes.length;
  let line = 1;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i];
    if (byte === CR && bytes[i + 1] === LF) i++;
    else if (byte !== CR && byte !== LF) continue;
    if (i + 1 < length) starts[line++] = i + 1;
  }
  starts[line] = length;
  if (line !== expected - 1) throw new Error('line tables of text and bytes disagree');
  return starts;
}

/** The line's text without its terminator. */
export function lineContent(source: SourceText, line: number): string {
  return source.text.slice(source.lineStarts[line], lineContentEnd(source, line));
}

/** Char offset where the line's terminator starts (or the line's end when it has none). */
export function lineContentEnd(source: SourceText, line: number): number {
  const { text, lineStarts } = source;
  const start = lineStarts[line]!;
  let end = lineStarts[line + 1]!;
  if (end > start && text.charCodeAt(end - 1) === LF) end--;
  if (end > start && text.charCodeAt(end - 1) === CR) end--;
  return end;
}

/** Decoded text of the lines `[from, to)`. */
export function linesText(source: SourceText, from: number, to: number): string {
  return source.text.slice(source.lineStarts[from], source.lineStarts[to]);
}

const nonWhitespace = /\S/g;

/** True when the lines `[from, to)` hold a non-whitespace character. */
export function linesHaveText(source: SourceText, from: number, to: number): boolean {
  if (from >= to) return false;
  const end = source.lineStarts[to]!;
  nonWhitespace.lastIndex = source.lineStarts[from]!;
  const found = nonWhitespace.exec(source.text);
  return found !== null && found.index < end;
}
