// Heading titles as plain text (docs/design.md#headings). The direct reader of code spans, HTML
// tags and autolinks must agree with micromark (the parser under remark) on anything it accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collapseWhitespace,
  headingTitle,
  MARKUP_TITLE_LIMIT,
  micromarkTitle,
  titleSource,
} from '../../../src-main/engine/chunk/heading-title.ts';
import { fastInlineText } from '../../../src-main/engine/chunk/inline-fast.ts';

const pieces = [
  'text',
  ' ',
  '  ',
  '\t',
  'x',
  '`',
  '``',
  '```',
  '` `',
  '`a`',
  '`` a ` b ``',
  '` a `',
  '`  `',
  '<',
  '>',
  '<a>',
  '</a>',
  '<a name="x">',
  "<a href='`'>",
  '<b c=d>',
  '<br/>',
  '< a>',
  '<a/ >',
  '<!-- c -->',
  '<!-->',
  '<!--->',
  '<?pi?>',
  '<?',
  '?>',
  '<!DOCTYPE x>',
  '<![CDATA[x]]>',
  '<https://x.y/z>',
  '<mailto:a@b.c>',
  '<a@b.co>',
  '<not a link>',
  '<x-y>',
  '</x >',
  'vector<T>',
  'a_b',
  '*',
  '&amp;',
  '[',
  ']',
  '!',
  '\\`',
  '~~',
  'www.example.com',
  'é',
  '🚀',
  '"',
  "'",
  '=',
  '\0', // micromark reads NUL as U+FFFD, in a code span too
];

describe('heading titles', () => {
  it.each([
    ['`code` and *em* **strong**', 'code and em strong'],
    ['[link](https://x.y "t") and ![alt *text*](i.png)', 'link and alt text'],
    ['<a name="anchor"></a> Section', 'Section'],
    ['\\*not em\\* &amp; &#35; &copy;', '*not em* & # ©'],
    ['~~gone~~ kept', 'gone kept'],
    ['` padded `   spaces   ', 'padded spaces'],
    ['<https://example.com> and <me@example.com>', 'https://example.com and me@example.com'],
    ['std::vector<T>::push_back', 'std::vector::push_back'], // `<T>` is an HTML tag
    ['a < b <= c', 'a < b <= c'],
    ['footnote[^1]', 'footnote[^1]'],
    ['x <?pi?> y <? z', 'x y <? z'],
    ['`\0code` and b', '\uFFFDcode and b'], // NUL is U+FFFD, in a code span too
  ])('%s → %s', (content, title) => {
    expect(headingTitle(content)).toBe(title);
  });

  it('reads code spans, tags and autolinks directly exactly as micromark does', () => {
    let direct = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }), (parts) => {
        const content = parts.join('');
        const fast = fastInlineText(content);
        if (fast === null) return;
        direct++;
        expect(collapseWhitespace(fast)).toBe(micromarkTitle(content));
      }),
      { numRuns: 5000 },
    );
    expect(direct).toBeGreaterThan(1000);
  });
});

describe('heading titles past the markup limit', () => {
  it('read a huge heading full of markup from its first 8 KiB', () => {
    const content = '*a_ '.repeat(10_000);
    const title = headingTitle(content);
    expect(title.length).toBeLessThanOrEqual(MARKUP_TITLE_LIMIT);
    expect(title.length).toBeGreaterThan(MARKUP_TITLE_LIMIT / 2);
  });

  it('read huge headings the direct readers take whole (their slugs stay GitHub anchors)', () => {
    const content = 'word '.repeat(5_000);
    expect(headingTitle(content)).toBe(content.trim());
    expect(headingTitle(`\`x\` ${content}`)).toBe(`x ${content.trim()}`);
  });

  it('never cut a surrogate pair', () => {
    const title = headingTitle('*' + '🚀'.repeat(MARKUP_TITLE_LIMIT));
    expect(title).toBe('*' + '🚀'.repeat(MARKUP_TITLE_LIMIT / 2 - 1));
    expect(title.isWellFormed()).toBe(true);
    expect(titleSource('x' + '🚀'.repeat(MARKUP_TITLE_LIMIT))).toBe('x' + '🚀'.repeat(4095));
  });
});
