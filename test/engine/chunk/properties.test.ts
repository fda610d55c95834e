// Property tests on generated markdown: random soups of block syntax (containers, fences, HTML,
// tables, setext underlines, headings) with random line endings, BOMs, frontmatter and invalid
// UTF-8. The chunk tree invariants hold for all of them, and the fast block scanner agrees with
// micromark wherever it does not defer to it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { micromarkBlockFacts } from '../../../src-main/engine/chunk/block-facts.ts';
import { scanBlockFacts } from '../../../src-main/engine/chunk/block-scan.ts';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { findFrontmatter } from '../../../src-main/engine/chunk/frontmatter.ts';
import { decodeSource } from '../../../src-main/engine/chunk/source-text.ts';
import { assertInvariants } from './support/invariants.ts';

const prefixes = [
  '',
  '',
  '',
  '> ',
  '>',
  '- ',
  '* ',
  '+ ',
  '1. ',
  '2) ',
  '01. ',
  '  ',
  '    ',
  '\t',
];
const morePrefixes = [' ', '   ', '-', '1.', '>\t', '-\t', '- [ ] ', '      ', '-     ', ' - '];
const contents = [
  '# h',
  '## Title',
  '### Deep *em*',
  '#',
  '#h',
  '# h #',
  '#\th',
  '####### x',
  '\\#',
  '#5 bolt',
  'text',
  'foo bar',
  'text  ',
  'x\\',
  'text #tag',
  '`code` and #x',
  // Code spans across lines (setext headings read them with each line's indentation).
  'a `span',
  'ends` b',
  '`` two',
  ' `',
  '[x](#y)',
  '&amp; &#35;',
  'é ü 日本',
  '🚀🔥',
  '===',
  '---',
  '- - -',
  '***',
  '___',
  '=',
  '-',
  '  ---  ',
  '```',
  '~~~',
  '````',
  '```js',
  '~~~ x',
  '<div>',
  '</div>',
  '<!--',
  '-->',
  '<pre>',
  '</pre>',
  '<a href="x">',
  '<br/>',
  '<?x',
  '?>',
  '<!X',
  '<![CDATA[',
  ']]>',
  '<script>',
  '| a | b |',
  '|---|---|',
  'a | b',
  '--- | ---',
  ':-',
  '|-',
  '-|',
  '| x |',
  '|',
  '||',
  '',
  '',
  '',
  '    ',
  '[ref]: /url',
  '[^1]: note',
  '[[wiki]]: x',
];
const line = fc
  .tuple(
    fc.array(fc.constantFrom(...prefixes, ...morePrefixes), { maxLength: 3 }),
    fc.constantFrom(...contents),
  )
  .map(([prefix, content]) => prefix.join('') + content);

const frontmatters = [
  ['---', 'title: Generated', '---'],
  ['---', 'tags: [a, "#b"]', 'aliases: x', '---'],
  ['---', 'title: "broken', '---'],
  ['---', '---'],
  ['---', 'never closed'],
];

/** A generated markdown file as bytes. */
const markdownFile = fc
  .record({
    bom: fc.boolean(),
    frontmatter: fc.option(fc.constantFrom(...frontmatters), { nil: undefined }),
    lines: fc.array(line, { maxLength: 24 }),
    endings: fc.array(fc.constantFrom('\n', '\n', '\n', '\r\n', '\r'), {
      minLength: 1,
      maxLength: 4,
    }),
    finalEnding: fc.boolean(),
    invalid: fc.option(
      fc.tuple(
        fc.nat(),
        fc.constantFrom([0xff], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0]),
      ),
      { nil: undefined },
    ),
  })
  .map(({ bom, frontmatter, lines, endings, finalEnding, invalid }) => {
    const all = [...(frontmatter ?? []), ...lines];
    let text = all.map((text, index) => text + endings[index % endings.length]).join('');
    if (!finalEnding) text = text.replace(/(\r\n|\r|\n)$/, '');
    const encoded = new TextEncoder().encode(text);
    const parts: number[][] = [bom ? [0xef, 0xbb, 0xbf] : [], [...encoded]];
    if (invalid) {
      const [at, bytes] = invalid;
      const body = parts[1]!;
      body.splice(body.length === 0 ? 0 : at % body.length, 0, ...bytes);
    }
    return Uint8Array.from(parts.flat());
  });

describe('generated markdown', () => {
  it('keeps every chunk tree invariant', () => {
    fc.assert(
      fc.property(markdownFile, (bytes) => {
        assertInvariants(chunkDocument({ vault: 'p', path: 'gen.md', bytes }), bytes);
      }),
      { numRuns: 600 },
    );
  });

  it('reads the same headings with the fast scanner as with micromark', () => {
    let scanned = 0;
    fc.assert(
      fc.property(markdownFile, (bytes) => {
        const source = decodeSource(bytes);
        const start = findFrontmatter(source)?.endLine ?? 0;
        const fast = scanBlockFacts(source, start);
        if (!fast) return;
        scanned++;
        expect(fast).toEqual(micromarkBlockFacts(source, start));
      }),
      { numRuns: 4000 },
    );
    // The scanner must decide most files itself, or this property would test nothing.
    expect(scanned).toBeGreaterThan(2000);
  });
});
