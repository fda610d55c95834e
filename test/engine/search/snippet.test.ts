// Snippets and highlights: matches in <b>, everything else escaped, whitespace collapsed,
// about 150 characters around the densest matches, never cutting a word.
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { createMatcher } from '../../../src-main/engine/search/highlight.ts';
import { buildSnippet, joinSnippets } from '../../../src-main/engine/search/snippet.ts';

const analyzer = createAnalyzer('english');
const find = (text: string, highlights: Array<{ terms: string[]; prefix: boolean }>) =>
  createMatcher(highlights, analyzer).find(analyzer.tokens(text));

describe('matcher', () => {
  it('finds stemmed terms, prefixes and phrases only as consecutive terms', () => {
    const text = 'Handling errors: the handler handles error handling.';
    expect(find(text, [{ terms: ['handl'], prefix: false }])).toEqual([
      [0, 8],
      [29, 36],
      [43, 51],
    ]);
    expect(find(text, [{ terms: ['hand'], prefix: true }])).toEqual([
      [0, 8],
      [21, 28],
      [29, 36],
      [43, 51],
    ]);
    expect(find(text, [{ terms: ['error', 'handl'], prefix: false }])).toEqual([[37, 51]]);
  });
});

describe('buildSnippet', () => {
  it('wraps matches in <b> and escapes the rest', () => {
    const text = 'Use <T> & "quotes" with care: generics are fine.';
    const snippet = buildSnippet(text, find(text, [{ terms: ['generic'], prefix: false }]));
    expect(snippet.html).toBe(
      'Use &lt;T&gt; &amp; &quot;quotes&quot; with care: <b>generics</b> are fine.',
    );
    expect(snippet.segments).toEqual([
      { text: 'Use <T> & "quotes" with care: ', match: false },
      { text: 'generics', match: true },
      { text: ' are fine.', match: false },
    ]);
  });

  it('centres on the densest cluster, about 150 characters, words intact', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(20);
    const text = `${filler}alpha one\n\n  beta two alpha ${filler}`;
    const snippet = buildSnippet(
      text,
      find(text, [
        { terms: ['alpha'], prefix: false },
        { terms: ['beta'], prefix: false },
      ]),
    );
    const plain = snippet.segments.map((s) => s.text).join('');
    expect(plain.startsWith('…')).toBe(true);
    expect(plain.endsWith(' …')).toBe(true);
    expect(plain.length).toBeLessThanOrEqual(156);
    expect(plain).toContain('alpha one beta two alpha');
    expect(plain).not.toMatch(/\s{2}/);
    expect(plain.replace(/^…|…$/g, '').trim().split(' ')).toSatisfy((words: string[]) =>
      words.every((w) => filler.includes(w) || /alpha|one|beta|two/.test(w)),
    );
  });

  it('is as long when the match ends the text: the lead-in grows instead', () => {
    const words = Array.from({ length: 200 }, (_, i) => `kappa${i}`).join(' ');
    const text = `${words} finalword`;
    const snippet = buildSnippet(text, find(text, [{ terms: ['finalword'], prefix: false }]));
    const plain = snippet.segments.map((s) => s.text).join('');
    expect(plain.startsWith('…kappa')).toBe(true);
    expect(plain.endsWith('kappa199 finalword')).toBe(true);
    expect(plain.length).toBeGreaterThan(140);
    expect(plain.length).toBeLessThanOrEqual(151);
  });

  it('shows the start of the text when nothing matched in it', () => {
    const snippet = buildSnippet('\n\n  Intro text here.\n', []);
    expect(snippet.html).toBe('Intro text here.');
  });

  it('joins the snippets of several topics with " … "', () => {
    const a = buildSnippet('alpha', [[0, 5]]);
    const b = buildSnippet('beta', [[0, 4]]);
    expect(joinSnippets([a, b, a]).html).toBe('<b>alpha</b> … <b>beta</b>');
  });

  it('keeps one ellipsis where two cut snippets meet', () => {
    const filler = 'word '.repeat(60);
    const text = `${filler}alpha ${filler}beta ${filler}`;
    const a = buildSnippet(text, [[text.indexOf('alpha'), text.indexOf('alpha') + 5]]);
    const b = buildSnippet(text, [[text.indexOf('beta'), text.indexOf('beta') + 4]]);
    expect(a.html).toMatch(/^….* …$/);
    const joined = joinSnippets([a, b]).html;
    expect(joined).toMatch(/^….*<b>alpha<\/b>.* … .*<b>beta<\/b>.* …$/);
    expect(joined).not.toMatch(/…\s*…/);
  });
});
