// Decoding SQLite's varints, the format FTS5 writes its records in (IndexReader.rowCount reads one).
/**
 * The SQLite varint a buffer starts with (the format FTS5 writes its records in: big-endian
 * groups of 7 bits, the 9th byte whole), or null when the buffer ends first.
 */
export function leadingVarint(bytes: Uint8Array): number | null {
  let value = 0;
  for (let i = 0; i < 9 && i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (i === 8) return value * 256 + byte;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  return null;
}
