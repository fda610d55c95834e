// Inputs built to hurt parsers: deep nesting, delimiter soups, huge tables. The chunker must
// still produce a valid tree (speed is the benchmark's business; these only have to finish).
import { describe, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { assertInvariants } from './support/invariants.ts';

const cases: Record<string, string> = {
  'deeply nested lists': Array.from({ length: 1500 }, (_, i) => ' '.repeat(i * 2) + '- a').join(
    '\n',
  ),
  'deeply nested block quotes': '>'.repeat(5000) + ' # x\n\ntext\n',
  'a heading of emphasis delimiters': '# ' + '*a_'.repeat(8000) + '\n\nbody\n',
  'a paragraph of emphasis delimiters after a definition':
    '[d]: /u\n\n# Title\n\n' + '*a_'.repeat(20000) + '\n',
  'a heading of unclosed processing instructions': '# ' + '<? '.repeat(100_000) + '\n\nbody\n',
  'unclosed brackets and backticks': '# ' + '[`'.repeat(20000) + '\n' + '['.repeat(20000),
  'a 20,000-row table': '# T\n\n| a | b |\n|---|---|\n' + '| x | y |\n'.repeat(20000),
  'a 20,000-line lazy paragraph in a quote': '> a\n' + 'b\n'.repeat(20000) + '===\n',
};

describe('pathological inputs', () => {
  for (const [name, text] of Object.entries(cases)) {
    it(name, { timeout: 60_000 }, () => {
      const bytes = new TextEncoder().encode(text);
      assertInvariants(chunkDocument({ vault: 'v', path: 'p.md', bytes }), bytes);
    });
  }
});
