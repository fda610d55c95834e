// Whether a file's bytes are text Folio can read. Folio reads UTF-8 (invalid sequences become
// U+FFFD, so Latin-1 files are still indexed); UTF-16 and binary content are reported and skipped.
//
// A few NUL bytes do not make a file binary: `adversarial/nul-bytes.md` (4 NULs in 90 bytes) is
// indexed, its NULs kept in the body text. A file is binary when its first 8 KiB hold NUL bytes
// and NUL and other control bytes make up a tenth of them — the share real binary formats reach
// and text never does. Without any NUL a file is text (control bytes alone, as in ANSI-coloured
// logs, are not enough).

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
  return null;
}

/** Tab, LF, VT, FF, CR and ESC (ANSI colours in logs) appear in real text. */
function isTextControl(byte: number): boolean {
  return (byte >= 0x09 && byte <= 0x0d) || byte === 0x1b;
}
