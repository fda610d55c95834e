// Snippet text as a reader sees it: Markdown and HTML syntax dropped, the text of links kept,
// match ranges moved with the text they mark (docs/design.md#snippets).
import { describe, expect, it } from 'vitest';
import {
  fenceOpenAt,
  readableText,
  tableLineAt,
} from '../../../src-main/engine/search/readable-text.ts';
import { buildSnippet } from '../../../src-main/engine/search/snippet.ts';

/** `text` with each word of `marked` (its first occurrence) as a match, made readable. */
function readable(text: string, marked: string[] = [], fenced = false) {
  const matches = marked
    .map((word): [number, number] => [text.indexOf(word), text.indexOf(word) + word.length])
    .sort((a, b) => a[0] - b[0]);
  const view = readableText(text, matches, fenced);
  return { text: view.text, marked: view.matches.map(([s, e]) => view.text.slice(s, e)) };
}

describe('readableText', () => {
  it.each([
    ['## Heading here', 'Heading here'],
    ['> [!todo]- Do the thing', 'Do the thing'],
    ['> > nested quote', 'nested quote'],
    ['- [ ] a task\n- [x] done\n1. first', 'a task\n· done\n· first'],
    [
      'Some **bold**, __strong__, *em*, _em_, ~~gone~~ and ==marked== text',
      'Some bold, strong, em, em, gone and marked text',
    ],
    ['a [link](https://example.com/a_(b)) here', 'a link here'],
    ['an ![image](pic.png) here', 'an image here'],
    ['see [text][ref] then', 'see text then'],
    ['[ref]: https://example.com\nnext line', '\nnext line'],
    ['[[Attachments|attachments]] and [[Note]]', 'attachments and Note'],
    // Dendron (docs/links.md#dendron): the label first, the note after its vault.
    ['[[Graph View|dendron://site/dendron.topic.graph]] and [[docs|x.y]]', 'Graph View and x.y'],
    [
      '[[dendron://site/dendron.topic.links#summary]] or [[#feedback|dendron://s/d#feedback]]',
      'dendron.topic.links › summary or feedback',
    ],
    // A note reference's range is an address: its start anchor shows.
    [
      '![[dendron.topic.workspace#summary,1:#*]] ![[dendron://x/a.b#usage,1]] [[a#start:#end]] [[a#x:y]]',
      'dendron.topic.workspace › summary a.b › usage a › start a › x:y',
    ],
    [
      '![[Note#Section one]] and [[#Local]] and [[Note#^block]]',
      'Note › Section one and Local and Note',
    ],
    ['<a id="anchor"></a>Text <br/> more <span class="x">in span</span>', 'Text  more in span'],
    ['visible <!-- hidden comment --> and %%obsidian comment%% end', 'visible  and  end'],
    ['| a | b |\n| --- | --- |\n| 1 | 2 |', 'a · b;\n\n1 · 2'],
    ['<Listing number="9-4" caption="Using `match`">\ncode\n</Listing>', '\ncode\n'],
    [
      '> More information: <https://git-scm.com/docs/git-archive>.',
      'More information: https://git-scm.com/docs/git-archive.',
    ],
    [
      'mail <tldr.pages+x@example.co.uk> or <irc://irc.libera.chat/tldr>',
      'mail tldr.pages+x@example.co.uk or irc://irc.libera.chat/tldr',
    ],
    [
      '[<button id=HH>Open in Obsidian</button>](obsidian://x) and [`time_zone`](tz.md)',
      'Open in Obsidian and time_zone',
    ],
    ['[![GitHub stars](https://img.shields.io/x)](https://github.com/y) text', 'GitHub stars text'],
    [
      '| [`/Gm[-]`](gm-enable-minimal-rebuild.md) | [operator\\[\\]](#operator_at) |',
      '/Gm[-] · operator[]',
    ],
    ['[!INCLUDE[lifecycle](../includes/lifecycle-note.md)]\n\nThis class', '\n\nThis class'],
    ['Shown: [!code-cpp[NVC_MFC#7](../codesnippet/cpp/x_1.cpp)] Remarks', 'Shown:  Remarks'],
    [
      '::: Introduction {data-background-iframe="https://x.io"}\nMetadata\n:::\n' +
        '::: moniker range=">=msvc-160"\nThe wizard\n::: moniker-end\n:::image type="content" ' +
        'source="m/x.png" alt-text="Shot":::',
      '\nMetadata\n\n\nThe wizard\n\n',
    ],
  ])('%j reads %j', (source, shown) => {
    expect(readable(source).text).toBe(shown);
  });

  it("drops footnote markers and keeps a footnote definition's text", () => {
    // The reading view shows a reference as a number and the definitions' text at the note's end.
    expect(
      readable('text,[^1] more[^note][^2].\n\n[^1]: Also a [[linter|Linter]].\n[^note]: Two', [
        'Linter',
      ]),
    ).toEqual({ text: 'text, more.\n\nAlso a Linter.\nTwo', marked: ['Linter'] });
    // Not a footnote: a regular expression's class, in code or not, or a link's text.
    expect(readable('`[^abc]` and [^@] and [^x](y)').text).toBe('[^abc] and [^@] and ^x');
  });

  it('reads HTML as a browser spaces it and character references as their characters', () => {
    // msdocs-cpp: `Constructors<sup>C++20</sup>` read `ConstructorsC++20`.
    expect(
      readable('Constructors<sup>C++20</sup> · `<latch>`<sup>20</sup>, *list*<sub>opt</sub>').text,
    ).toBe('Constructors C++20 · <latch> 20, list opt');
    expect(
      readable('one<br>two<br/>\nthree<p>four</p>five <kbd>Ctrl</kbd>+<kbd>C</kbd>').text,
    ).toBe('one two ·\nthree four five Ctrl+C');
    // msdocs-cpp's grammars indent with `&emsp;` and its tables write a pipe `&vert;`.
    expect(
      readable('one of &emsp;auto, &vert; &#124; &lt;T&gt; &amp;&amp; `&lt;` &foo;').text,
    ).toBe('one of \u2003auto, | | <T> && &lt; &foo;');
    expect(readable('[&lt;vector&gt;](vector.md) &nbsp;x', ['vector'])).toEqual({
      text: '<vector> \u00a0x',
      marked: ['vector'],
    });
  });

  it('sets list items apart: a list of links read as one run of words', () => {
    // msdocs-cpp's "See also": `<ranges> single range adaptor empty_view View classes`.
    expect(readable('See also:\n- [a](a.md)\n- [b](b.md)\n  more b\n\n- c\n\nPara\n- d').text).toBe(
      'See also:\na\n· b\n  more b\n\n· c\n\nPara\nd',
    );
    expect(readable('1. one\n2) two\n```\n- code\n- code\n```\n- e\n# H\n- f').text).toBe(
      'one\n· two\n\n- code\n- code\n\ne\nH\nf',
    );
    // A list nested in an item follows its text without one; the items after it have theirs.
    expect(readable('- convert:\n  - from\n  - to\n- next').text).toBe(
      'convert:\nfrom\n· to\n· next',
    );
  });

  it('drops thematic breaks, not dashes in text or a list item', () => {
    expect(readable('para\n\n---\nnext\n* * *\n___\n- item --- x\n-- two').text).toBe(
      'para\n\n\nnext\n\n\nitem --- x\n-- two',
    );
  });

  it('keeps code as written: code spans lose their backticks, fenced code its fences only', () => {
    expect(readable('call `*ptr = **pp` now').text).toBe('call *ptr = **pp now');
    expect(readable('```cpp\nint** p = a * b; // [x](y)\n```\nafter *em*').text).toBe(
      '\nint** p = a * b; // [x](y)\n\nafter em',
    );
    // Text that starts inside fenced code is code until the fence closes.
    expect(readable('x = *a* ** 2\n```\n**bold**', [], true).text).toBe('x = *a* ** 2\n\nbold');
    // The closing fence's backticks open no code span up to the next backtick after it.
    expect(readable('link: [[x]]\n```\n\n| `a` | b **c** | `d` |', [], true).text).toBe(
      'link: [[x]]\n\n\na · b c · d',
    );
  });

  it('drops what the reading view hides at the end of a line: block ids, backslashes', () => {
    // A block id (`^id` after a space, or alone on its line) goes; a heading's `^` is text.
    expect(readable('A paragraph ^abc123\n- an item ^item-2  \n^alone\n## Title ^h').text).toBe(
      'A paragraph \nan item \n\nTitle ^h',
    );
    expect(readable('x^2\nC++/CLI String^\nsee `a ^b`\n```\nc ^d\n```').text).toBe(
      'x^2\nC++/CLI String^\nsee a ^b\n\nc ^d\n',
    );
    // A backslash ending a line breaks it (a line break a reader sees: ` ·`); an escaped one, or
    // one ending a paragraph, is text.
    expect(readable('one\\\ntwo\\\\\nthree\\\n\nfour\\\r\nfive\\').text).toBe(
      'one ·\ntwo\\\nthree\\\n\nfour ·\r\nfive\\',
    );
    expect(readable('a\\\n```\ncmake ..\\\n```').text).toBe('a\n\ncmake ..\\\n');
  });

  it('sets apart the lines a line break a reader sees ends: "See also" lines of links', () => {
    // msdocs-cpp's "See also" ends each link's line with a backslash (7,661 lines), its overview
    // pages with `<br/>`; obsidian-hub's and Dendron's notes put links or embeds one to a line.
    // Each read as one run of words: `…conformance What's new for C++ in Visual Studio C++…`.
    expect(readable('[A](a.md)\\\n[B](b.md)\\\n[C](c.md)').text).toBe('A ·\nB ·\nC');
    expect(readable('[C](c.md)<br/>\n[C++](cpp.md)<br/>\n[Pre](pre.md)').text).toBe(
      'C ·\nC++ ·\nPre',
    );
    expect(readable('See also:\n[[A]]\n![[B#Part]] [[C|see C]]\n\t<https://x.io>').text).toBe(
      'See also:\nA ·\nB › Part see C ·\n\thttps://x.io',
    );
    // obsidian-hub's screenshots, one to a line; an embed's `|300` is its size, shown by no reader.
    expect(readable('![[fork.png|300]]\n\t![[view.png|640x480]] [[Note|300]]').text).toBe(
      'fork.png ·\n\tview.png 300',
    );
    // Two spaces (or more) after a line's text break it too: msdocs-cpp's requirements.
    expect(readable('**Header:** \\<atomic>  \n**Namespace:** std').text).toBe(
      'Header: <atomic> ·\nNamespace: std',
    );
    // No mark where the paragraph ends, a list item (it has its own), a heading or fenced code
    // follows; none on a heading's line, in code, nor between a line of prose and one of links.
    expect(readable('one  \n\ntwo  \n- item\n[[A]]\n# H  \nbody\\\n```\nx  \ny\n```').text).toBe(
      'one  \n\ntwo  \nitem\nA\nH  \nbody\n\nx  \ny\n',
    );
    expect(readable('prose here\n[[A]]\n[[B]] and more').text).toBe('prose here\nA\nB and more');
  });

  it("reads slide syntax as Obsidian's reading view shows it (docs/design.md#snippets)", () => {
    // Advanced Slides' and Marp's directives are comments; Pandoc's slide break is a rule, its
    // fenced divs go, its pause and attributes are text in Obsidian.
    expect(
      readable(
        '<!-- .slide: data-background="#f00" -->\n<!-- _class: lead -->\nIntro\n\n---\n. . .\n' +
          '::: incremental\n- List\n:::\n## {data-background-iframe="https://x.io"}',
      ).text,
    ).toBe('\n\nIntro\n\n\n. . .\n\nList\n\n{data-background-iframe="https://x.io"}');
  });

  it('shows an escaped character without its backslash, in text, not in code', () => {
    expect(readable('1\\) one, \\*not em\\*, \\`no code\\` C:\\Temp\\\\x `a\\*b`').text).toBe(
      '1) one, *not em*, `no code` C:\\Temp\\x a\\*b',
    );
  });

  it('reads emphasis whose text starts with the other marker (`**_s**`, `*_N*`)', () => {
    expect(readable('the **_s** suffix, *_N* is, **__pascal** and *__unnamed0*').text).toBe(
      'the _s suffix, _N is, __pascal and __unnamed0',
    );
  });

  it('reads bold italic (`***x***`, `___x___`) as its text', () => {
    expect(readable('some ***bold italic*** and ___both___ here', ['italic'])).toEqual({
      text: 'some bold italic and both here',
      marked: ['italic'],
    });
  });

  it('leaves alone what only looks like markup', () => {
    for (const text of [
      'std::vector<int> and #include <iostream>',
      'a <b:c d> and <x:y> and <@example.com> and <a@b c>',
      'snake_case_name and a * b * c',
      '#hashtag at line start',
      'price: 3 * 4 = 12',
    ]) {
      expect(readable(text).text).toBe(text);
    }
  });

  it('moves matches with their text; a match in dropped syntax goes', () => {
    expect(readable('## Install **cargo** now', ['Install', 'cargo'])).toEqual({
      text: 'Install cargo now',
      marked: ['Install', 'cargo'],
    });
    expect(readable('see [the docs](https://docs.example/cargo) here', ['docs', 'cargo'])).toEqual({
      text: 'see the docs here',
      marked: ['docs'],
    });
    // An autolink reads as its URL; a match in the URL stays marked on it.
    expect(readable('see <https://git-scm.com/docs/git-archive>.', ['git', 'archive'])).toEqual({
      text: 'see https://git-scm.com/docs/git-archive.',
      marked: ['git', 'archive'],
    });
    // A wikilink whose target and alias both match: the alias shown keeps its mark.
    const source = 'use [[Attachments|attachments]] folder';
    const alias = source.lastIndexOf('attachments');
    const view = readableText(source, [
      [6, 17],
      [alias, alias + 11],
    ]);
    expect(view.text).toBe('use attachments folder');
    expect(view.matches).toEqual([[4, 15]]);
  });

  it('reads a table row as its cells: empty ones left out, escaped pipes and code kept', () => {
    expect(readable('| | x | |\n|y|  | z |\n\nafter').text).toBe('x;\ny · z\n\nafter');
    expect(readable('| a \\| b | `c | d` | e |').text).toBe('a | b · c | d · e');
    expect(readable('  | [[Note\\|alias]] | **bold** | ``a`|`b`` |').text).toBe(
      'alias · bold · a`|`b',
    );
    expect(readable('| only `one tick | here |').text).toBe('only `one tick · here');
    expect(
      readable('| state | current |\n|---|---:|\n| sleep | 0.02 mA |', ['current', 'mA']),
    ).toEqual({
      text: 'state · current;\n\nsleep · 0.02 mA',
      marked: ['current', 'mA'],
    });
    // A pipe that starts no line separates nothing; in fenced code a row is code.
    expect(readable('a | b | c').text).toBe('a | b | c');
    expect(readable('```\n| a | b |\n```').text).toBe('\n| a | b |\n');
  });

  it('reads a table written without its outer pipes as the same table with them', () => {
    const piped = '| pin | state |\n|:-|--:|\n| sleep | 0.02 mA |\n| run | 40 mA |\n\nafter | text';
    const bare = 'pin | state\n:-|--:\nsleep | 0.02 mA\nrun | 40 mA |\n\nafter | text';
    const both = 'pin · state;\n\nsleep · 0.02 mA;\nrun · 40 mA\n\nafter | text';
    expect(readable(piped).text).toBe(both);
    expect(readable(bare, ['state', 'mA'])).toEqual({ text: both, marked: ['state', 'mA'] });
    // `\r\n` ends one line: the rows still follow one another.
    expect(readable('a | b\r\n---|---\r\nc | d\r\n').text).toBe('a · b;\r\n\r\nc · d\r\n');
    // A table ends at another block; a rule under a line with no pipe opens none.
    expect(readable('a | b\n-|-\nc | d\n- list | item').text).toBe('a · b;\n\nc · d\nlist | item');
    expect(readable('words | here\nmore words\n\nplain\n---|---\nx | y').text).toBe(
      'words | here\nmore words\n\nplain\n\nx | y',
    );
    // Text that starts inside a table reads its rows as rows.
    expect(readableText('c | d\ne | f', [], false, 0, true).text).toBe('c · d;\ne · f');
  });

  it('says whether a line belongs to a table', () => {
    const text = 'intro | x\n\nh1 | h2\n--|--\nr1 | a\nr2 | b\n\nr3 | c\n| piped |';
    const at = (line: string) => tableLineAt(text, text.indexOf(line));
    expect(['h1', '--|', 'r1', 'r2', '| piped'].map(at)).toEqual([true, true, true, true, true]);
    expect(['intro', 'r3'].map(at)).toEqual([false, false]);
    expect(tableLineAt(text, text.indexOf('r2'), 3)).toBe(false); // the rule is out of reach
  });

  it('keeps what a reader sees from a point on, never the inside of syntax', () => {
    const from = (text: string, at: string, marked: string[] = []) => {
      const matches = marked.map((w): [number, number] => [
        text.indexOf(w),
        text.indexOf(w) + w.length,
      ]);
      const view = readableText(text, matches, false, text.indexOf(at));
      return { text: view.text, marked: view.matches.map(([s, e]) => view.text.slice(s, e)) };
    };
    expect(from('see <a href="x">link</a> end', 'href', ['link'])).toEqual({
      text: 'link end',
      marked: ['link'],
    });
    expect(from('a [text](https://x.example/path) b', 'path')).toEqual({ text: ' b', marked: [] });
    expect(from('call `some code` now', 'code', ['some'])).toEqual({
      text: 'code now',
      marked: [],
    });
    expect(from('| a | b | c |', ' b', ['b', 'c'])).toEqual({ text: 'b · c', marked: ['b', 'c'] });
    expect(from('plain words', 'words', ['plain', 'words'])).toEqual({
      text: 'words',
      marked: ['words'],
    });
  });

  it('says whether fenced code is open at a point', () => {
    expect(fenceOpenAt('text\n```js\ncode')).toBe(true);
    expect(fenceOpenAt('text\n```js\ncode\n```\nmore')).toBe(false);
    expect(fenceOpenAt('no fences')).toBe(false);
  });
});

describe('buildSnippet shows text, not markup', () => {
  it('drops the syntax around the matches and keeps them marked', () => {
    const text =
      '<a id="setup"></a>\n#### Setting up\n> [!tip]- Remember\n> Put **attachments** in the ' +
      '[[Attachments|attachments folder]] and read [the guide](https://example.com/guide).';
    const start = text.indexOf('**attachments**') + 2;
    const snippet = buildSnippet(text, [[start, start + 11]]);
    const plain = snippet.segments.map((s) => s.text).join('');
    expect(plain).toBe(
      'Setting up Remember Put attachments in the attachments folder and read the guide.',
    );
    expect(snippet.segments.filter((s) => s.match).map((s) => s.text)).toEqual(['attachments']);
    expect(snippet.html).toContain('Put <b>attachments</b> in the attachments folder');
  });

  /** A snippet's text, its matches in `[…]`. */
  const shown = (text: string, words: string[]) => {
    const matches = words
      .map((w): [number, number] => [text.indexOf(w), text.indexOf(w) + w.length])
      .sort((a, b) => a[0] - b[0]);
    return buildSnippet(text, matches)
      .segments.map((s) => (s.match ? `[${s.text}]` : s.text))
      .join('');
  };

  it('reads a table as its cells', () => {
    const text =
      'How much energy a station uses.\n\n## Consumption\n\n| state | current | time |\n' +
      '|---|---:|---:|\n| deep sleep | 0.02 mA | 9 min |\n| measuring | 12 mA | 2 s |\n';
    expect(shown(text, ['energy', 'sleep'])).toBe(
      'How much [energy] a station uses. Consumption state · current · time; deep [sleep] · ' +
        '0.02 mA · 9 min; measuring · 12 mA · 2 s',
    );
  });

  it('reads a table without its outer pipes as its cells, from a window inside it', () => {
    const rows = Array.from({ length: 20 }, (_, i) => [`pin${i}`, `state${i}`, `${i} mA`]);
    const table = (outer: boolean) =>
      'The pins and their currents.\n\n' +
      [['pin', 'state', 'current'], ['---', '---', '---'], ...rows]
        .map((cells) => (outer ? `| ${cells.join(' | ')} |` : cells.join(' | ')))
        .join('\n');
    // The window is chosen on the source, where the pipes take room: it starts a row earlier.
    expect(shown(table(true), ['pin15'])).toMatch(/^…pin14 · state14 · 14 mA; \[pin15\] · /);
    expect(shown(table(false), ['pin15'])).toMatch(
      /^…13 mA; pin14 · state14 · 14 mA; \[pin15\] · state15 · 15 mA; pin16 · [^|]*$/,
    );
  });

  it('reads an autolink as its URL, from a window starting inside it', () => {
    const page =
      '# git archive\n\n> Create an archive of files from a named tree.\n> More information: ' +
      '<https://git-scm.com/docs/git-archive>.\n\n- Create a tar archive from the contents of ' +
      'the current HEAD and print it to `stdout`:\n\n`git archive {{[-v|--verbose]}} HEAD`\n';
    // The window starts at the URL (the first match's line): it shows without its brackets.
    expect(shown(page, ['docs', 'tar'])).toBe(
      '…https://git-scm.com/[docs]/git-archive. Create a [tar] archive from the contents of the ' +
        'current HEAD and print it to stdout: git archive …',
    );
    const long = `${'filler words here and there, '.repeat(12)}More information: <https://git-scm.com/docs/git-archive>. Create a tar archive`;
    expect(shown(long, ['tar'])).not.toContain('<');
  });

  it('says a cut once, after one space', () => {
    const code = `int main() {\n${'    call(1);\n'.repeat(30)}}`;
    const snippet = shown(code, ['main']);
    expect(snippet).toMatch(/^int \[main\]\(\) \{ call\(1\);.* …$/);
    expect(snippet).not.toContain('  ');
  });

  it("never starts inside emphasis nor ends inside a link's code", () => {
    const more = ' and more words after it.'.repeat(8);
    // msdocs-cpp: `**END Microsoft Specific**` read `…Microsoft Specific** See also`.
    expect(
      shown(`Before. **END Microsoft Specific**\n\nSee also Using Assembly Language${more}`, [
        'Assembly',
      ]),
    ).toMatch(/^…Specific See also Using \[Assembly\] Language and/);
    expect(
      shown(`Before it. A *Resource Acquisition Is Initialization* (RAII) ties${more}`, ['RAII']),
    ).toMatch(/^…Is Initialization \(\[RAII\]\) ties and/);
    // A star in a code span is code: `T*` opens nothing.
    expect(
      shown(`Size \`T*\` and then a pointer or not at all here ok RAII${more}`, ['RAII']),
    ).toMatch(/^…or not at all here ok \[RAII\] and/);
    // A window whose source stops inside a link's text holding a pair of brackets (msdocs-cpp's
    // `` [`N4089 … unique_ptr<T[]>`](…) `` read `` [`N4089 … ``).
    for (let n = 6; n < 16; n++) {
      const links = '[w](https://e.com/p) '.repeat(n);
      const text = `Use void_t, ${links}see [\`unique_ptr<T[]>\` in arrays](https://e.com/b) for${more}`;
      expect(shown(text, ['void_t'])).not.toMatch(/`|\[unique|\]\(/);
    }
  });

  it("pairs backticks and stars from the line's start, and reads past an indented break", () => {
    // A window starting over 400 characters into a line, after a code span in emphasis.
    const long = `${'Some words of a long line. '.repeat(14)}see *\`CMakePresets.json\`*, `;
    const text = `${long}${'and then more words here. '.repeat(3)}see [Configure with CMake Presets](presets.md). If you maintain a *\`CMakeSettings.json\`* file${' and more.'.repeat(10)}`;
    expect(shown(text, ['maintain'])).toMatch(
      /…Presets\. If you \[maintain\] a CMakeSettings\.json file and/,
    );
    // msdocs-cpp's keyword lists: `**\`co_return\`** <sup>c</sup>\` then an indented line.
    const keywords =
      Array.from({ length: 30 }, (_, i) => `        **\`kw${i}\`** <sup>c</sup>\\`).join('\n') +
      '\n        **`last`**';
    for (let i = 0; i < 30; i += 3) expect(shown(keywords, [`kw${i}`])).not.toContain('\\');
  });

  it('fills its length with text a reader sees, past a long URL', () => {
    // obsidian-hub's plugin notes: `Links: [GitHub repository](…) or [Open in Obsidian](…)`
    // read `…Links: GitHub …` — a window ending inside the URL backed up to before the link.
    const url = `https://github.com/someone/${'a'.repeat(150)}`;
    const text = `Plugin ID: daily-notes Links: [GitHub repository](${url}) or [Open in Obsidian](obsidian://x) Developed by: someone`;
    expect(shown(text, ['daily'])).toBe(
      'Plugin ID: [daily]-notes Links: GitHub repository or Open in Obsidian Developed by: someone',
    );
  });

  it('never starts or ends inside a tag or a link', () => {
    const filler = 'words of filler text here and there, '.repeat(4);
    const tagged = `${filler}<Listing caption="Using a match to handle a Result">\n\nhandle errors here. ${filler}`;
    expect(shown(tagged, ['errors'])).toMatch(/^…handle \[errors\] here\. words of filler/);
    // The source read for the window (twice its length) stops inside the link.
    const linked = `alpha ${'<br/> '.repeat(48)}[link](https://example.com/${'a'.repeat(200)}) omega`;
    expect(shown(linked, ['alpha'])).toBe('[alpha] link omega');
  });
});

describe('buildSnippet shows what a reader sees first', () => {
  /** A snippet's text, its matches in `[…]`: of the matches of `word` (all of them). */
  const shownAll = (text: string, word: string) => {
    const matches: Array<[number, number]> = [];
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      matches.push([at, at + word.length]);
    }
    return buildSnippet(text, matches)
      .segments.map((s) => (s.match ? `[${s.text}]` : s.text))
      .join('');
  };
  const badges = (name: string) =>
    `![GitHub all releases](https://img.shields.io/github/downloads/x/${name}/total?style=for-the-badge)   \n` +
    `![GitHub manifest version](https://img.shields.io/github/manifest-json/v/x/${name}?style=for-the-badge)   \n` +
    `[![GitHub stars](https://img.shields.io/github/stars/x/${name})](https://github.com/x/${name})\n`;
  const plugin =
    `%% ----- Badges ----- %%\n\n${badges('obsidian-battery')}\n%% ----- Badges ----- %%\n\n` +
    '%% ----- Do not edit this section ----- %%\n\n# Battery Indicator\n\nPlugin ID: `battery`\n' +
    'Links: [GitHub repository](https://github.com/x/obsidian-battery) or ' +
    '[<button id=HH>Open in Obsidian</button>](obsidian://show-plugin?id=battery)\n\n' +
    'Displays the current battery level in the status bar.\n';

  it('says nothing of a section that is only a comment, not "…"', () => {
    const comment = `%% ${'what to write in this section, and how, '.repeat(12)}%%\n`;
    expect(buildSnippet(comment, []).html).toBe('');
    expect(shownAll(comment, 'section')).toBe('');
    expect(buildSnippet(`\n<!-- ${'hidden notes '.repeat(40)}-->\n`, []).html).toBe('');
  });

  it('never starts inside a comment: its closing mark opens no other', () => {
    const moc =
      '\n%% Hub MOCs: Don’t edit below  %%\n' +
      ['Daily', 'Weekly', 'Monthly']
        .map((p) => `-  [[Showcases/Templates/${p} notes/${p} notes|${p} notes]]`)
        .join('\n') +
      '\n%% Hub MOCs: Don’t edit above  %%\n';
    expect(shownAll(moc, 'notes')).toBe('Daily [notes] · Weekly [notes] · Monthly [notes]');
  });

  it('takes no `%%` in a code span for a comment mark', () => {
    const text =
      `Type \`%%\` for a percent sign. ${'Some filler words here. '.repeat(8)}` +
      '%% a real comment %% and the target word after it.';
    expect(shownAll(text, 'target')).toMatch(
      /^…Some filler words here\. .* and the \[target\] word after it\.$/,
    );
    const closing = `Write \`%%\` twice. ${'More filler words. '.repeat(8)}the target %% hidden %% shown`;
    expect(shownAll(closing, 'target')).toMatch(/^…More filler words\. .*the \[target\] shown$/);
  });

  it('opens on prose: badge rows, comments and HTML lines before it are skipped', () => {
    expect(shownAll(plugin, 'nowhere')).toBe(
      'Battery Indicator Plugin ID: battery Links: GitHub repository or Open in Obsidian ' +
        'Displays the current battery level in the status bar.',
    );
    const centred = `<p align="center">\n\n${badges('kanban')}</p>\n\nBoards for your notes.`;
    expect(buildSnippet(centred, []).html).toBe('Boards for your notes.');
    // Images alone are no prose: nothing is shown rather than their alt texts.
    expect(buildSnippet(`%% Badges %%\n${badges('kanban')}`, []).html).toBe('');
  });

  it('goes to the matches a reader sees when those it chose lay in a URL', () => {
    // The first "battery" is in a badge's URL: the window moves to the heading.
    const words = shownAll(plugin.toLowerCase(), 'battery');
    expect(words).toMatch(/^…\[battery\] indicator plugin id: \[battery\] links: /);
    expect(words).not.toContain('github manifest version');
  });

  it('reads a pipe inside a line as text where a window starts at it', () => {
    const footer =
      '# This note in GitHub\n\n<span class="git-footer">[Edit In GitHub](https://github.dev/' +
      `${'x/'.repeat(30)}n.md) | [Copy this note](https://raw.example/${'y/'.repeat(30)}n.md) | ` +
      '[Download this vault](https://github.com/main.zip) </span>';
    expect(shownAll(footer, 'Copy')).toBe('…| [Copy] this note | Download this vault');
  });

  it('starts no window inside a docfx extension line: it is dropped whole', () => {
    const text =
      `${'Some words before the image. '.repeat(6)}\n:::image type="content" source="media/` +
      'stack-overflow-example.png" alt-text="Screenshot of the stack overflow":::\n\nAn overflow.';
    // Its matches are no reader's: the window goes to the one after it.
    expect(shownAll(text, 'overflow')).toBe('…before the image. An [overflow].');
  });

  it('shows no backslash that breaks a line, wherever the source read stops', () => {
    // msdocs-cpp's lists of links end each line with one: the links' URLs make the source read
    // for a window long, so that it can stop right after a backslash.
    const links = Array.from(
      { length: 12 },
      (_, i) => `[fn${i}](${'long-path/'.repeat(4)}fn${i}.md)\\`,
    );
    for (let n = 0; n < 40; n++) {
      const text = `target ${'x'.repeat(n)} ${links.join('\n')}`;
      expect(buildSnippet(text, [[0, 6]]).html).not.toContain('\\');
    }
  });

  it('never ends inside a word where the source read stops', () => {
    const text = `alpha ${'<br/> '.repeat(45)}${'wordsy '.repeat(20)}`;
    expect(shownAll(text, 'alpha')).toBe('[alpha] wordsy wordsy wordsy …');
  });
});
