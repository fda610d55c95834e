// The text handed to an LLM or an embedding model for one node (docs/design.md#embed-text): the
// node's markdown, with a breadcrumb line in front when the text alone lacks context. Never changes
// the node's metadata.
import type { BreadcrumbMode } from '#shared/contract/api.ts';
import { decodeUtf8 } from './source-text.ts';
import type { ChunkNode } from './types.ts';

/** Longest prepended line, in characters (docs/design.md#defaults). */
export const EMBED_BREADCRUMB_CAP = 160;

/** A body shorter than this many estimated tokens gets the full breadcrumb. */
const SHORT_TOKENS = 200;

/**
 * The node's markdown: its heading line as stored in `fileBytes` (the file as indexed) followed by
 * its own body. The document node has no heading line.
 */
export function nodeMarkdown(node: ChunkNode, fileBytes: Uint8Array): string {
  const headingLine = decodeUtf8(fileBytes.subarray(node.headingStart, node.byteStart));
  return headingLine + node.body;
}

/**
 * `fileTitle > headerBreadcrumb` when the file title is not the first heading already, else the
 * header breadcrumb (the file title for the document node).
 */
export function fullBreadcrumb(node: ChunkNode): string {
  if (node.headerPath.length === 0) return node.fileTitle;
  return node.fileTitle !== node.headerPath[0]
    ? `${node.fileTitle} > ${node.headerBreadcrumb}`
    : node.headerBreadcrumb;
}

/**
 * The embed text of `node` in `mode` (default `conditional`); `fileBytes` is the file as indexed,
 * for the heading line.
 */
export function embedText(
  node: ChunkNode,
  mode: BreadcrumbMode = 'conditional',
  fileBytes: Uint8Array,
): string {
  const markdown = nodeMarkdown(node, fileBytes);
  if (mode === 'none') return markdown;
  if (mode === 'always') return `${capBreadcrumb(fullBreadcrumb(node))}\n\n${markdown}`;
  const needsFullContext =
    node.depth > 0 || node.tokenEstimate < SHORT_TOKENS || isContextFree(node.body);
  let line: string | null = null;
  if (needsFullContext) line = fullBreadcrumb(node);
  else if (node.fileTitle !== node.headerPath[0]) line = node.fileTitle;
  if (line === null) return markdown;
  line = capBreadcrumb(line);
  // Never repeat a line the text already starts with.
  if (markdown.trimStart().startsWith(line)) return markdown;
  return `${line}\n\n${markdown}`;
}

/**
 * Caps a breadcrumb at 160 characters: middle segments give way to one `…`, nearest the start
 * first (the deeper, more specific ones stay); the first and last segments are kept.
 */
export function capBreadcrumb(line: string, cap = EMBED_BREADCRUMB_CAP): string {
  if (line.length <= cap) return line;
  const segments = line.split(' > ');
  if (segments.length > 2) {
    for (let dropped = 1; dropped <= segments.length - 2; dropped++) {
      const kept = [segments[0]!, '…', ...segments.slice(1 + dropped)];
      const candidate = kept.join(' > ');
      if (candidate.length <= cap) return candidate;
    }
  }
  // Even the first and last segments are too long together: cut at the cap.
  return cutAtGrapheme(line, cap - 1).trimEnd() + '…';
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest start of `text` of at most `length` UTF-16 units that ends between two graphemes,
 * so that no emoji, flag or accented letter is split (a split surrogate pair decodes to U+FFFD).
 */
function cutAtGrapheme(text: string, length: number): string {
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > length) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

const fence = /^(```|~~~)/;
const listItem = /^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const tableRow = /^\s*\|/;

/** True when the body is only code, only a table or only a list: text without its own context. */
export function isContextFree(body: string): boolean {
  const lines = body.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return false;
  const first = lines[0]!.trim();
  const last = lines[lines.length - 1]!.trim();
  const fencedCode = fence.test(first) && fence.test(last) && lines.length >= 2;
  const indentedCode = lines.every((line) => /^(?: {4}|\t)/.test(line));
  const table = lines.length >= 2 && lines.every((line) => tableRow.test(line));
  const list =
    listItem.test(lines[0]!) && lines.every((line) => listItem.test(line) || /^\s/.test(line));
  return fencedCode || indentedCode || table || list;
}
