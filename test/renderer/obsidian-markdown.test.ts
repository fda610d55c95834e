import type { Element, Root, RootContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src-renderer/src/lib/markdown.ts';
import { stripComments } from '../../src-renderer/src/lib/obsidian-markdown.ts';
import {
  MAX_NESTING,
  containerDepth,
  renderPreview,
  treeDepth,
} from '../../src-renderer/src/lib/preview-render.ts';
import { parseWikiTarget } from '../../src-renderer/src/lib/wikilink-syntax.ts';
import { elements } from './hast-nodes.ts';

const text = (node: RootContent): string =>
  node.type === 'text'
    ? node.value
    : node.type === 'element'
      ? node.children.map(text).join('')
      : '';
const classed = (tree: Root, name: string) =>
  elements(tree).filter((e) => ((e.properties.className as string[]) ?? []).includes(name));

describe('wikilinks and embeds', () => {
  it('parses note, heading, block and alias', () => {
    expect(parseWikiTarget('Note#A#B|shown')).toEqual({
      note: 'Note',
      heading: 'B',
      block: null,
      label: 'shown',
    });
    expect(parseWikiTarget('#Intro')).toMatchObject({ note: '', heading: 'Intro', label: 'Intro' });
    expect(parseWikiTarget('Note#^abc')).toMatchObject({
      note: 'Note',
      heading: null,
      block: 'abc',
    });
    expect(parseWikiTarget('folder/Note#Part').label).toBe('folder/Note › Part');
  });

  it("reads a table cell's escaped bar and Dendron's label first, as the index does", () => {
    // docs/links.md#what-is-a-link, docs/links.md#dendron
    expect(parseWikiTarget('Note#Part\\|shown')).toMatchObject({
      note: 'Note',
      heading: 'Part',
      label: 'shown',
    });
    expect(parseWikiTarget('Graph View|dendron://site/dendron.topic.graph#show')).toEqual({
      note: 'dendron.topic.graph',
      heading: 'show',
      block: null,
      label: 'Graph View',
    });
    expect(parseWikiTarget('dendron://site/dendron.topic.links')).toMatchObject({
      note: 'dendron.topic.links',
      label: 'dendron.topic.links',
    });
    expect(parseWikiTarget('make-md|make.md')).toMatchObject({ note: 'make-md', label: 'make.md' });
  });

  it('renders links with their target, embeds closed, image embeds as images', () => {
    const tree = renderMarkdown(
      'See [[my_file_name]] and [[Note#Part|alias]].\n\n![[Other#Sec]] ![[pic.png]]\n',
    );
    const links = classed(tree, 'wikilink');
    expect(links.map((a) => [a.properties.dataWiki, text(a)])).toEqual([
      ['my_file_name', 'my_file_name'],
      ['Note#Part|alias', 'alias'],
    ]);
    expect(elements(tree).some((e) => e.tagName === 'em')).toBe(false);
    const [embed] = classed(tree, 'embed');
    expect(embed!.tagName).toBe('details');
    expect(embed!.properties.open).toBeUndefined();
    expect(text(embed!)).toBe('Other › Sec');
    expect(elements(tree).find((e) => e.tagName === 'img')?.properties.src).toBe('pic.png');
  });

  it('leaves [[ in code and unclosed brackets as text', () => {
    const tree = renderMarkdown('`[[code]]` and [[unclosed\n\n```\n[[fenced]]\n```\n');
    expect(classed(tree, 'wikilink')).toHaveLength(0);
    expect(tree.children.map(text).join('')).toContain('[[unclosed');
  });
});

describe('callouts, highlights, tags, comments, math', () => {
  it('renders a callout with its type, title and fold state', () => {
    const tree = renderMarkdown(
      '> [!todo]- Fold **me**\n> body\n\n> [!tip]+\n> open\n\n> [!note]\n> plain\n',
    );
    const callouts = classed(tree, 'callout');
    expect(
      callouts.map((c) => [
        c.tagName,
        (c.properties.className as string[])[1],
        c.properties.open ?? false,
      ]),
    ).toEqual([
      ['details', 'callout-todo', false],
      ['details', 'callout-tip', true],
      ['div', 'callout-note', false],
    ]);
    expect(classed(tree, 'callout-title').map(text)).toEqual(['Fold me', 'Tip', 'Note']);
    expect(text(callouts[0]!)).toContain('body');
    expect(text(callouts[0]!)).not.toContain('[!todo]');
  });

  it('marks ==highlights== and #tags, not #1 or a heading', () => {
    const tree = renderMarkdown('# Title\n\nSome ==bright words== with #tag/sub and #1 and a#b.\n');
    expect(classed(tree, 'highlight').map(text)).toEqual(['bright words']);
    expect(classed(tree, 'tag').map(text)).toEqual(['#tag/sub']);
  });

  it("hides block ids ending a line, not a heading's, a mid-line caret, or one in code", () => {
    const source =
      '# Title ^kept\n\nA paragraph. ^para-1\nNext line ^line2\n\n- an item ^item\n\n' +
      'x^2 and 2 ^3 more, `^code`\n\n^alone\n';
    const at = source.indexOf('Next');
    const tree = renderMarkdown(source, [[at, at + 4]]);
    const shown = tree.children.map(text).join('');
    expect(shown).not.toMatch(/\^(para-1|line2|item|alone)/);
    expect(shown).toContain('Title ^kept');
    expect(shown).toContain('x^2 and 2 ^3 more, ^code');
    expect(shown).toContain('A paragraph.\nNext line');
    expect(
      elements(tree)
        .filter((e) => e.tagName === 'mark')
        .map(text),
    ).toEqual(['Next']);
  });

  it('hides %%comments%%, across lines too, and keeps highlight ranges on their words', () => {
    const source = 'a %%hidden%% b %%two\nlines%% word\n\n```\n%%kept in code%%\n```\n';
    const at = source.indexOf('word');
    const { text: shown, ranges } = stripComments(source, [
      [at, at + 4],
      [5, 8],
    ]);
    expect(shown).toBe('a  b  word\n\n```\n%%kept in code%%\n```\n');
    expect(ranges).toEqual([[shown.indexOf('word'), shown.indexOf('word') + 4]]);
    const tree = renderMarkdown(source, [[at, at + 4]]);
    expect(tree.children.map(text).join('')).not.toContain('hidden');
    expect(
      elements(tree)
        .filter((e) => e.tagName === 'mark')
        .map(text),
    ).toEqual(['word']);
    expect(stripComments('a %%unclosed\nrest', []).text).toBe('a ');
  });

  it("shows slide syntax as Obsidian's reading view does (docs/design.md#snippets)", () => {
    // Advanced Slides' and Marp's directives are HTML comments: hidden. obsidian-hub's Pandoc
    // slides (`An Introduction to Dataview Slides`): a slide break is a rule; a pause, a fenced
    // div and attributes Obsidian knows nothing of are text there, and here.
    const source =
      '<!-- .slide: data-background="#f00" -->\n<!-- _class: lead -->\n# Overview\n\n---\n\n' +
      'Intro\n\n. . .\n\n::: incremental\n\n- List\n\n:::\n\n![|Edit](https://x.io/a.png){ height=400px }\n';
    const tree = renderMarkdown(source);
    expect(elements(tree).map((e) => e.tagName)).toEqual([
      'h1',
      'hr',
      'p',
      'p',
      'p',
      'ul',
      'li',
      'p',
      'p',
      'img',
    ]);
    expect(tree.children.map(text).join('')).toBe(
      'Overview\n\nIntro\n. . .\n::: incremental\n\nList\n\n:::\n{ height=400px }',
    );
  });

  it('shows a footnote reference whose definition is in another section as its label, raised', () => {
    // obsidian-hub's theme notes: `## Plugin Compatibility[^1]`, the definition at the note's end.
    const tree = renderMarkdown('## Plugin Compatibility[^1]\n\nCore plugins[^note] and `[^2]`.\n');
    const sup = elements(tree).filter((e) => e.tagName === 'sup');
    expect(sup.map(text)).toEqual(['1', 'note']);
    expect(tree.children.map(text).join('')).toBe(
      'Plugin Compatibility1\nCore pluginsnote and [^2].',
    );
  });

  it("keeps inline HTML's line breaks and text-level elements, without attributes", () => {
    // msdocs-cpp: `Constructors<sup>C++20</sup>`, `*expression-list*<sub>opt</sub>`, `*nIndex*<br/>`.
    const source =
      '[Constructors](#c)<sup>C++20</sup>, *list*<sub>opt</sub>, <kbd>Ctrl</kbd>+<kbd>C</kbd>\n\n' +
      '*nIndex*<br/>\nThe index.\n\nx<sup onclick="alert(1)">2</sup> <sup>unclosed <span>s</span>\n';
    const at = source.indexOf('C++20');
    const tree = renderMarkdown(source, [[at, at + 5]]);
    const tags = (name: string) => elements(tree).filter((e) => e.tagName === name);
    expect(tags('sup').map(text)).toEqual(['C++20', '2']);
    expect(tags('sub').map(text)).toEqual(['opt']);
    expect(tags('kbd').map(text)).toEqual(['Ctrl', 'C']);
    expect(tags('br')).toHaveLength(1);
    expect(tags('mark').map(text)).toEqual(['C++20']);
    expect(tags('span')).toHaveLength(0);
    for (const element of elements(tree)) expect(element.properties).not.toHaveProperty('onClick');
    expect(tree.children.map(text).join('')).toContain('x2 unclosed s');
  });

  it('shows a block of HTML as its text, never its markup, scripts or styles', () => {
    // msdocs-cpp: `<!--conformance note-->In Visual Studio 2015…` is one HTML block to its line's
    // end, and its text was lost; obsidian-hub's `<p class="u-center-text">` vote buttons, its
    // HTML tables, `<center>` in the Dataview slides.
    const source =
      '<!--conformance note-->In Visual Studio 2015, an &quot;aggregate&quot; C:\\x\n\n' +
      '<p class="u-center-text">\n\t<button class="mod-cta"><a href="https://x.io">Vote</a></button>\n</p>\n\n' +
      '<table><tr><th> Highlight</th><td>on</td></tr></table>\n\n' +
      '<center>`where {condition}`</center>\n\n<style>\np { color: red }\n</style>\n\n' +
      '<script>alert(1)</script>\n\n<div onclick="x()">\n\n<!-- .slide: x -->\n\n> <details><summary>Sum</summary>\n';
    const at = source.indexOf('Vote');
    const tree = renderMarkdown(source, [[at, at + 4]]);
    expect(elements(tree).map((e) => e.tagName)).toEqual([
      'p',
      'p',
      'mark',
      'p',
      'p',
      'blockquote',
      'p',
    ]);
    expect(
      elements(tree)
        .filter((e) => e.tagName === 'p')
        .map(text),
    ).toEqual([
      'In Visual Studio 2015, an "aggregate" C:\\x',
      'Vote',
      'Highlight on',
      '`where {condition}`',
      'Sum',
    ]);
    expect(tree.children.map(text).join('')).not.toMatch(/alert|color|slide/);
  });

  it('shows math as source and Mermaid as code', () => {
    const tree = renderMarkdown('Inline $a*b*c$.\n\n```mermaid\ngraph TD\n```\n');
    const codes = elements(tree)
      .filter((e) => e.tagName === 'code')
      .map(text);
    expect(codes).toEqual(['a*b*c', 'graph TD\n']);
    expect(elements(tree).some((e) => e.tagName === 'em')).toBe(false);
  });

  it('lets no attribute or class through that the sanitiser was not told of', () => {
    const tree = renderMarkdown('> [!x" onclick="alert(1)] t\n> b\n\n[[a" onmouseover="x]]\n');
    for (const element of elements(tree))
      expect(Object.keys(element.properties).some((k) => /^on/i.test(k))).toBe(false);
  });
});

describe('bounded rendering (deep nesting)', () => {
  it.each([
    ['10,000 nested quotes', '>'.repeat(10_000) + ' x\n'],
    ['10,000 nested list items', '- '.repeat(10_000) + 'x\n'],
    [
      'indented nested lists',
      Array.from({ length: 200 }, (_, i) => '  '.repeat(i) + '- x').join('\n'),
    ],
  ])('%s fall back to plain text at once, saying why', (_name, source) => {
    const started = performance.now();
    const render = renderPreview(source, []);
    expect(render.kind).toBe('plain');
    expect(render.kind === 'plain' && render.reason).toMatch(/nest \d+ levels deep/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('renders ordinary nesting', () => {
    expect(containerDepth('> a\n> > b\n- x\n  - y\n    - z\n')).toBe(3);
    expect(renderPreview('> > > quote\n\n- a\n  - b\n', []).kind).toBe('tree');
    expect(containerDepth('-'.repeat(50) + '\n**bold**\n')).toBe(0);
    expect(containerDepth('> '.repeat(MAX_NESTING) + 'x')).toBe(MAX_NESTING);
  });

  it('sends a tree without source positions (the view reads none)', () => {
    const render = renderPreview('# Title\n\nSome *text* with [[a link]] and a ==mark==.\n', [
      [10, 14],
    ]);
    expect(render.kind).toBe('tree');
    const positioned: string[] = [];
    const visit = (node: Root | RootContent) => {
      if (node.position) positioned.push(node.type);
      if ('children' in node) node.children.forEach(visit);
    };
    if (render.kind === 'tree') visit(render.tree);
    expect(positioned).toEqual([]);
  });

  it('measures tree depth without recursion', () => {
    let node: Root | Element = { type: 'root', children: [] };
    const root = node as Root;
    for (let i = 0; i < 100_000; i++) {
      const child: Element = { type: 'element', tagName: 'em', properties: {}, children: [] };
      node.children.push(child);
      node = child;
    }
    expect(treeDepth(root)).toBe(100_001);
  });
});
