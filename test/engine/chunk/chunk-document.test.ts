import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';

const encoder = new TextEncoder();
const chunk = (text: string, path = 'note.md') =>
  chunkDocument({ vault: 'v', path, bytes: encoder.encode(text) });

describe('chunkDocument', () => {
  it('builds the heading tree with spans, bodies and ids', () => {
    const doc = chunk('# Title\n\nIntro.\n\n## A\n\nText a.\n\n## B\n\nText b.\n');
    expect(doc.fileTitle).toBe('Title');
    expect(doc.nodes.map((node) => [node.id, node.parentId, node.depth, node.position])).toEqual([
      ['v:note.md', null, 0, 0],
      ['v:note.md#title', 'v:note.md', 1, 1],
      ['v:note.md#a', 'v:note.md#title', 2, 2],
      ['v:note.md#b', 'v:note.md#title', 2, 3],
    ]);
    const [, title, a] = doc.nodes;
    expect(title).toMatchObject({
      headingStart: 0,
      byteStart: 8,
      byteEnd: 46,
      body: '\nIntro.\n\n',
    });
    expect(a).toMatchObject({ startLine: 5, endLine: 8, breadcrumb: '> Title › A' });
  });

  it('reads frontmatter fields and inline tags', () => {
    const doc = chunk(
      '---\ntitle: Hello\ntags: [a, "#b"]\nauthor: me\n---\nText #c and `#code`.\n',
    );
    expect(doc).toMatchObject({
      fileTitle: 'Hello',
      tags: ['a', 'b', 'c'],
      metadata: { author: 'me' },
      frontmatter: [0, 48],
    });
  });

  it('turns malformed YAML into a warning', () => {
    const doc = chunk('---\ntitle: "open\n---\n# Heading\n\nbody\n');
    expect(doc.warnings).toHaveLength(1);
    expect(doc.fileTitle).toBe('Heading');
    expect(doc.frontmatter).toEqual([0, 21]);
  });
});

describe('chunkDocument options', () => {
  it('can skip inline tags (cli chunk prints none)', () => {
    const bytes = new TextEncoder().encode('---\ntags: [a]\n---\nText #b.\n');
    expect(chunkDocument({ vault: 'v', path: 'n.md', bytes }).tags).toEqual(['a', 'b']);
    expect(chunkDocument({ vault: 'v', path: 'n.md', bytes }, { inlineTags: false }).tags).toEqual([
      'a',
    ]);
  });

  it('reads .txt files as one node, whatever they look like', () => {
    const doc = chunk('---\ntitle: no\n---\n# Not a heading\n#tag\n', 'notes/plain.txt');
    expect(doc).toMatchObject({ kind: 'text', fileTitle: 'plain', tags: [], frontmatter: null });
    expect(doc.nodes).toHaveLength(1);
    expect(doc.nodes[0]!.bodyRanges).toEqual([[0, 39]]);
  });
});
