// One fixture per edge case (`test/fixtures/chunk/`), each with its expected tree beside it
// (`*.expected.json`, written and reviewed by hand), plus the invariants, plus agreement of the
// two heading parsers on every fixture.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { micromarkBlockFacts } from '../../../src-main/engine/chunk/block-facts.ts';
import { scanBlockFacts } from '../../../src-main/engine/chunk/block-scan.ts';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { documentJsonLine } from '../../../src-main/engine/chunk/json-lines.ts';
import { findFrontmatter } from '../../../src-main/engine/chunk/frontmatter.ts';
import { decodeSource } from '../../../src-main/engine/chunk/source-text.ts';
import { fixtureView } from './support/fixture-view.ts';
import { assertInvariants } from './support/invariants.ts';

const dir = join(import.meta.dirname, '../../fixtures/chunk');
// Sub-folders hold fixtures of other tests (`not-text/`: files the vault walker skips).
const fixtures = readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isFile() && !entry.name.endsWith('.json') && !entry.name.startsWith('.'))
  .map((entry) => entry.name);

describe('chunk fixtures', () => {
  it('has an expectation for every fixture', () => {
    const expected = new Set(readdirSync(dir).filter((name) => name.endsWith('.expected.json')));
    expect(fixtures.length).toBeGreaterThan(40);
    for (const name of fixtures) {
      expect(expected.has(name.replace(/\.[^.]+$/, '.expected.json')), name).toBe(true);
    }
  });

  for (const name of fixtures) {
    it(name, () => {
      const bytes = readFileSync(join(dir, name));
      const document = chunkDocument({ vault: 'v', path: name, bytes });
      const expectation = readFileSync(
        join(dir, name.replace(/\.[^.]+$/, '.expected.json')),
        'utf8',
      );
      expect(fixtureView(document)).toEqual(JSON.parse(expectation));
      assertInvariants(document, bytes);
      const { docId, fileTitle, nodes } = document;
      expect(documentJsonLine(document)).toBe(JSON.stringify({ docId, fileTitle, nodes }));
      if (document.kind === 'markdown') {
        const source = decodeSource(bytes);
        const start = findFrontmatter(source)?.endLine ?? 0;
        const fast = scanBlockFacts(source, start);
        if (fast) expect(fast).toEqual(micromarkBlockFacts(source, start));
      }
    });
  }
});
