// One note section → what the preview shows, in bounded time and stack whatever the note holds
// (docs/ui.md#the-preview): nesting past a limit, a tree too deep for the recursive view, or any
// error in the parser fall back to the plain text with the reason. Runs in a worker
// (preview.worker.ts), which the page ends when it takes too long.
import type { Root, RootContent } from 'hast';
import { renderMarkdown } from './markdown.ts';
import type { CharRange } from './utf8-offsets.ts';

/** What the preview shows: the rendered tree, or the plain text and why. */
export type PreviewRender = { kind: 'tree'; tree: Root } | { kind: 'plain'; reason: string };

/** Quotes and lists nested deeper than this are not parsed (the parser recurses per level). */
export const MAX_NESTING = 40;
/** A rendered tree deeper than this is not shown (the view is a recursive component). */
export const MAX_TREE_DEPTH = 120;

const plain = (reason: string): PreviewRender => ({ kind: 'plain', reason });

/**
 * The deepest container nesting of any line: `>` and list markers at its start (indentation
 * before a marker counts a level per two columns). Linear in the text's length.
 */
export function containerDepth(text: string): number {
  let deepest = 0;
  let depth = 0;
  let indent = 0;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\n') {
      lineStart = true;
      depth = 0;
      indent = 0;
      continue;
    }
    if (!lineStart) continue;
    if (char === ' ' || char === '\t') indent += char === '\t' ? 4 : 1;
    else if (char === '>' || (/[-*+]/.test(char) && /[ \t]/.test(text[i + 1] ?? ''))) {
      depth += 1 + Math.floor(indent / 2);
      indent = 0;
      deepest = Math.max(deepest, depth);
    } else if (/\d/.test(char) && /^\d{1,9}[.)][ \t]/.test(text.slice(i, i + 12))) {
      depth += 1 + Math.floor(indent / 2);
      indent = 0;
      deepest = Math.max(deepest, depth);
      while (/\d/.test(text[i + 1] ?? '')) i++;
      i++;
    } else lineStart = false;
  }
  return deepest;
}

/** The depth of a hast tree, walked without recursion. */
export function treeDepth(tree: Root): number {
  let deepest = 0;
  const stack: Array<[readonly RootContent[], number]> = [[tree.children, 1]];
  while (stack.length > 0) {
    const [nodes, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const node of nodes) if (node.type === 'element') stack.push([node.children, depth + 1]);
  }
  return deepest;
}

/**
 * Drops every node's source position, walked without recursion: the view never reads them, and
 * they are over half of the tree the worker sends, which the page's thread decodes
 * (docs/ui.md#the-preview).
 */
export function dropPositions(tree: Root): void {
  const stack: Array<Root | RootContent> = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    delete node.position;
    if ('children' in node) for (const child of node.children) stack.push(child);
  }
}

/** Renders `markdown` with `highlights` marked, or says why it is shown as plain text. */
export function renderPreview(markdown: string, highlights: readonly CharRange[]): PreviewRender {
  const nesting = containerDepth(markdown);
  if (nesting > MAX_NESTING)
    return plain(
      `its quotes or lists nest ${nesting} levels deep; the preview renders up to ${MAX_NESTING}`,
    );
  let tree: Root;
  try {
    tree = renderMarkdown(markdown, highlights);
  } catch (error) {
    return plain(`it could not be rendered (${(error as Error).message})`);
  }
  const depth = treeDepth(tree);
  if (depth > MAX_TREE_DEPTH)
    return plain(`it nests ${depth} elements deep; the preview renders up to ${MAX_TREE_DEPTH}`);
  dropPositions(tree);
  return { kind: 'tree', tree };
}
