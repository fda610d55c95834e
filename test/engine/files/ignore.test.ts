import { describe, expect, it } from 'vitest';
import { compileIgnoreGlobs, isIgnored } from '../../../src-main/engine/files/ignore.ts';

describe('isIgnored', () => {
  it.each([
    ['.git/config.md', true],
    ['.obsidian/workspace.md', true],
    ['notes/.trash/old.md', true],
    ['.hidden-note.md', true],
    ['node_modules/pkg/readme.md', true],
    ['a/node_modules/b.md', true],
    ['notes/a.md', false],
    ['notes/node_modules_guide.md', false],
    ['dots.in.name.md', false],
  ])('default rules: %s → %s', (path, ignored) => {
    expect(isIgnored(path)).toBe(ignored);
  });

  it('matches a glob without a slash against every segment, like .gitignore', () => {
    expect(isIgnored('drafts/idea.md', ['drafts'])).toBe(true);
    expect(isIgnored('a/b/drafts/idea.md', ['drafts'])).toBe(true);
    expect(isIgnored('a/b/x.tmp.md', ['*.tmp.md'])).toBe(true);
    expect(isIgnored('a/drafts-2/idea.md', ['drafts'])).toBe(false);
  });

  it('matches a glob with a slash against the path from the vault root', () => {
    expect(isIgnored('archive/2020/a.md', ['archive/**'])).toBe(true);
    expect(isIgnored('notes/archive/a.md', ['archive/**'])).toBe(false);
    expect(isIgnored('notes/private/a.md', ['notes/private'])).toBe(true);
    expect(isIgnored('notes/private-ish/a.md', ['notes/private'])).toBe(false);
    expect(isIgnored('notes/x/secret.md', ['notes/*/secret.md'])).toBe(true);
  });

  it('refuses a glob whose matching could take minutes, naming it, and keeps the usual ones', () => {
    // Each took seconds to minutes on one long file name (docs/decisions.md#files-and-chunking).
    for (const glob of ['*a*a*a*a*a*a*a*a*a*a*b', '*a*b*c*', '*a*/*b*/*c*', '+(a*)b', '*(x)']) {
      expect(() => compileIgnoreGlobs(['drafts', glob])).toThrow(
        new RegExp(
          `^ignore glob "${glob.replace(/[*+()]/g, '\\$&')}" .*could take minutes to match`,
        ),
      );
    }
    expect(() => compileIgnoreGlobs(['(a|b)'.repeat(13)])).toThrow('more than 12 groups');
    const usual = ['*draft*', '*-*-*.md', '*a*/*b*', 'archive/**/*.md', '**/tmp/**', '@(x|y)*.md'];
    expect(() => compileIgnoreGlobs(usual)).not.toThrow();
    expect(isIgnored('a/b-c-d.md', usual)).toBe(true);
    expect(isIgnored(`notes/${'a'.repeat(250)}.md`, usual)).toBe(false);
  });

  it('names an empty glob', () => {
    expect(() => compileIgnoreGlobs(['ok', '  '])).toThrow('ignore glob "  " is empty');
  });
});
