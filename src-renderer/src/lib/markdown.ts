// Markdown → sanitised hast, with the matched terms wrapped in <mark>. The preview renders the
// returned tree with a recursive component (HastView.svelte): no HTML strings anywhere.
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { findOccurrences, segmentsOf } from './highlight.ts';
import { remarkObsidian, stripComments, wikiLinkToHast } from './obsidian-markdown.ts';
import { mergeRanges, type CharRange } from './utf8-offsets.ts';
import { wikiLinkFromMarkdown, wikiLinkSyntax } from './wikilink-syntax.ts';

const own = defaultSchema.attributes ?? {};
/** GitHub's attributes of `tag` but its class list (the sanitiser reads only the first one). */
const ownBut = (tag: string) =>
  (own[tag] ?? []).filter(
    (definition) => !Array.isArray(definition) || definition[0] !== 'className',
  );
const CALLOUT_CLASS = ['className', 'callout', /^callout-[\w-]+$/] as const;

/**
 * The sanitiser's schema: GitHub's, plus what the preview adds itself: search-hit and
 * `==highlight==` marks, `#tag` spans, wikilinks (their target in `data-wiki`), closed embeds and
 * callouts (`details`/`div` with a `callout-<type>` class).
 */
export const SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'mark'],
  attributes: {
    ...own,
    mark: [['className', 'hit', 'highlight']],
    span: [...ownBut('span'), ['className', 'tag']],
    a: [...ownBut('a'), 'dataWiki', ['className', 'wikilink', 'data-footnote-backref']],
    details: [...ownBut('details'), 'open', 'dataWiki', [...CALLOUT_CLASS, 'embed']],
    div: [...ownBut('div'), [...CALLOUT_CLASS, 'callout-title']],
    summary: [...ownBut('summary'), ['className', 'callout-title']],
  },
};

/** Elements the preview may render: exactly what the sanitiser lets through. */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set(SANITIZE_SCHEMA.tagNames);

/**
 * Parses `markdown` (a node's source text) and returns a sanitised hast tree in which the
 * string ranges `highlights` of `markdown` are wrapped in `<mark class="hit">`.
 * Raw HTML in the note is dropped (remark-rehype's default): it never reaches the page; only
 * line breaks and text-level elements (`<sup>`, `<kbd>`) are made elements by remarkObsidian,
 * without their attributes (docs/ui.md#the-preview).
 * Frontmatter is left out: the preview shows the document's title and tags itself.
 */
export function renderMarkdown(source: string, highlights: readonly CharRange[] = []): Root {
  const { text: markdown, ranges: kept } = stripComments(source, highlights);
  const ranges = mergeRanges(kept);
  const needles = ranges.map(([start, end]) => markdown.slice(start, end).trim());
  const processor = unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml', 'toml'])
    .use(remarkGfm)
    .use(remarkMath)
    .use(function wikiLinks(this: Processor) {
      const data = this.data();
      (data.micromarkExtensions ??= []).push(wikiLinkSyntax);
      (data.fromMarkdownExtensions ??= []).push(wikiLinkFromMarkdown);
    })
    .use(remarkObsidian)
    .use(remarkRehype, {
      handlers: { yaml: () => undefined, toml: () => undefined, wikiLink: wikiLinkToHast },
    })
    .use(() => (tree: Root) => highlightTree(tree, markdown, ranges, needles))
    .use(rehypeSanitize, SANITIZE_SCHEMA);
  return processor.runSync(processor.parse(markdown)) as Root;
}

type Parent = Root | Element;

/** Wraps the highlighted parts of every text node in <mark> elements, in place. */
function highlightTree(
  tree: Root,
  source: string,
  ranges: readonly CharRange[],
  needles: readonly string[],
): void {
  if (ranges.length === 0) return;
  const visit = (parent: Parent, anchor: Parent) => {
    const placed = parent.position ? parent : anchor;
    const children: RootContent[] = [];
    for (const child of parent.children) {
      if (child.type === 'text') children.push(...markText(child, placed, source, ranges, needles));
      else {
        if (child.type === 'element') visit(child, placed);
        children.push(child);
      }
    }
    parent.children = children as ElementContent[];
  };
  visit(tree, tree);
}

/** Where a text node's value starts in the source, or null when it cannot be told exactly. */
function sourceOffsetOf(text: Text, anchor: Parent, source: string): number | null {
  const own = text.position;
  if (own?.start.offset !== undefined && own.end.offset !== undefined) {
    if (source.slice(own.start.offset, own.end.offset) === text.value) return own.start.offset;
  }
  // Code text has no position of its own; its element's source contains it verbatim.
  const start = anchor.position?.start.offset;
  const end = anchor.position?.end.offset;
  if (start === undefined || end === undefined) return null;
  const at = source.slice(start, end).indexOf(text.value);
  return at === -1 ? null : start + at;
}

function markText(
  text: Text,
  anchor: Parent,
  source: string,
  ranges: readonly CharRange[],
  needles: readonly string[],
): ElementContent[] {
  if (text.value.trim() === '') return [text];
  const offset = sourceOffsetOf(text, anchor, source);
  const segments =
    offset === null
      ? segmentsOf(text.value, findOccurrences(text.value, needles))
      : segmentsOf(text.value, ranges, offset);
  if (!segments.some((segment) => segment.match)) return [text];
  return segments.map((segment): ElementContent => {
    const node: Text = { type: 'text', value: segment.text };
    if (!segment.match) return node;
    return {
      type: 'element',
      tagName: 'mark',
      properties: { className: ['hit'] },
      children: [node],
    };
  });
}

/** The most characters of a node the preview renders (a 20 MB section would freeze the page). */
export const MAX_PREVIEW_CHARS = 200_000;

/** The part of `markdown` the preview renders: all of it, or its first lines up to `max`. */
export function previewSource(
  markdown: string,
  max = MAX_PREVIEW_CHARS,
): { text: string; truncated: boolean } {
  if (markdown.length <= max) return { text: markdown, truncated: false };
  const lineEnd = markdown.lastIndexOf('\n', max);
  return { text: markdown.slice(0, lineEnd > max / 2 ? lineEnd + 1 : max), truncated: true };
}
