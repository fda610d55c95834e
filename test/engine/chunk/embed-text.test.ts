// embedText (docs/design.md#embed-text): the node's markdown (heading line + own body) with a
// breadcrumb line in front when the text alone lacks context; metadata never changes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import {
  capBreadcrumb,
  embedText,
  fullBreadcrumb,
  isContextFree,
  nodeMarkdown,
} from '../../../src-main/engine/chunk/embed-text.ts';

const bytesOf = (text: string) => new TextEncoder().encode(text);

const file = bytesOf(
  [
    '---',
    'title: API Documentation',
    '---',
    'Preamble of the document. '.repeat(40),
    '',
    '# Authentication',
    '',
    'How to log in.',
    '',
    '## OAuth Setup',
    '',
    'Register the app.',
    '',
  ].join('\n'),
);
const document = chunkDocument({ vault: 'v', path: 'api.md', bytes: file });
const [root, auth, oauth] = document.nodes;

describe('embedText', () => {
  it('builds the node markdown from the heading line as stored and the own body', () => {
    expect(nodeMarkdown(oauth!, file)).toBe('## OAuth Setup\n\nRegister the app.\n');
    expect(nodeMarkdown(root!, file)).toBe(root!.body);
  });

  it('uses the file title in the full breadcrumb unless the first heading is it', () => {
    expect(fullBreadcrumb(oauth!)).toBe('API Documentation > Authentication > OAuth Setup');
    expect(fullBreadcrumb(root!)).toBe('API Documentation');
    const same = chunkDocument({
      vault: 'v',
      path: 'a.md',
      bytes: bytesOf('# Guide\n\n## Part\n\nx\n'),
    });
    expect(fullBreadcrumb(same.nodes[2]!)).toBe('Guide > Part');
  });

  it('none: the markdown alone', () => {
    expect(embedText(oauth!, 'none', file)).toBe('## OAuth Setup\n\nRegister the app.\n');
  });

  it('always: the full breadcrumb, a blank line, the markdown', () => {
    expect(embedText(auth!, 'always', file)).toBe(
      'API Documentation > Authentication\n\n# Authentication\n\nHow to log in.\n\n',
    );
  });

  it('conditional: heading nodes get the full breadcrumb', () => {
    expect(embedText(oauth!, 'conditional', file)).toBe(
      'API Documentation > Authentication > OAuth Setup\n\n## OAuth Setup\n\nRegister the app.\n',
    );
  });

  it('conditional: long prose in the document node gets the file title only', () => {
    expect(root!.tokenEstimate).toBeGreaterThanOrEqual(200);
    expect(embedText(root!, 'conditional', file)).toBe(`API Documentation\n\n${root!.body}`);
  });

  it('conditional: never repeats a line the text already starts with', () => {
    const bytes = bytesOf('Notes\n\nShort body.\n');
    const plain = chunkDocument({ vault: 'v', path: 'Notes.md', bytes });
    expect(embedText(plain.nodes[0]!, 'conditional', bytes)).toBe('Notes\n\nShort body.\n');
  });

  it('never changes the node', () => {
    const before = structuredClone(oauth);
    embedText(oauth!, 'always', file);
    expect(oauth).toEqual(before);
  });
});

describe('capBreadcrumb', () => {
  it('keeps lines up to 160 characters', () => {
    const line = 'a'.repeat(70) + ' > ' + 'b'.repeat(87);
    expect(line).toHaveLength(160);
    expect(capBreadcrumb(line)).toBe(line);
  });

  it('replaces middle segments with an ellipsis, keeping the first and last', () => {
    const segments = [
      'File title',
      ...Array.from({ length: 12 }, (_, i) => `Section ${i} name`),
      'Last',
    ];
    const capped = capBreadcrumb(segments.join(' > '));
    expect(capped.length).toBeLessThanOrEqual(160);
    expect(capped.startsWith('File title > … > ')).toBe(true);
    expect(capped.endsWith(' > Section 11 name > Last')).toBe(true);
  });

  it('cuts a line whose first and last segments alone are too long', () => {
    const capped = capBreadcrumb('x'.repeat(100) + ' > ' + 'y'.repeat(100));
    expect(capped).toHaveLength(160);
    expect(capped.endsWith('…')).toBe(true);
  });

  it('cuts between graphemes, never inside an emoji (fixture emoji-long-heading.md)', () => {
    const name = 'emoji-long-heading.md';
    const bytes = readFileSync(join(import.meta.dirname, '../../fixtures/chunk', name));
    const child = chunkDocument({ vault: 'v', path: name, bytes }).nodes.at(-1)!;
    expect(child.headerPath).toEqual(['🚀'.repeat(170), 'Child']);
    const [line] = embedText(child, 'always', bytes).split('\n');
    expect(line).toBe('🚀'.repeat(79) + '…');
    expect(line!.isWellFormed()).toBe(true);
  });

  it.each([
    ['a family emoji', '👨‍👩‍👧', /^(?:👨‍👩‍👧)+…$/u],
    ['a flag', '🇫🇷', /^(?:🇫🇷)+…$/u],
    ['a combining accent', 'e\u0301', /^(?:e\u0301)+…$/u],
  ])('keeps %s whole', (_, grapheme, shape) => {
    const capped = capBreadcrumb(grapheme.repeat(200) + ' > Child');
    expect(capped).toMatch(shape);
    expect(capped.length).toBeLessThanOrEqual(160);
    expect(capped.length).toBeGreaterThan(160 - grapheme.length - 1);
  });
});

describe('isContextFree', () => {
  it.each([
    ['fenced code', '\n```js\nlet x = 1;\n```\n', true],
    ['indented code', '\n    code\n    more\n', true],
    ['a table', '| a | b |\n|---|---|\n| 1 | 2 |\n', true],
    ['a list', '- one\n- two\n  continued\n1. three\n', true],
    ['prose', 'Some words.\n', false],
    ['prose then code', 'Intro:\n```\nx\n```\n', false],
    ['nothing', '\n\n', false],
  ])('%s', (_name, body, expected) => {
    expect(isContextFree(body)).toBe(expected);
  });
});
