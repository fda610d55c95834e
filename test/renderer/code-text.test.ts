// Which elements of a rendered note are code blocks with a copy button, and what each copies.
import { describe, expect, it } from 'vitest';
import type { Element } from 'hast';
import { codeBlockText } from '../../src-renderer/src/lib/code-text.ts';
import { renderMarkdown } from '../../src-renderer/src/lib/markdown.ts';
import type { CharRange } from '../../src-renderer/src/lib/utf8-offsets.ts';
import { elements } from './hast-nodes.ts';

/** The copy texts of `markdown`'s code blocks, in document order. */
function blocks(markdown: string, highlights: CharRange[] = []): string[] {
  return elements(renderMarkdown(markdown, highlights))
    .map((element: Element) => codeBlockText(element))
    .filter((text): text is string => text !== null);
}

describe('codeBlockText', () => {
  it('a tldr command: a paragraph that is one code span', () => {
    expect(blocks('- List files:\n\n`ls {{path/to/dir}}`\n')).toEqual(['ls {{path/to/dir}}']);
  });

  it('a fenced block, without its last newline; several lines kept', () => {
    expect(blocks('```sh\nmake\nmake install\n```\n')).toEqual(['make\nmake install']);
  });

  it('inline code inside a sentence is no block', () => {
    expect(blocks('Run `ls` to list files.\n\n`a` and `b`\n')).toEqual([]);
  });

  it('matched terms marked inside the code copy as their text', () => {
    const markdown = '`tar cf out.tar dir`\n';
    expect(blocks(markdown, [[1, 4]])).toEqual(['tar cf out.tar dir']);
  });
});
