import type { Root } from 'hast';
import { describe, expect, it } from 'vitest';
import hostileNote from '../fixtures/e2e-vault/xss.md?raw';
import {
  ALLOWED_TAGS,
  previewSource,
  renderMarkdown,
} from '../../src-renderer/src/lib/markdown.ts';
import { elements, walk } from './hast-nodes.ts';

const marked = (tree: Root) =>
  elements(tree)
    .filter((element) => element.tagName === 'mark')
    .map((element) =>
      element.children.map((child) => (child.type === 'text' ? child.value : '')).join(''),
    );
const rangeOf = (text: string, word: string, from = 0): [number, number] => {
  const start = text.indexOf(word, from);
  return [start, start + word.length];
};

describe('renderMarkdown: sanitising', () => {
  const tree = renderMarkdown(hostileNote);
  const all = elements(tree);

  it('keeps only allowed elements: no script, style, iframe, svg', () => {
    expect(all.every((element) => ALLOWED_TAGS.has(element.tagName))).toBe(true);
    const tags = new Set(all.map((element) => element.tagName));
    for (const tag of ['script', 'style', 'iframe', 'svg', 'object', 'embed'])
      expect(tags.has(tag)).toBe(false);
  });

  it('keeps no event handler, style attribute or javascript: URL', () => {
    for (const element of all) {
      for (const [name, value] of Object.entries(element.properties)) {
        expect(name.toLowerCase().startsWith('on')).toBe(false);
        expect(name).not.toBe('style');
        expect(String(value).toLowerCase()).not.toContain('javascript:');
      }
    }
  });

  it('keeps the text of links whose javascript: target was removed', () => {
    const links = all.filter((element) => element.tagName === 'a');
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(
      links.every(
        (link) =>
          link.properties.href === undefined || /^(https?:|#)/.test(String(link.properties.href)),
      ),
    ).toBe(true);
  });

  it('leaves frontmatter out of the preview', () => {
    const text = [...walk(tree.children)]
      .map((node) => (node.type === 'text' ? node.value : ''))
      .join('');
    expect(text).not.toContain('tags:');
  });
});

describe('renderMarkdown: highlighting', () => {
  it('marks exactly the given ranges in headings, paragraphs and inline code', () => {
    const markdown = '## Deep sleep\n\nThe `deep_sleep()` call puts the radio to sleep.\n';
    const tree = renderMarkdown(markdown, [
      rangeOf(markdown, 'sleep'),
      rangeOf(markdown, 'sleep', 20),
      rangeOf(markdown, 'sleep', 40),
    ]);
    expect(marked(tree)).toEqual(['sleep', 'sleep', 'sleep']);
  });

  it('marks inside fenced code blocks', () => {
    const markdown = '```c\nif (battery_mv() < 3000) {}\n```\n';
    expect(marked(renderMarkdown(markdown, [rangeOf(markdown, 'battery')]))).toEqual(['battery']);
  });

  it('marks multi-byte text at the right characters', () => {
    const markdown = '# Größe\n\n東京 🚀 und die Größe.';
    const tree = renderMarkdown(markdown, [
      rangeOf(markdown, 'Größe', 5),
      rangeOf(markdown, '東京'),
    ]);
    expect(marked(tree)).toEqual(['東京', 'Größe']);
  });

  it('falls back to matching the words where escapes make positions inexact', () => {
    const markdown = 'Tom &amp; Jerry like cheese.\n';
    expect(marked(renderMarkdown(markdown, [rangeOf(markdown, 'cheese')]))).toEqual(['cheese']);
  });

  it('marks nothing without ranges', () => {
    expect(marked(renderMarkdown('# Title\n\nbody'))).toEqual([]);
  });

  it('renders GFM tables and task lists', () => {
    const tree = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n');
    const tags = new Set(elements(tree).map((element) => element.tagName));
    expect(tags.has('table')).toBe(true);
    expect(tags.has('input')).toBe(true);
  });
});

describe('previewSource', () => {
  it('keeps short sections whole', () => {
    expect(previewSource('# a\n\nb\n', 100)).toEqual({ text: '# a\n\nb\n', truncated: false });
  });

  it('cuts long sections at a line end before the limit', () => {
    const markdown = `${'line of text\n'.repeat(20)}`;
    const { text, truncated } = previewSource(markdown, 100);
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThanOrEqual(100);
    expect(text.endsWith('\n')).toBe(true);
    expect(markdown.startsWith(text)).toBe(true);
  });

  it('cuts a single huge line at the limit', () => {
    expect(previewSource('x'.repeat(500), 100).text).toHaveLength(100);
  });
});
