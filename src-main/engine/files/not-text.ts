// Whether a file's bytes are text Folio can read. Folio reads UTF-8 (invalid sequences become
// U+FFFD, so Latin-1 files are still indexed); UTF-16 and binary content are reported and skipped.
//
// A few NUL bytes do not make a file binary: `adversarial/nul-bytes.md` (4 NULs in 90 bytes) is
// indexed, its NULs kept in the body text. A file is binary when its first 8 KiB hold NUL bytes
// and either NUL and other control bytes make up a tenth of them — the share real binary formats
// reach and text never does — or 30 % of them are not UTF-8: compressed or random bytes sit right
// at the first mark (about 10 %) and are 40–50 % invalid UTF-8, while even densely accented
// Latin-1 stays near 15 %. Without any NUL a file is text (control bytes alone, as in
// ANSI-coloured logs, are not enough; Latin-1 is read lossily).

const sampleSize = 8192;

/** Why the bytes are not readable text (one line, for a warning), or null when they are. */
export function notTextReason(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return 'UTF-16LE text (byte order mark FF FE); only UTF-8 is read';
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return 'UTF-16BE text (byte order mark FE FF); only UTF-8 is read';
  }
  const sample = bytes.subarray(0, sampleSize);
  // Text has no NUL (checked natively); only a sample with NULs is examined byte by byte.
  if (sample.indexOf(0) === -1) return null;
  let evenNul = 0;
  let oddNul = 0;
  let control = 0;
  for (let index = 0; index < sample.length; index++) {
    const byte = sample[index]!;
    if (byte === 0) {
      if (index & 1) oddNul++;
      else evenNul++;
    } else if (byte < 0x20 && !isTextControl(byte)) {
      control++;
    }
  }
  const nul = evenNul + oddNul;
  const half = sample.length / 2;
  // ASCII-range UTF-16 has every other byte NUL, on one side only.
  if (oddNul >= half * 0.4 && evenNul <= half * 0.05) {
    return 'UTF-16LE text without a byte order mark (every other byte is NUL); only UTF-8 is read';
  }
  if (evenNul >= half * 0.4 && oddNul <= half * 0.05) {
    return 'UTF-16BE text without a byte order mark (every other byte is NUL); only UTF-8 is read';
  }
  if ((nul + control) * 10 >= sample.length) {
    return `binary content (${nul} NUL and ${control} other control bytes in the first ${sample.length} bytes)`;
  }
  const invalid = invalidUtf8Bytes(sample);
  if (invalid * 10 >= sample.length * 3) {
    return `binary content (${nul} NUL bytes and ${invalid} bytes that are not UTF-8 in the first ${sample.length} bytes)`;
  }
  return null;
}

/** Bytes that start no valid UTF-8 sequence (a sequence cut off by the sample's end is valid). */
function invalidUtf8Bytes(bytes: Uint8Array): number {
  let invalid = 0;
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    const length =
      lead < 0x80 ? 1 : lead < 0xc2 ? 0 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf5 ? 4 : 0;
    let ok = length > 0;
    for (let k = 1; ok && k < length && i + k < bytes.length; k++) {
      ok = (bytes[i + k]! & 0xc0) === 0x80;
    }
    if (ok) i += length;
    else {
      invalid++;
      i++;
    }
  }
  return invalid;
}

/** Tab, LF, VT, FF, CR and ESC (ANSI colours in logs) appear in real text. */
function isTextControl(byte: number): boolean {
  return (byte >= 0x09 && byte <= 0x0d) || byte === 0x1b;
}
