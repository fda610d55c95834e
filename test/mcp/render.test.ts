// How a snippet reads in an MCP answer (docs/mcp.md#tools): one line, matches marked `**…**`.
import { describe, expect, it } from 'vitest';
import { plainSnippet } from '../../src-main/mcp/render.ts';

const seg = (text: string, match = false) => ({ text, match });

describe('plainSnippet', () => {
  it.each([
    [
      'single spaces stay as they are',
      [seg('a '), seg('lvalue', true), seg(' ref')],
      'a **lvalue** ref',
    ],
    [
      'line breaks and tabs become one space',
      [seg('one\n\ttwo '), seg('x', true)],
      'one two **x**',
    ],
    ['runs of spaces become one', [seg('a  b'), seg('   c')], 'a b c'],
    ['other white space (no-break) becomes a space', [seg('a\u00a0b')], 'a b'],
    ['ends are trimmed', [seg('  lead '), seg('m', true), seg(' tail  ')], 'lead **m** tail'],
    ['a match of white space only is not marked', [seg('a'), seg(' ', true), seg('b')], 'a b'],
    ['no segments: empty', [], ''],
  ])('%s', (_, segments, expected) => {
    expect(plainSnippet(segments)).toBe(expected);
  });
});
