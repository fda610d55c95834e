// Any input is a valid query (docs/design.md#any-input-is-valid): random strings, operator soup and 10 kB pastes go
// through the real parser, compiler and FTS5 of an indexed vault without a single error.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vaultEngine } from './vault-engine.ts';

const FIXTURE_VAULT = join(import.meta.dirname, '../../fixtures/search/vault');
const engine = vaultEngine(FIXTURE_VAULT, 'fx');

const PIECES = [
  'heron',
  'ferrule',
  'tugboat',
  'OR',
  'AND',
  'NOT',
  'NEAR',
  '-',
  '--',
  '"',
  '(',
  ')',
  '*',
  ':',
  'title:',
  'tags:',
  'path:',
  'body:',
  'vault:',
  'tree:',
  'fx',
  'merge/',
  '^',
  '{',
  '}',
  '+',
  "'",
  ';',
  'DROP TABLE nodes',
  '東京',
  'é',
  '\u0000',
  '\\',
  '%',
  '_',
  'hérön',
  'x'.repeat(50),
];
const soup = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom('', ' ', '  ')), { maxLength: 12 })
  .map((parts) => parts.map(([p, s]) => p + s).join(''));

async function searchOk(queries: string[], strict = false) {
  const response = await engine().search({ queries, strict });
  for (const result of response.results) {
    expect(result.score).toBeGreaterThan(0);
    expect(result.id.startsWith(`${result.docId}`)).toBe(true);
  }
}

describe('any query is valid', () => {
  it('random Unicode strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), (q) => searchOk([q])),
      { numRuns: 300 },
    );
  });

  it('operator soup, strict or not, several topics', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(soup, { minLength: 1, maxLength: 3 }), fc.boolean(), (qs, strict) =>
        searchOk(qs, strict),
      ),
      { numRuns: 400 },
    );
  });

  it('a field word that is the only form of a partial match', async () => {
    // Found by the property above (seed 525741515): 'fts5: syntax error near "{"'.
    await searchOk(['title:NOT OR + heron']);
    await searchOk(['title:NOT OR + heron', 'heron']);
  });

  it('10 kB of text, of parentheses, of quotes', async () => {
    const words = Array.from(
      { length: 1500 },
      (_, i) => ['heron', 'OR', '(', 'x"', `w${i}`][i % 5],
    ).join(' ');
    for (const q of [
      words.slice(0, 10_240),
      '('.repeat(10_240),
      '"'.repeat(10_240),
      '-'.repeat(10_240),
    ]) {
      await searchOk([q]);
    }
  });
});
