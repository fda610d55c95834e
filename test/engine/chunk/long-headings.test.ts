// Long headings (audit): a paragraph of many lines right above `---` is one setext heading. Its
// title is read from its first 8 KiB on every path (README), as remark reads those 8 KiB, and the
// fast scanner reads it itself even with code spans (micromark's inline parse of the whole
// paragraph was quadratic: 1.8 MB took 50 s; speed is `npm run bench -- chunk`'s business).
import { slug as githubSlug } from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { micromarkBlockFacts } from '../../../src-main/engine/chunk/block-facts.ts';
import { chunkDocument, readMarkdown } from '../../../src-main/engine/chunk/chunk-document.ts';
import { MARKUP_TITLE_LIMIT, titleSource } from '../../../src-main/engine/chunk/heading-title.ts';
import { decodeSource } from '../../../src-main/engine/chunk/source-text.ts';
import { remarkReference } from './support/remark-reference.ts';

const lines = (count: number, line: (at: number) => string) =>
  Array.from({ length: count }, (_, at) => line(at)).join('\n');

/** The heading facts of `text` and which parser produced them. */
function headingsOf(text: string) {
  const source = decodeSource(new TextEncoder().encode(text));
  const parts = readMarkdown(source);
  return { parser: parts.parser, headings: parts.facts.headings, source };
}

/** remark's title of the heading `content` cut as titles are (the reference for long headings). */
function remarkTitle(content: string): string {
  const [heading] = remarkReference(`${titleSource(content)}\n---\n`).headings;
  return heading!.title;
}

describe('multi-line setext headings with code spans', () => {
  it.each([
    ['a span across lines keeps the indentation', 'a`\n  b `c\nd', 'a bc d'],
    ['an indented line inside a span', 'x `one\n    two` y', 'x one two y'],
    ['spans on several lines', '`a`\n`b`\n  `c`', 'a b c'],
    ['an unclosed backtick on each line', 'p `q\n r `s\nt', 'p q r s t'],
    ['CRLF line endings', 'a `b\r\n  c` d', 'a b c d'],
  ])('%s: read by the fast scanner, as remark reads it', (_, content, title) => {
    const text = `${content}\n---\n\nbody\n`;
    const { parser, headings, source } = headingsOf(text);
    expect(parser).toBe('scanner');
    expect(headings.map((heading) => heading.title)).toEqual([title]);
    expect(remarkReference(text).headings.map((heading) => heading.title)).toEqual([title]);
    expect(micromarkBlockFacts(source, 0).headings).toEqual(headings);
  });
});

describe('a moderately long setext paragraph', () => {
  const shapes: Array<[string, (at: number) => string]> = [
    ['one code span at its end', (at) => `line ${at} and code`],
    ['emphasis and a backtick on every line', (at) => `line ${at} with *emph* and \`code`],
    ['indented lines with code spans', (at) => `${' '.repeat(at % 4)}item ${at} \`c ${at}\` x`],
  ];
  for (const [name, line] of shapes) {
    it(`${name}: one h2 titled from its first 8 KiB, by the fast scanner`, () => {
      const paragraph = `${lines(3000, line)} \`x\``;
      const text = `${paragraph}\n---\n\nbody\n`;
      const { parser, headings, source } = headingsOf(text);
      expect(parser).toBe('scanner');
      expect(headings).toHaveLength(1);
      const [heading] = headings;
      expect(heading).toMatchObject({ depth: 2, firstLine: 0, endLine: 3001 });
      expect(heading!.title.length).toBeGreaterThan(MARKUP_TITLE_LIMIT / 2);
      expect(heading!.title.length).toBeLessThanOrEqual(MARKUP_TITLE_LIMIT);
      expect(heading!.title).toBe(remarkTitle(paragraph));
      // The full parser reads the same first 8 KiB (without expanding the rest).
      expect(micromarkBlockFacts(source, 0).headings).toEqual(headings);

      // Slug and id follow the stored title (github-slugger on it, docs/design.md#ids-and-slugs).
      const document = chunkDocument({ vault: 'v', path: 'long.md', bytes: source.bytes });
      const node = document.nodes[1]!;
      expect(node.title).toBe(heading!.title);
      expect(node.slug).toBe(githubSlug(node.title));
      expect(node.id).toBe(`v:long.md#${node.slug}`);
      expect(node.body).toBe('\nbody\n');
    });
  }
});

describe('long headings on the full-parser path', () => {
  // A link reference definition sends the file to micromark; the titles must not change.
  const definition = '[ref]: https://example.com\n\n';
  // What the direct readers take is read whole on both paths (linear; the slug stays GitHub's
  // anchor); what micromark must read (null here) from its first 8 KiB.
  it.each([
    [
      'a long plain ATX heading',
      `# ${'word '.repeat(3000)}\n\nbody\n`,
      'word '.repeat(3000).trim(),
    ],
    [
      'a long ATX heading of code spans',
      `# ${'`c` word '.repeat(1500)}\n\nbody\n`,
      'c word '.repeat(1500).trim(),
    ],
    ['a long ATX heading of emphasis', `# ${'*em* word '.repeat(1000)}\n\nbody\n`, null],
    [
      'a long setext heading with code spans',
      `${lines(2000, (at) => `l${at} \`c`)}\n===\n\nx\n`,
      null,
    ],
    [
      'a long setext heading of indented lines',
      `${lines(2000, (at) => `  line ${at}`)}\n---\n\nx\n`,
      lines(2000, (at) => `line ${at}`).replaceAll('\n', ' '),
    ],
  ])('%s: the same title as on the fast path', (_, text, whole) => {
    const fast = headingsOf(text);
    const full = headingsOf(definition + text);
    expect(fast.parser).toBe('scanner');
    expect(full.parser).toBe('micromark');
    expect(full.headings.map((heading) => heading.title)).toEqual(
      fast.headings.map((heading) => heading.title),
    );
    const { title } = fast.headings[0]!;
    if (whole === null) expect(title.length).toBeLessThanOrEqual(MARKUP_TITLE_LIMIT);
    else expect(title).toBe(whole);
  });

  it("resolves references of the first 8 KiB with the file's definitions", () => {
    const content = `[ref] ${'word '.repeat(3000)}`.trim();
    const [heading] = headingsOf(`${definition}# ${content}\n\nbody\n`).headings;
    expect(heading!.title.startsWith('ref word word')).toBe(true);
    const [reference] = remarkReference(`${definition}# ${titleSource(content)}\n`).headings;
    expect(heading!.title).toBe(reference!.title);
  });
});
