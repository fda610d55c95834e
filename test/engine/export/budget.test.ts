// The token budget's cutter (docs/design.md#export): paragraphs and sentences whole, words only
// when no sentence fits, never mid-word, CJK sentence ends, and code fences closed after a cut.
import { describe, expect, it } from 'vitest';
import { cutToFit, estimateTokens } from '../../../src-main/engine/export/budget.ts';

const TEXT = 'Para one is here. It has two sentences.\n\nPara two is longer and goes on.\n\nLast.';

describe('cutToFit', () => {
  it('keeps a text that fits', () => {
    expect(cutToFit(TEXT, 100)).toEqual({ text: TEXT, cut: false });
  });

  it('cuts at the last paragraph or sentence end that fits', () => {
    expect(cutToFit(TEXT, 75)).toEqual({
      text: 'Para one is here. It has two sentences.\n\nPara two is longer and goes on.',
      cut: true,
    });
    expect(cutToFit(TEXT, 40)).toEqual({
      text: 'Para one is here. It has two sentences.',
      cut: true,
    });
    expect(cutToFit(TEXT, 30)).toEqual({ text: 'Para one is here.', cut: true });
  });

  it('falls back to whole words, never half of one', () => {
    expect(cutToFit(TEXT, 12)).toEqual({ text: 'Para one is', cut: true });
    expect(cutToFit('Incomprehensibilities', 10)).toEqual({ text: '', cut: true });
  });

  it('takes a finer boundary when a paragraph or sentence end keeps under half the budget', () => {
    const words = '# Long line\n\n' + 'alpha beta gamma '.repeat(100);
    const byWords = cutToFit(words, 200);
    expect(byWords.text.startsWith('# Long line\n\nalpha beta gamma alpha')).toBe(true);
    expect(byWords.text.length).toBeGreaterThan(190);
    expect(byWords.text.endsWith(' ')).toBe(false);
    const table =
      '# Table\n\n' + Array.from({ length: 50 }, (_, i) => `| row ${i} | x |`).join('\n');
    expect(cutToFit(table, 100)).toEqual({
      text: '# Table\n\n' + Array.from({ length: 6 }, (_, i) => `| row ${i} | x |`).join('\n'),
      cut: true,
    });
    // Nothing finer fits: the short paragraph is still better than nothing.
    expect(cutToFit('# Title\n\n' + 'x'.repeat(500), 100)).toEqual({ text: '# Title', cut: true });
  });

  it('cuts CJK text at 。 and at word boundaries', () => {
    expect(cutToFit('東京タワーは高いです。大阪城も有名です。', 12)).toEqual({
      text: '東京タワーは高いです。',
      cut: true,
    });
    expect(cutToFit('東京タワーは高いです', 8)).toEqual({ text: '東京タワーは高い', cut: true });
  });

  it('closes a code fence the cut left open', () => {
    const code = 'Intro.\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n';
    expect(cutToFit(code, 34)).toEqual({ text: 'Intro.\n\n```js\nconst a = 1;\n```', cut: true });
  });

  it('estimates tokens as ceil(chars / 4)', () => {
    expect([0, 1, 4, 5].map((n) => estimateTokens('x'.repeat(n)))).toEqual([0, 1, 1, 2]);
  });
});
