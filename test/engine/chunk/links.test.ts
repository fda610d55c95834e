// Links and block ids found in the chunker's pass (docs/links.md#what-is-a-link): a table of
// markdown → the links it holds (their markup, read back through the byte range, and the
// section holding them).
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { readDestination } from '../../../src-main/engine/chunk/links.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Each link as `[markup, target, flags, section id]`: markup read back from its byte range. */
function links(markdown: string, path = 'n.md') {
  const bytes = encoder.encode(markdown);
  const doc = chunkDocument({ vault: 'v', path, bytes });
  return doc.links.map((link) => [
    decoder.decode(bytes.slice(link.start, link.end)),
    link.target,
    `${link.markdown ? 'md' : 'wiki'}${link.embed ? ' embed' : ''}`,
    doc.nodes[link.node]!.id,
  ]);
}

const targets = (markdown: string) => links(markdown).map((link) => link[1]);

describe('links found in a document', () => {
  const cases: Array<[string, string, string[]]> = [
    ['a wikilink', 'See [[Note]].', ['Note']],
    ['heading, block and alias parts stay in the target', '[[a#B|c]] [[d#^e]]', ['a#B|c', 'd#^e']],
    ['an embed', '![[Note#Part]]', ['Note#Part']],
    ['a Markdown link to a local file', '[t](other%20note.md#sec)', ['other%20note.md#sec']],
    ['a Markdown link with a title', '[t](../up.md "Up")', ['../up.md']],
    ['a Markdown link in angle brackets', '[t](<my note.md>)', ['my note.md']],
    ['balanced parentheses in a destination', '[t](a(1).md)', ['a(1).md']],
    ['a link inside its own note', '[[#Part]] and [t](#part)', ['#Part', '#part']],
    ['URLs are not notes', '[t](https://x.com/a.md) [m](mailto:a@b) [p](//x.org)', []],
    ['attachments are not notes', '![[p.png]] [[doc.PDF#page=2]] ![i](img/a.jpg)', []],
    ['a note named like a version is a note', '[[Release 1.2]]', ['Release 1.2']],
    ['a single ] does not end a wikilink', '[[Sq]uare]]', ['Sq]uare']],
    ['nested brackets link the inner note', '[[a [[Inner]] b]]', ['Inner']],
    ['a wikilink does not cross a line', '[[one\ntwo]] [[ok]]', ['ok']],
    ['empty wikilinks and destinations are nothing', '[[]] [[ ]] [t]() [u](<>)', []],
    ['a table cell escapes the bar', '| a |\n|---|\n| [[Note\\|shown]] |', ['Note\\|shown']],
    ['an image link around a note link', '[![alt](a.png)](Note.md)', ['Note.md']],
    [
      'a schemed wikilink is a (missing) note, as in Obsidian',
      '[[https://x.org]]',
      ['https://x.org'],
    ],
  ];
  it.each(cases)('%s', (_, markdown, expected) => {
    expect(targets(markdown)).toEqual(expected);
  });
});

describe('links that are not there', () => {
  const cases: Array<[string, string]> = [
    ['a fenced code block', '```\n[[Code]]\n```\n'],
    ['an indented code block', 'Para.\n\n    [[Code]]\n'],
    ['a code span', 'Use `[[Code]]` or ``[t](x.md)``.'],
    ['a multi-line code span', 'Use `a\n[[Code]]` here.'],
    ['an HTML comment block', '<!--\n[[Code]]\n-->\n'],
    ['an inline HTML comment', 'Text <!-- [[Code]] --> more.'],
    ['an HTML block', '<div>\n[[Code]]\n</div>\n'],
    ['a %% comment', 'Text %% [[Code]] %% more.'],
    ['a %% comment over paragraphs', '%%\nA [[Code]]\n\nB [t](c.md)\n%%\n'],
    ['the frontmatter', '---\nrelated: "[[Code]]"\n---\nText.\n'],
  ];
  it.each(cases)('in %s', (_, markdown) => {
    expect(targets(markdown)).toEqual([]);
  });

  it('after a %% comment closes, links count again', () => {
    expect(targets('%% [[a]] %% [[b]]\n\n%%\n[[c]]\n%%\n[[d]]')).toEqual(['b', 'd']);
  });

  it('%% inside a code span opens no comment', () => {
    expect(targets('`%%` [[a]] `%%`')).toEqual(['a']);
  });
});

describe('where a link is', () => {
  it('records the byte range of its markup and the section holding it', () => {
    const markdown =
      '# Title\n\nSee [[A]] and ![[B|b]].\n\n## Sub [[In heading]]\n\n- item [t](c.md "x")\n';
    expect(links(markdown)).toEqual([
      ['[[A]]', 'A', 'wiki', 'v:n.md#title'],
      ['![[B|b]]', 'B|b', 'wiki embed', 'v:n.md#title'],
      ['[[In heading]]', 'In heading', 'wiki', 'v:n.md#sub-in-heading'],
      ['[t](c.md "x")', 'c.md', 'md', 'v:n.md#sub-in-heading'],
    ]);
  });

  it('counts bytes, not characters, before a link (UTF-8, CRLF, a BOM)', () => {
    const markdown = '\ufeffé 🎉 [[A]]\r\n\r\nü [t](b.md)\r\n';
    expect(links(markdown).map((link) => link[0])).toEqual(['[[A]]', '[t](b.md)']);
  });

  it('maps offsets exactly in invalid UTF-8', () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x20, ...encoder.encode('[[A]] ok')]);
    const doc = chunkDocument({ vault: 'v', path: 'n.md', bytes });
    expect(doc.links.map((link) => [link.start, link.end])).toEqual([[3, 8]]);
  });

  it('puts a link in the body of a discarded (empty) heading in its parent', () => {
    expect(links('# A\n\n## Empty [[x]]\n# B\n\ntext\n').map((link) => link[3])).toEqual([
      'v:n.md#a',
    ]);
  });

  it('finds links in list items, quotes and tables', () => {
    expect(targets('- a [[L]]\n\n> q [[Q]]\n\n| h |\n|---|\n| [[T]] |\n')).toEqual(['L', 'Q', 'T']);
  });

  it('finds no links in .txt files or when asked not to', () => {
    const bytes = encoder.encode('[[A]]');
    expect(chunkDocument({ vault: 'v', path: 'n.txt', bytes }).links).toEqual([]);
    expect(chunkDocument({ vault: 'v', path: 'n.md', bytes }, { links: false }).links).toEqual([]);
  });
});

describe('block ids', () => {
  it('are ^ids at the end of a line, with the section holding them', () => {
    const bytes = encoder.encode(
      '# A\n\nPara text ^para-1\n\n- item ^Item2\n\n## B\n\n^own-line\n\nnot^inword\n',
    );
    const doc = chunkDocument({ vault: 'v', path: 'n.md', bytes });
    expect(doc.blocks.map((block) => [block.id, doc.nodes[block.node]!.id])).toEqual([
      ['para-1', 'v:n.md#a'],
      ['Item2', 'v:n.md#a'],
      ['own-line', 'v:n.md#b'],
    ]);
  });

  it('are not read in code or in footnote references', () => {
    const bytes = encoder.encode('```\nx ^code\n```\n\nText[^1] and `y ^span`\n');
    expect(chunkDocument({ vault: 'v', path: 'n.md', bytes }).blocks).toEqual([]);
  });
});

describe('readDestination', () => {
  const cases: Array<[string, string | null]> = [
    ['(a.md)', 'a.md'],
    ['( a.md )', 'a.md'],
    ['(a.md "t")', 'a.md'],
    ["(a.md 't')", 'a.md'],
    ['(a.md (t))', 'a.md'],
    ['(<a b.md>)', 'a b.md'],
    ['(a\\).md)', 'a\\).md'],
    ['(a b.md)', null],
    ['(a.md', null],
    ['(<a.md)', null],
  ];
  it.each(cases)('%s → %s', (input, expected) => {
    expect(readDestination(input, 1)?.text ?? null).toBe(expected);
  });
});
