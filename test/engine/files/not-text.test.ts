// Which bytes are readable text (SPEC §1: UTF-8, invalid sequences replaced); UTF-16 and binary
// files get a one-line reason and are skipped by the CLI and the indexer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
