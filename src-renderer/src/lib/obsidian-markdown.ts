// What Obsidian adds to Markdown, for the preview (docs/ui.md#the-preview): `%%comments%%`
// hidden, callouts `> [!type]±` with their title and fold state, `==highlights==`, `#tags`, block
// ids (`^id` ending a line) hidden, footnote references whose definition is in another section,
// inline HTML's line breaks and text-level elements (`<br>`, `<sup>`, `<kbd>`) kept, a block of
// HTML shown as its text, and wikilinks/embeds (parsed by wikilink-syntax.ts) turned into
// elements the sanitiser lets through.
import type { Element, ElementContent } from 'hast';
import type { Blockquote, Paragraph, PhrasingContent, Root as MdastRoot, Text } from 'mdast';
import type { State } from 'mdast-util-to-hast';
import { decodeString } from 'micromark-util-decode-string';
import type { CharRange } from './utf8-offsets.ts';
import { parseWikiTarget, type WikiLinkNode } from './wikilink-syntax.ts';

/** Source text with its `%%comments%%` removed, and highlight ranges moved to match. */
export interface Uncommented {
  text: string;
  ranges: CharRange[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Removes `%%…%%` comments (which may span lines; an unclosed one runs to the end, as in
 * Obsidian) outside fenced code, and maps `ranges` onto the shorter text (a range inside a
 * comment is dropped). Linear in the text's length.
 */
export function stripComments(source: string, ranges: readonly CharRange[]): Uncommented {
  if (!source.includes('%%')) return { text: source, ranges: [...ranges] };
  const removed: CharRange[] = [];
  let fence: string | null = null;
  let open = -1;
  let at = 0;
  for (const line of source.split('\n')) {
    const marker = open === -1 ? FENCE.exec(line)?.[1] : undefined;
    if (fence !== null || marker) {
      if (fence === null) fence = marker!;
      else if (
        line.trim().startsWith(fence[0]!.repeat(fence.length)) &&
        !/\S/.test(line.trim().replace(/^[`~]+/, ''))
      )
        fence = null;
    } else {
      for (let i = line.indexOf('%%'); i !== -1; i = line.indexOf('%%', i + 2)) {
        if (open === -1) open = at + i;
        else {
          removed.push([open, at + i + 2]);
          open = -1;
        }
      }
    }
    at += line.length + 1;
  }
  if (open !== -1) removed.push([open, source.length]);
  return { text: cut(source, removed), ranges: mapRanges(ranges, removed) };
}

function cut(source: string, removed: readonly CharRange[]): string {
  let text = '';
  let from = 0;
  for (const [start, end] of removed) {
    text += source.slice(from, start);
    from = end;
  }
  return text + source.slice(from);
}

function mapRanges(ranges: readonly CharRange[], removed: readonly CharRange[]): CharRange[] {
  const moved = (offset: number) => {
    let shift = 0;
    for (const [start, end] of removed) {
      if (offset >= end) shift += end - start;
      else if (offset > start) return null;
    }
    return offset - shift;
  };
  const out: CharRange[] = [];
  for (const [start, end] of ranges) {
    const [a, b] = [moved(start), moved(end)];
    if (a !== null && b !== null && b > a) out.push([a, b]);
  }
  return out;
}

/** Callout types Obsidian knows, by alias → the type its colour follows. */
const CALLOUT_ALIASES: Readonly<Record<string, string>> = {
  summary: 'abstract',
  tldr: 'abstract',
  hint: 'tip',
  important: 'tip',
  check: 'success',
  done: 'success',
  help: 'question',
  faq: 'question',
  caution: 'warning',
  attention: 'warning',
  fail: 'failure',
  missing: 'failure',
  error: 'danger',
  cite: 'quote',
};

const CALLOUT_MARKER = /^\[!([\w-]{1,40})\]([+-]?)[ \t]*/;

/** Turns a blockquote that starts with `[!type]` into a callout (in place). */
function makeCallout(quote: Blockquote): void {
  const first = quote.children[0];
  if (first?.type !== 'paragraph') return;
  const text = first.children[0];
  if (text?.type !== 'text') return;
  const marker = CALLOUT_MARKER.exec(text.value);
  if (!marker) return;
  const type = marker[1]!.toLowerCase();
  const fold = marker[2];
  text.value = text.value.slice(marker[0].length);
  if (text.position) text.position.start.offset! += marker[0].length;
  const title = takeFirstLine(first);
  if (first.children.length === 0) quote.children.shift();
  const label: PhrasingContent[] =
    title.length > 0 ? title : [{ type: 'text', value: type[0]!.toUpperCase() + type.slice(1) }];
  const kind = CALLOUT_ALIASES[type] ?? type;
  quote.data = {
    hName: fold ? 'details' : 'div',
    hProperties: {
      className: ['callout', `callout-${kind}`],
      open: fold === '+' ? true : undefined,
    },
  };
  const heading: Paragraph = {
    type: 'paragraph',
    children: label,
    data: { hName: fold ? 'summary' : 'div', hProperties: { className: ['callout-title'] } },
  };
  quote.children.unshift(heading);
}

/** Removes and returns a paragraph's inline content up to its first line break. */
function takeFirstLine(paragraph: Paragraph): PhrasingContent[] {
  const line: PhrasingContent[] = [];
  while (paragraph.children.length > 0) {
    const node = paragraph.children[0]!;
    if (node.type === 'break') {
      paragraph.children.shift();
      break;
    }
    if (node.type === 'text' && node.value.includes('\n')) {
      const at = node.value.indexOf('\n');
      if (at > 0) line.push({ type: 'text', value: node.value.slice(0, at) });
      node.value = node.value.slice(at + 1);
      if (node.position) node.position.start.offset! += at + 1;
      break;
    }
    line.push(paragraph.children.shift()!);
  }
  return line.filter((node) => node.type !== 'text' || node.value.trim() !== '');
}

const INLINE =
  /==([^=\s](?:[^=\n]*[^=\s])?)==|(^|[\s(])#([\p{L}_][\p{L}\p{N}_/-]*|\p{N}+[\p{L}_/-][\p{L}\p{N}_/-]*)|(^|[ \t])\^[A-Za-z0-9-]+[ \t]*(?=\n|$)|\[\^([\p{L}\p{N}_-]+)\]/gu;

/**
 * Splits a text node into text, `==highlight==` marks and `#tag` spans, positions kept, and drops
 * its block ids: `^id` after a space or alone, ending a line — as the index reads them
 * (docs/links.md#what-is-a-link) and Obsidian's reading view hides them. The node's end is a
 * line's end only when `endsLine` (its paragraph goes on after it otherwise, in a link or code).
 */
function splitInline(text: Text, endsLine: boolean): PhrasingContent[] {
  const pieces: PhrasingContent[] = [];
  const base = text.position?.start.offset;
  const piece = (from: number, to: number): Text => {
    const node: Text = { type: 'text', value: text.value.slice(from, to) };
    if (base !== undefined && text.position)
      node.position = {
        start: { ...text.position.start, offset: base + from },
        end: { ...text.position.end, offset: base + to },
      };
    return node;
  };
  let last = 0;
  for (const match of text.value.matchAll(INLINE)) {
    const at = match.index;
    if (match[5] !== undefined) {
      // A footnote reference whose definition is in another section (one in the section is
      // parsed as a reference): its label, superscript, as the reading view shows a number.
      if (at > last) pieces.push(piece(last, at));
      const label = piece(at + 2, at + match[0].length - 1);
      pieces.push({ type: 'emphasis', children: [label], data: { hName: 'sup' } });
      last = at + match[0].length;
      continue;
    }
    if (match[4] !== undefined) {
      const end = at + match[0].length;
      if (end === text.value.length && !endsLine) continue;
      if (at > last) pieces.push(piece(last, at));
      last = end;
      continue;
    }
    const [start, inner, className] = match[1]
      ? [at, at + 2, 'highlight']
      : [at + match[2]!.length, at + match[2]!.length, 'tag'];
    const end = at + match[0].length;
    if (start > last) pieces.push(piece(last, start));
    const body = className === 'highlight' ? piece(inner, end - 2) : piece(start, end);
    pieces.push({
      type: 'emphasis',
      children: [body],
      data: {
        hName: className === 'highlight' ? 'mark' : 'span',
        hProperties: { className: [className] },
      },
    });
    last = end;
  }
  if (last === 0) return [text];
  if (last < text.value.length) pieces.push(piece(last, text.value.length));
  return pieces;
}

type Parent = { children: unknown[]; type: string };

/** Text-level HTML elements the preview keeps from a note (their attributes are dropped). */
const INLINE_HTML = /^<(sup|sub|kbd|b|i|em|strong|s|del|ins|small|samp|var)(?:\s[^<>]*)?>$/i;
const LINE_BREAK = /^<br\s*\/?>$/i;

/**
 * A parent's children with inline HTML made elements: `<br>` a line break, and an element of
 * `INLINE_HTML` closed among the following siblings the element around them (msdocs-cpp:
 * `C++<sup>20</sup>`, 1,260 `<sup>`; `*nIndex*<br/>`, 22,389 `<br>`), as the reading view renders
 * them. The rest of a note's HTML is still dropped (docs/ui.md#the-preview).
 */
function inlineHtml(children: unknown[]): unknown[] {
  const kids = children as Array<{ type: string; value?: string }>;
  if (!kids.some((kid) => kid.type === 'html')) return children;
  const out: unknown[] = [];
  for (let i = 0; i < kids.length; i++) {
    const kid = kids[i]!;
    const value = kid.type === 'html' ? kid.value!.trim() : '';
    if (LINE_BREAK.test(value)) {
      out.push({ type: 'break' });
      continue;
    }
    const tag = INLINE_HTML.exec(value)?.[1]?.toLowerCase();
    const close = tag === undefined ? -1 : closingTag(kids, i + 1, tag);
    if (close < 0) {
      out.push(kid);
      continue;
    }
    out.push({
      type: 'emphasis',
      children: inlineHtml(kids.slice(i + 1, close)),
      data: { hName: tag },
    });
    i = close;
  }
  return out;
}

/** The index of the sibling from `from` on that closes `tag` (nested ones counted), or -1. */
function closingTag(kids: Array<{ type: string; value?: string }>, from: number, tag: string) {
  let depth = 0;
  for (let i = from; i < kids.length; i++) {
    if (kids[i]!.type !== 'html') continue;
    const value = kids[i]!.value!.trim().toLowerCase();
    if (value === `</${tag}>`) {
      if (depth === 0) return i;
      depth--;
    } else if (INLINE_HTML.exec(value)?.[1]?.toLowerCase() === tag) depth++;
  }
  return -1;
}

/** Containers whose `html` children are blocks of HTML (in a paragraph or heading it is inline). */
const FLOW = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);
/** Elements whose content a reader never sees as text. */
const UNSEEN = /<(script|style|svg|template|noscript|textarea|title)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
/** Elements a browser sets apart from the text around them. */
const SPACED =
  /^<\/?(?:br|p|div|li|ul|ol|dl|dt|dd|tr|td|th|table|h[1-6]|hr|blockquote|pre|details|summary|section|center|figure|figcaption)\b/i;

/**
 * The text a reader sees of a block of HTML: comments, tags and what is never shown dropped,
 * character references decoded (a backslash is no escape in HTML), white space collapsed.
 */
function htmlText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(UNSEEN, '')
    .replace(/<\/?[A-Za-z][^<>]*>/g, (tag) => (SPACED.test(tag) ? ' ' : ''));
  return decodeString(text.replaceAll('\\', '\\\\')).replace(/\s+/g, ' ').trim();
}

/**
 * A block of HTML as a paragraph of its text (docs/ui.md#the-preview), or the block itself (the
 * sanitiser drops it) when a reader sees no text in it: `<p align="center">` around a line,
 * `<details><summary>`, msdocs-cpp's `<!--conformance note-->In Visual Studio 2015…` (an HTML
 * block runs to the end of the line its comment closes on).
 */
function htmlBlock(node: { type: string; value?: string; position?: unknown }): unknown {
  const value = htmlText(node.value ?? '');
  if (value === '') return node;
  return { type: 'paragraph', children: [{ type: 'text', value }], position: node.position };
}

/** The remark plugin: callouts, highlights, tags and block ids, in one iterative walk of the tree. */
export function remarkObsidian() {
  return (tree: MdastRoot) => {
    const stack: Parent[] = [tree as Parent];
    while (stack.length > 0) {
      const parent = stack.pop()!;
      if (parent.type === 'blockquote') makeCallout(parent as unknown as Blockquote);
      const children: unknown[] = [];
      const kids = inlineHtml(parent.children) as Array<{ type: string; children?: unknown[] }>;
      // A heading's `^x` is text: Obsidian links a heading by its name, never by a block id.
      const blocks = parent.type !== 'heading';
      for (const [i, child] of kids.entries()) {
        if (child.type === 'html' && FLOW.has(parent.type)) children.push(htmlBlock(child));
        else if (child.type === 'text')
          children.push(...splitInline(child as Text, blocks && i === kids.length - 1));
        else children.push(child);
        if (child.children && child.type !== 'link' && child.type !== 'linkReference')
          stack.push(child as Parent);
      }
      parent.children = children;
    }
  };
}

const IMAGE = /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i;

/** remark-rehype's handler of `wikiLink`: a link, an image, or a closed embed. */
export function wikiLinkToHast(state: State, node: WikiLinkNode): Element {
  const target = parseWikiTarget(node.raw);
  const text: ElementContent = { type: 'text', value: target.label };
  let element: Element;
  if (node.embed && IMAGE.test(target.note))
    element = {
      type: 'element',
      tagName: 'img',
      properties: { src: target.note, alt: target.label },
      children: [],
    };
  else if (node.embed)
    element = {
      type: 'element',
      tagName: 'details',
      properties: { className: ['embed'], dataWiki: node.raw },
      children: [{ type: 'element', tagName: 'summary', properties: {}, children: [text] }],
    };
  else
    element = {
      type: 'element',
      tagName: 'a',
      properties: { className: ['wikilink'], dataWiki: node.raw },
      children: [text],
    };
  state.patch(node as never, element);
  return element;
}
