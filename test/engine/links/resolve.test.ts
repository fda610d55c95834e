// The resolver alone (docs/links.md#resolution): which file a link path names, seen from a source
// note, and which heading or block a subpath names. The file cases follow what Obsidian 1.13.7
// was observed to do with `getFirstLinkpathDest` (docs/links.md cites the observations).
import { describe, expect, it } from 'vitest';
import { parseLinkText } from '../../../src-main/engine/links/link-text.ts';
import {
  headingKey,
  nameKey,
  pickFile,
  pickSubpath,
  type HeadingCandidate,
} from '../../../src-main/engine/links/resolve.ts';

/** Picks among every file of `vault` whose name matches, as the store does. */
function pick(vault: string[], link: string, source: string): string | null {
  const files = vault.map((path, id) => ({ id, path }));
  const candidates = files.filter((file) => nameKey(file.path) === nameKey(link));
  return pickFile(link, source, candidates)?.path ?? null;
}

describe('pickFile', () => {
  const three = ['Note.md', 'zzzz/Note.md', 'a/b/Note.md'];
  const noRoot = ['zzzz/Note.md', 'a/b/Note.md'];
  const more = ['zzzz/Note.md', 'a/b/Note.md', 'b/Note.md', 'aaaaaaaa/Note.md'];
  const cases: Array<[string, string[], string, string, string | null]> = [
    ['an exact vault path wins from anywhere', three, 'Note', 'a/b/src.md', 'Note.md'],
    ['.md is optional, any case', three, 'NOTE.MD', 'x.md', 'Note.md'],
    ['a folder path from the vault root', three, 'zzzz/Note', 'a/b/src.md', 'zzzz/Note.md'],
    ['a leading slash is the vault root', three, '/a/b/Note.md', 'zzzz/src.md', 'a/b/Note.md'],
    ['otherwise the source folder wins', noRoot, 'Note', 'zzzz/src.md', 'zzzz/Note.md'],
    ['…but an ancestor folder counts for nothing', more, 'Note', 'zzzz/deep/s.md', 'b/Note.md'],
    ['otherwise the shortest path string', noRoot, 'Note', 'src.md', 'a/b/Note.md'],
    ['a path suffix matches', noRoot, 'b/Note', 'src.md', 'a/b/Note.md'],
    ['an exact path beats the own-folder suffix', more, 'b/Note', 'a/b/s.md', 'b/Note.md'],
    ['a relative path', ['a/Sib.md', 'Sib.md'], '../Sib', 'a/b/s.md', 'a/Sib.md'],
    ['./ is the source folder', ['a/b/Loc.md', 'Loc.md'], './Loc', 'a/b/s.md', 'a/b/Loc.md'],
    ['a relative path names only that file', ['Sib.md'], '../x/Sib', 'a/b/s.md', null],
    ['climbing above the root names nothing', ['Sib.md'], '../../Sib', 'a/s.md', null],
    ['a path that is no suffix', noRoot, 'c/Note', 'src.md', null],
    ['other extensions are part of the name', ['t.txt', 't.md'], 't.txt', 's.md', 't.txt'],
    ['equal lengths: the first by name', ['bb/Tie.md', 'aa/Tie.md'], 'Tie', 's.md', 'aa/Tie.md'],
    ['NFD and NFC names match', ['Cafe\u0301.md'], 'Café', 's.md', 'Cafe\u0301.md'],
    ['exact case wins a case-only tie', ['note.md', 'Note.md'], 'Note', 's.md', 'Note.md'],
  ];
  it.each(cases)('%s', (_, vault, link, source, expected) => {
    expect(pick(vault, link, source)).toBe(expected);
  });
});

describe('parseLinkText', () => {
  const cases: Array<[string, boolean, string, string]> = [
    ['Note', false, 'Note', ''],
    ['Note#Heading|shown', false, 'Note', 'Heading'],
    ['Note#A#B', false, 'Note', 'A#B'],
    ['Note#^block', false, 'Note', '^block'],
    ['#Heading', false, '', 'Heading'],
    ['Note\\|shown', false, 'Note', ''],
    [' Spaced ', false, 'Spaced', ''],
    ['My%20Note.md#Part%20one', true, 'My Note.md', 'Part one'],
    ['a%23b.md', true, 'a', 'b.md'],
    ['bad%zzname.md', true, 'bad%zzname.md', ''],
    ['a\\(1\\).md', true, 'a(1).md', ''],
    // Dendron (docs/links.md#dendron): the label first, the note after a cross-vault prefix.
    ['dendron://site/dendron.topic.links', false, 'dendron.topic.links', ''],
    ['Graph|dendron://site/dendron.topic.graph#show', false, 'dendron.topic.graph', 'show'],
    ['#feedback|dendron://site/discord#feedback', false, 'discord', 'feedback'],
    ['docs\\|dendron://dendron.site/a.b', false, 'a.b', ''],
    ['docs|dendron.topic.lookup', false, 'docs', ''], // Obsidian's reading: no prefix, no guess
    ['make-md|make.md', false, 'make-md', ''],
    ['dendron://site/x.md', true, 'dendron://site/x.md', ''], // a Markdown link: a URL
  ];
  it.each(cases)('%s (markdown: %s)', (target, markdown, path, subpath) => {
    expect(parseLinkText(target, markdown)).toEqual({ path, subpath });
  });
});

describe('headingKey', () => {
  it('is Obsidian stripHeading, folded', () => {
    expect(headingKey('foo!"#$%&()*+,.:;<=>?@^`{|}~/[]\\\r\nbar')).toBe('foo bar');
    expect(headingKey("What's new? (2024)")).toBe("what's new 2024");
    expect(headingKey('C++ & Rust: a comparison')).toBe('c rust a comparison');
    expect(headingKey('  snake_case-and-dashes  ')).toBe('snake_case-and-dashes');
  });
});

describe('pickSubpath', () => {
  const headings: HeadingCandidate[] = [
    { node: 1, depth: 1, title: 'Guide', slug: 'guide' },
    { node: 2, depth: 2, title: "What's new? (2024)", slug: 'whats-new-2024' },
    { node: 3, depth: 2, title: 'Setup', slug: 'setup' },
    { node: 4, depth: 3, title: 'Linux', slug: 'linux' },
    { node: 5, depth: 2, title: 'Other', slug: 'other' },
    { node: 6, depth: 3, title: 'Linux', slug: 'linux-1' },
  ];
  const blocks = new Map([['para-1', 9]]);
  const cases: Array<[string, number | null]> = [
    ['Setup', 3],
    ['setup', 3],
    ["What's new 2024", 2],
    ["What's new? (2024)", 2],
    ['Linux', 4],
    ['Other#Linux', 6],
    ['Guide#Setup#Linux', 4],
    ['Setup#Other', null],
    ['whats-new-2024', 2],
    ['linux-1', 6],
    ['Nowhere', null],
    ['^para-1', 9],
    ['^PARA-1', 9],
    ['^missing', null],
    ['#', null],
    // A Dendron range (`start,1:#end`, `start:#*`) by its start, when nothing else matches.
    ['setup,1', 3],
    ['setup,1:#*', 3],
    ['Setup:#other', 3],
    ['linux-1,1:', 6],
    ['^para-1:#^other', 9],
    ['nowhere,1:#*', null],
  ];
  it.each(cases)('%s → %s', (subpath, node) => {
    expect(pickSubpath(subpath, headings, blocks)).toBe(node);
  });
});
