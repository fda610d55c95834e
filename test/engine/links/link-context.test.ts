// A backlink's context as a reader sees it: the link's line with its Markdown dropped as in
// snippets, cut around the link's text, which it says where to find (docs/links.md#backlinks).
import { describe, expect, it } from 'vitest';
import { linkContext, type LinkLine } from '../../../src-main/engine/links/link-context.ts';

/** The context of `line`, the link between `⟦` and `⟧`, its text shown in `[…]`. */
function shown(line: string, options: Partial<LinkLine> = {}): string {
  const [before, rest] = line.split('⟦') as [string, string];
  const [link, after] = rest.split('⟧') as [string, string];
  const {
    context,
    contextLink: [start, end],
  } = linkContext({
    before,
    link,
    after,
    cutBefore: false,
    cutAfter: false,
    table: false,
    ...options,
  });
  return `${context.slice(0, start)}[${context.slice(start, end)}]${context.slice(end)}`;
}

describe('linkContext', () => {
  it.each([
    [
      '- Check out ⟦[this showcase](https://github.com/x/showcase)⟧ of **bold** plugins ^a1b2',
      'Check out [this showcase] of bold plugins',
    ],
    ['  See  ⟦[[Note|an alias]]⟧,   [[Other]] and `code`  ', 'See [an alias], Other and code'],
    ['## Read ⟦[[Note#Part two]]⟧ first', 'Read [Note › Part two] first'],
    ['> [!tip] An embed: ⟦![[Note]]⟧', 'An embed: [Note]'],
    [
      '| [`/Gm`](gm.md) | ⟦[`/Gm[-]`](gm-quoll.md)⟧ | Deprecated. |',
      '/Gm · [/Gm[-]] · Deprecated.',
    ],
    // The line goes on a comment opened above: its closing mark opens none.
    ['the end of a comment %% then ⟦[[Note]]⟧ after', 'then [Note] after'],
    // A backslash that ends the line breaks it (msdocs-cpp's lists of links).
    ['⟦[<cmath>](cmath.md)⟧\\', '[<cmath>]'],
    ['a path ⟦[[Note]]⟧ C:\\\\', 'a path [Note] C:\\'],
    // A link that shows no text reads as its target's name, as Obsidian shows `[[Note|]]`.
    ['an empty ⟦[](Note.md)⟧ link', 'an empty [Note] link'],
    ['see ⟦[](../a/My%20Note.md#Part%202)⟧, [[Note|]]', 'see [My Note › Part 2], Note'],
    ['same note ⟦[[#^b1]]⟧ and', 'same note [^b1] and'],
    ['| a | ⟦[](#usage)⟧ |', 'a · [usage]'],
    // A Dendron note reference's range is an address: its start shows (docs/links.md#dendron).
    ['⟦![[dendron.topic.workspace#summary,1:#*]]⟧', '[dendron.topic.workspace › summary]'],
  ])('%s', (line, expected) => {
    expect(shown(line)).toBe(expected);
  });

  it('reads a row of a table without its leading pipe as cells where the line is one', () => {
    expect(shown('pin ⟦[[Battery]]⟧ | 0.02 mA', { table: true })).toBe('pin [Battery] · 0.02 mA');
    expect(shown('pin ⟦[[Battery]]⟧ | 0.02 mA')).toBe('pin [Battery] | 0.02 mA');
  });

  it('cuts about 120 characters each side of the link, at words, and says so', () => {
    const words = (n: number, word: string) => Array(n).fill(word).join(' ');
    const context = shown(`${words(60, 'before')} ⟦[[Note]]⟧ ${words(60, 'after')}`);
    expect(context).toMatch(/^…before .* before \[Note\] after .* after…$/);
    const [left, right] = context.split(/\[Note\]/) as [string, string];
    expect(left.length).toBeLessThanOrEqual(121);
    expect(right.length).toBeLessThanOrEqual(121);
    // A line read only in part says so even where its text fits.
    expect(shown('see ⟦[[Note]]⟧ here', { cutBefore: true, cutAfter: true })).toBe(
      '…see [Note] here…',
    );
  });
});
