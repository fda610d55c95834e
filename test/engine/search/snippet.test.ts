// Snippets and highlights: matches in <b>, everything else escaped, whitespace collapsed,
// about 150 characters around the densest matches, never cutting a word.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { createMatcher } from '../../../src-main/engine/search/highlight.ts';
import {
  buildSnippet,
  buildTopicsSnippet,
  joinSnippets,
} from '../../../src-main/engine/search/snippet.ts';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

const analyzer = createAnalyzer('english');
const find = (text: string, highlights: Array<{ terms: string[]; prefix: boolean }>) =>
  createMatcher(highlights, analyzer).find(analyzer.tokens(text));

describe('matcher', () => {
  it('finds stemmed terms, prefixes and phrases only as consecutive terms', () => {
    const text = 'Handling errors: the handler handles error handling.';
    expect(find(text, [{ terms: ['handl'], prefix: false }])).toEqual([
      [0, 8],
      [29, 36],
      [43, 51],
    ]);
    expect(find(text, [{ terms: ['hand'], prefix: true }])).toEqual([
      [0, 8],
      [21, 28],
      [29, 36],
      [43, 51],
    ]);
    expect(find(text, [{ terms: ['error', 'handl'], prefix: false }])).toEqual([[37, 51]]);
  });
});

describe('buildSnippet', () => {
  it('wraps matches in <b> and escapes the rest', () => {
    const text = 'Use <T> & "quotes" with care: generics are fine.';
    const snippet = buildSnippet(text, find(text, [{ terms: ['generic'], prefix: false }]));
    expect(snippet.html).toBe(
      'Use &lt;T&gt; &amp; &quot;quotes&quot; with care: <b>generics</b> are fine.',
    );
    expect(snippet.segments).toEqual([
      { text: 'Use <T> & "quotes" with care: ', match: false },
      { text: 'generics', match: true },
      { text: ' are fine.', match: false },
    ]);
  });

  it('centres on the densest cluster, about 150 characters, words intact', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(20);
    const text = `${filler}alpha one\n\n  beta two alpha ${filler}`;
    const snippet = buildSnippet(
      text,
      find(text, [
        { terms: ['alpha'], prefix: false },
        { terms: ['beta'], prefix: false },
      ]),
    );
    const plain = snippet.segments.map((s) => s.text).join('');
    expect(plain.startsWith('…')).toBe(true);
    expect(plain.endsWith(' …')).toBe(true);
    expect(plain.length).toBeLessThanOrEqual(156);
    expect(plain).toContain('alpha one beta two alpha');
    expect(plain).not.toMatch(/\s{2}/);
    expect(plain.replace(/^…|…$/g, '').trim().split(' ')).toSatisfy((words: string[]) =>
      words.every((w) => filler.includes(w) || /alpha|one|beta|two/.test(w)),
    );
  });

  it('is as long when the match ends the text: the lead-in grows instead', () => {
    const words = Array.from({ length: 200 }, (_, i) => `kappa${i}`).join(' ');
    const text = `${words} finalword`;
    const snippet = buildSnippet(text, find(text, [{ terms: ['finalword'], prefix: false }]));
    const plain = snippet.segments.map((s) => s.text).join('');
    expect(plain.startsWith('…kappa')).toBe(true);
    expect(plain.endsWith('kappa199 finalword')).toBe(true);
    expect(plain.length).toBeGreaterThan(140);
    expect(plain.length).toBeLessThanOrEqual(151);
  });

  it('shows the start of the text when nothing matched in it', () => {
    const snippet = buildSnippet('\n\n  Intro text here.\n', []);
    expect(snippet.html).toBe('Intro text here.');
  });

  it('joins the snippets of several topics with " … "', () => {
    const a = buildSnippet('alpha', [[0, 5]]);
    const b = buildSnippet('beta', [[0, 4]]);
    expect(joinSnippets([a, b, a]).html).toBe('<b>alpha</b> … <b>beta</b>');
  });

  it('keeps one ellipsis where two cut snippets meet', () => {
    const filler = 'word '.repeat(60);
    const text = `${filler}alpha ${filler}beta ${filler}`;
    const a = buildSnippet(text, [[text.indexOf('alpha'), text.indexOf('alpha') + 5]]);
    const b = buildSnippet(text, [[text.indexOf('beta'), text.indexOf('beta') + 4]]);
    expect(a.html).toMatch(/^….* …$/);
    const joined = joinSnippets([a, b]).html;
    expect(joined).toMatch(/^….*<b>alpha<\/b>.* … .*<b>beta<\/b>.* …$/);
    expect(joined).not.toMatch(/…\s*…/);
  });
});

describe('snippets of several topics', () => {
  const filler = 'word '.repeat(60);
  const at = (text: string, word: string, from = 0): [number, number] => {
    const start = text.indexOf(word, from);
    return [start, start + word.length];
  };

  it('shows a passage holding several topics once, with every topic marked', () => {
    // tldr-en's mitmweb: three topics' windows on one sentence read it three times.
    const text = `${filler}Start on a custom address and port: mitmweb --listen-port 8080. ${filler}`;
    const port = at(text, 'port');
    const listen = at(text, 'listen');
    const joined = buildTopicsSnippet(text, [[port], [listen], [port, listen]]);
    expect(joined.html.match(/custom address/g)).toHaveLength(1);
    expect(joined.html).toContain('<b>port</b>: mitmweb --<b>listen</b>-port');
  });

  it("reads overlapping windows as one, from the first one's start to the last one's end", () => {
    const middle = 'one two three four five six seven eight nine ten ';
    const text = `${filler}alpha ${middle}beta ${middle}gamma ${filler}`;
    const joined = buildTopicsSnippet(text, [[at(text, 'alpha')], [at(text, 'gamma')]]);
    const plain = joined.segments.map((s) => s.text).join('');
    expect(plain.match(/one two three/g)).toHaveLength(2);
    expect(plain).toMatch(/^….*alpha.*gamma.* …$/);
    expect(plain).not.toContain(' … one');
  });

  it('joins windows apart with " … ", in the topics\' order', () => {
    const text = `${filler}alpha ${filler}beta ${filler}`;
    const joined = buildTopicsSnippet(text, [[at(text, 'beta')], [at(text, 'alpha')]]);
    expect(joined.html).toMatch(/^….*<b>beta<\/b>.* … .*<b>alpha<\/b>.* …$/);
    expect(joined.html).not.toMatch(/…\s*…/);
  });
});

describe('snippets of results a reader sees the text of', () => {
  const badges = (repo: string) =>
    ['all releases', 'manifest version', 'issues by-label']
      .map((alt) => `![GitHub ${alt}](https://img.shields.io/github/x/${repo}?style=for-the-badge)`)
      .join('   \n');
  const pluginNote = (repo: string, title: string, text: string) =>
    `---\nplugin-id: ${repo}\naliases:\n- ${title}\n---\n\n%% ----- Badges ----- %%\n\n` +
    `${badges(repo)}\n\n%% ----- Badges ----- %%\n\n# ${title}\n\n` +
    `Links: [GitHub repository](https://github.com/x/${repo}) or ` +
    `[<button id=HH>Open in Obsidian</button>](obsidian://show-plugin?id=${repo})\n\n${text}\n`;
  const engine = vaultEngine(() => {
    const root = tempDir();
    mkdirSync(join(root, 'Plugins'));
    writeFileSync(
      join(root, 'Plugins/battery-indicator.md'),
      pluginNote('obsidian-battery-indicator', 'Battery Indicator', 'Shows the charge level.'),
    );
    writeFileSync(
      join(root, 'Plugins/zettelkasten-kit.md'),
      pluginNote('zettelkasten-kit', 'Kit', 'Numbers your cards for you.'),
    );
    const moc = ['Daily', 'Weekly', 'Monthly']
      .map((p) => `-  [[Templates/${p} notes/${p} notes|${p} notes]]`)
      .join('\n');
    writeFileSync(
      join(root, 'Templates.md'),
      `# Templates\n\n%% Hub MOCs: Don’t edit below  %%\n${moc}\n%% Hub MOCs: Don’t edit above  %%\n\n` +
        '## Contributing\n\nAdd yours.\n',
    );
    return root;
  }, 'hub');
  const snippetOf = async (query: string, id: string) => {
    const { results } = await engine().search({ queries: [query] });
    const result = results.find((r) => r.id === id);
    expect(result, `${query} finds ${id}`).toBeDefined();
    return result!.snippet;
  };

  it('shows a note matched in its badges’ URLs where a reader sees the word', async () => {
    const snippet = await snippetOf('battery', 'hub:Plugins/battery-indicator.md');
    expect(snippet).toMatch(/^…<b>Battery<\/b> Indicator Links: GitHub repository or Open in /);
    expect(snippet).not.toContain('GitHub manifest version');
  });

  it('opens a note matched by its title alone on its prose, past badges and comments', async () => {
    // "zettelkasten" is in the file name and in URLs only.
    expect(await snippetOf('zettelkasten', 'hub:Plugins/zettelkasten-kit.md')).toBe(
      'Kit Links: GitHub repository or Open in Obsidian Numbers your cards for you.',
    );
  });

  it('shows the links of a section that opens with a comment, not "…"', async () => {
    // The lead-in is taken on the source, in the link's target before the word: "Daily notes"
    // is cut off.
    expect(await snippetOf('weekly', 'hub:Templates.md#templates')).toBe(
      '…<b>Weekly</b> notes · Monthly notes',
    );
  });
});
