// Match ranges travel as UTF-8 byte offsets into the file on disk (docs/design.md#byte-offsets);
// the renderer works on JavaScript strings (UTF-16). These helpers translate between the two
// without encoding the text.

/** A half-open range `[start, end)` of UTF-16 code-unit offsets into a string. */
export type CharRange = [start: number, end: number];

/** UTF-8 length in bytes of the code point starting at `text[index]` (and its UTF-16 width). */
function codePointWidths(text: string, index: number): [bytes: number, units: number] {
  const code = text.codePointAt(index) ?? 0;
  if (code < 0x80) return [1, 1];
  if (code < 0x800) return [2, 1];
  if (code < 0x10000) return [3, 1];
  return [4, 2];
}

/**
 * Maps sorted-or-not byte offsets (relative to the first byte of `text`) to string offsets.
 * An offset inside a multi-byte character maps to that character's start; offsets past the end
 * map to `text.length`. Runs in one pass over the text.
 */
export function byteOffsetsToCharOffsets(text: string, offsets: readonly number[]): number[] {
  const order = offsets.map((_, index) => index).sort((a, b) => offsets[a]! - offsets[b]!);
  const result = new Array<number>(offsets.length);
  let byte = 0;
  let unit = 0;
  for (const index of order) {
    const target = offsets[index]!;
    while (unit < text.length) {
      const [bytes, units] = codePointWidths(text, unit);
      if (byte + bytes > target) break;
      byte += bytes;
      unit += units;
    }
    result[index] = unit;
  }
  return result;
}

/**
 * Translates file byte ranges into string ranges of `text`, whose first byte sits at
 * `baseByte` in the file. Ranges outside the text are dropped, partial overlaps clipped, empty
 * results dropped; the output is sorted and merged. (A BOM kept in the text is U+FEFF, three
 * bytes, so it maps correctly; a U+FFFD that replaced invalid bytes counts as three bytes, so
 * offsets after invalid UTF-8 may drift by a character or two — the text no longer knows.)
 */
export function byteRangesToCharRanges(
  text: string,
  ranges: ReadonlyArray<readonly [number, number]>,
  baseByte: number,
): CharRange[] {
  const relative = ranges.map(([start, end]) => [start - baseByte, end - baseByte] as const);
  const flat = relative.flatMap(([start, end]) => [Math.max(0, start), Math.max(0, end)]);
  const chars = byteOffsetsToCharOffsets(text, flat);
  const mapped: CharRange[] = [];
  for (let index = 0; index < relative.length; index += 1) {
    const start = chars[index * 2]!;
    const end = chars[index * 2 + 1]!;
    if (end > start) mapped.push([start, end]);
  }
  return mergeRanges(mapped);
}

/** Sorts ranges and merges overlapping or touching ones. */
export function mergeRanges(ranges: readonly CharRange[]): CharRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: CharRange[] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** UTF-8 byte length of a string, without allocating an encoded copy. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let unit = 0; unit < text.length;) {
    const [b, u] = codePointWidths(text, unit);
    bytes += b;
    unit += u;
  }
  return bytes;
}
