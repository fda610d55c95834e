// Frontmatter (docs/design.md#frontmatter): found by its fences, read with a real YAML parser;
// malformed YAML is a warning, never a failure.
import { describe, expect, it } from 'vitest';
import { findFrontmatter, readFrontmatter } from '../../../src-main/engine/chunk/frontmatter.ts';
import { decodeSource } from '../../../src-main/engine/chunk/source-text.ts';

const find = (text: string) => findFrontmatter(decodeSource(new TextEncoder().encode(text)));

describe('findFrontmatter', () => {
  it.each([
    ['LF', '---\na: 1\n---\nbody', 3],
    ['CRLF', '---\r\na: 1\r\n---\r\nbody', 3],
    ['trailing spaces and tabs on the fences', '--- \t\na: 1\n---  \nbody', 3],
    ['empty block', '---\n---\n', 2],
    ['closing fence at the end of the file', '---\na: 1\n---', 3],
    ['BOM before the opening fence', '\ufeff---\na: 1\n---\n', 3],
  ])('finds it with %s', (_name, text, endLine) => {
    expect(find(text)?.endLine).toBe(endLine);
  });

  it.each([
    ['no closing fence', '---\na: 1\n'],
    ['closed by ...', '---\na: 1\n...\n'],
    ['TOML fences', '+++\na = 1\n+++\n'],
    ['not on the first line', '\n---\na: 1\n---\n'],
    ['an indented fence', ' ---\na: 1\n---\n'],
    ['four dashes', '----\na: 1\n----\n'],
    ['an indented closing fence', '---\na: 1\n ---\n'],
  ])('finds none with %s', (_name, text) => {
    expect(find(text)).toBeNull();
  });

  it('hands over the YAML between the fences', () => {
    expect(find('---\ntitle: x\ntags: [a]\n---\nbody')?.yaml).toBe('title: x\ntags: [a]\n');
  });
});

describe('readFrontmatter', () => {
  it('reads title, tags, aliases and keeps the rest as metadata', () => {
    const fields = readFrontmatter(
      'title: T\ntags: [a, "#b", 3]\naliases: [x, y]\nauthor: me\nn: 2\n',
    );
    expect(fields).toEqual({
      title: 'T',
      tags: ['a', 'b', '3'],
      aliases: ['x', 'y'],
      metadata: { author: 'me', n: 2 },
      warnings: [],
    });
  });

  it.each([
    ['a comma separated string', 'tags: a, b,c', ['a', 'b', 'c']],
    ['a space separated string', 'tags: "#a b  #c"', ['a', 'b', 'c']],
    ['a block list', 'tags:\n  - one\n  - two/three', ['one', 'two/three']],
    ['a nested list ([[x]] in YAML)', 'tags: [[x]]', ['x']],
    ['nothing', 'tags:', []],
  ])('reads tags from %s', (_name, yaml, tags) => {
    expect(readFrontmatter(yaml).tags).toEqual(tags);
  });

  it('reads one alias from a string and keeps scalars as text', () => {
    expect(readFrontmatter('aliases: My Note, Other').aliases).toEqual(['My Note, Other']);
    expect(readFrontmatter('title: 1984').title).toBe('1984');
    expect(readFrontmatter('date: 2024-01-02').metadata).toEqual({ date: '2024-01-02' });
  });

  it.each([
    ['an unclosed quote', 'title: "open\n'],
    ['an unclosed bracket', 'tags: [a, b\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['tab indentation', 'a:\n\t- b\n'],
    ['key: value: another', 'a: b: c\n'],
  ])('turns %s into a warning and no fields', (_name, yaml) => {
    const fields = readFrontmatter(yaml);
    expect(fields).toMatchObject({ title: null, tags: [], aliases: [], metadata: {} });
    expect(fields.warnings).toHaveLength(1);
    expect(fields.warnings[0]).toMatch(
      /^frontmatter is not valid YAML \(line \d+\): .+; its fields are ignored$/,
    );
  });

  it('refuses alias bombs instead of expanding them', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (const [name, previous] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
    ]) {
      bomb.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(',')}]`);
    }
    const fields = readFrontmatter(bomb.join('\n'));
    expect(fields.metadata).toEqual({});
    expect(fields.warnings).toHaveLength(1);
  });

  it('keeps small aliases', () => {
    expect(readFrontmatter('x: &v [1, 2]\ny: *v\n').metadata).toEqual({ x: [1, 2], y: [1, 2] });
  });

  it('warns about a frontmatter that is not a mapping, and about a title that is not text', () => {
    expect(readFrontmatter('- a\n- b\n').warnings).toEqual([
      'frontmatter is not a "key: value" mapping; its fields are ignored',
    ]);
    expect(readFrontmatter('title: [a, b]\n')).toMatchObject({
      title: null,
      warnings: ['frontmatter "title" is not text; it is ignored'],
    });
  });
});
