// The chunker over every file of the adversarial corpus: every invariant holds, whatever the bytes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { assertInvariants } from './support/invariants.ts';

const corpus = join(import.meta.dirname, '../../../../shared/corpora/adversarial');
const files = (readdirSync(corpus, { recursive: true }) as string[])
  .filter((path) => statSync(join(corpus, path)).isFile())
  .sort();

describe('invariants over corpora/adversarial', () => {
  for (const path of files) {
    it(path, { timeout: 120_000 }, () => {
      const bytes = readFileSync(join(corpus, path));
      // Every file, even UTF-16 and binary ones the vault walker skips: chunkDocument never fails.
      assertInvariants(chunkDocument({ vault: 'adv', path, bytes }), bytes);
    });
  }
});
