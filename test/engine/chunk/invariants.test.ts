// The chunker over every file of the adversarial corpus: every invariant holds, whatever the bytes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { documentJsonLine } from '../../../src-main/engine/chunk/json-lines.ts';
import { assertInvariants } from './support/invariants.ts';
import { corpusDir } from '../../support/corpora.ts';

const corpus = corpusDir('adversarial');
const files = (readdirSync(corpus, { recursive: true }) as string[])
  .filter((path) => statSync(join(corpus, path)).isFile())
  .sort();

describe('invariants over corpora/adversarial', () => {
  for (const path of files) {
    it(path, { timeout: 120_000 }, () => {
      const bytes = readFileSync(join(corpus, path));
      // Every file, even UTF-16 and binary ones the vault walker skips: chunkDocument never fails.
      const document = chunkDocument({ vault: 'adv', path, bytes });
      assertInvariants(document, bytes);
      // The hand-written JSON of `cli chunk` is exactly JSON.stringify's.
      const { docId, fileTitle, nodes } = document;
      expect(documentJsonLine(document)).toBe(JSON.stringify({ docId, fileTitle, nodes }));
    });
  }
});
