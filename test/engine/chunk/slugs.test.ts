// Slugs are github-slugger's (docs/design.md#ids-and-slugs): one slugger per document fed every
// heading title in order, kept or discarded; a title whose slug is empty becomes `heading`, then
// deduplicated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../../src-main/engine/chunk/chunk-document.ts';
import { headingSlugs } from '../../../src-main/engine/chunk/chunk-tree.ts';
import { decodeSource } from '../../../src-main/engine/chunk/source-text.ts';
import { corpusDir } from '../../support/corpora.ts';

const corpus = corpusDir('adversarial');
const slugsOf = (titles: string[]) => headingSlugs(titles.map((title) => ({ title })));

/** What github-slugger itself answers for the same titles, in order. */
function github(titles: string[]): string[] {
  const slugger = new GithubSlugger();
  return titles.map((title) => slugger.slug(title));
}

describe('heading slugs', () => {
  it('are GitHub anchors of every heading of duplicate-headings.md, in order', () => {
    const source = decodeSource(readFileSync(join(corpus, 'duplicate-headings.md')));
    const { facts } = readMarkdown(source);
    const slugs = headingSlugs(facts.headings);
    expect(slugs).toEqual([
      'notes',
      'setup',
      'setup-1',
      'setup-2',
      'setup-1-1',
      'setup-3',
      'setup-4',
      'faq',
      'faq-1',
      'examples',
      'examples-1',
    ]);
  });

  it.each([
    ['duplicates', ['Setup', 'Setup', 'Setup 1', 'setup', 'SETUP!']],
    [
      'Unicode',
      ['日本語の見出し', 'Café', 'Cafe\u0301', 'Ünïcödé', 'Ελληνικά', 'Кириллица', 'עברית'],
    ],
    ['punctuation inside words', ['C++ / C#', 'a.b.c', "don't", 'x -- y', '  spaced  out  ']],
    ['code and symbols', ['`code` sample', 'std::vector<T>', '$HOME', '50%']],
  ])('match github-slugger for %s', (_name, titles) => {
    expect(slugsOf(titles)).toEqual(github(titles));
  });

  it('slug emoji-only and punctuation-only titles as "heading", deduplicated', () => {
    const titles = ['🚀🔥', '!!!', '', '🔥', 'Heading', '—'];
    expect(github(titles).slice(0, 4)).toEqual(['', '-1', '-2', '-3']);
    expect(slugsOf(titles)).toEqual([
      'heading',
      'heading-1',
      'heading-2',
      'heading-3',
      'heading-4',
      'heading-5',
    ]);
  });

  it('count discarded headings too', () => {
    const source = decodeSource(new TextEncoder().encode('# A\n## B\n## B\n\ntext\n'));
    const { facts } = readMarkdown(source);
    expect(headingSlugs(facts.headings)).toEqual(['a', 'b', 'b-1']);
  });
});
