// Which bytes are readable text (docs/design.md#byte-offsets: UTF-8, invalid sequences replaced);
// UTF-16 and binary files get a one-line reason and are skipped by the CLI and the indexer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { notTextReason } from '../../../src-main/engine/files/not-text.ts';
import { corpusDir } from '../../support/corpora.ts';

const fixtures = join(import.meta.dirname, '../../fixtures/chunk/not-text');
const corpus = corpusDir('adversarial');
const reasonOf = (path: string) => notTextReason(readFileSync(path));

describe('notTextReason', () => {
  it.each([
    ['utf16le-bom.md', /^UTF-16LE text \(byte order mark FF FE\)/],
    ['utf16be-bom.md', /^UTF-16BE text \(byte order mark FE FF\)/],
    ['utf16le-no-bom.md', /^UTF-16LE text without a byte order mark/],
    [
      'binary.md',
      /^binary content \(\d+ NUL and \d+ other control bytes in the first \d+ bytes\)$/,
    ],
  ])('rejects %s', (name, reason) => {
    expect(reasonOf(join(fixtures, name))).toMatch(reason);
  });

  it.each(['few-nuls.md', 'latin1.md', 'ansi-log.md'])('accepts %s', (name) => {
    expect(reasonOf(join(fixtures, name))).toBeNull();
  });

  it('rejects compressed and random bytes, whose control bytes sit right at the first mark', () => {
    let state = 7;
    const random = (n: number) =>
      Uint8Array.from({ length: n }, () => {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        return state >>> 24;
      });
    const text = readFileSync(join(fixtures, 'latin1.md')).toString('latin1').repeat(40);
    for (const bytes of [random(3000), random(20_000), gzipSync(text)]) {
      expect(notTextReason(bytes)).toMatch(/^binary content \(\d+ NUL/);
    }
  });

  it('rejects bytes with NULs that are mostly not UTF-8, however few their control bytes', () => {
    const bytes = Uint8Array.from({ length: 4000 }, (_, i) =>
      i % 400 === 0 ? 0 : 0x80 + (i % 64),
    );
    expect(notTextReason(bytes)).toBe(
      'binary content (10 NUL bytes and 3990 bytes that are not UTF-8 in the first 4000 bytes)',
    );
  });

  it('accepts densely accented Latin-1 text with a stray NUL', () => {
    const bytes = Buffer.from('Été à la plage, très chaud. Café crème. '.repeat(50), 'latin1');
    bytes[100] = 0;
    expect(notTextReason(bytes)).toBeNull();
  });

  it('decides the adversarial corpus: only the UTF-16 file is not text', () => {
    expect(reasonOf(join(corpus, 'utf16le-bom.md'))).toMatch(/^UTF-16LE/);
    for (const name of [
      'nul-bytes.md',
      'latin1.md',
      'invalid-utf8.md',
      'empty.md',
      'long-line.md',
    ]) {
      expect(reasonOf(join(corpus, name)), name).toBeNull();
    }
  });
});
