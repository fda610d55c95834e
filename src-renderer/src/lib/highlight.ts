// Highlighted text as data: a string cut into plain and matched segments, rendered as elements
// (never as HTML strings, docs/architecture.md#no-html-strings-in-the-renderer).
import type { NodeContent, SearchResult, SnippetSegment } from '#shared/contract/api.ts';
import { byteRangesToCharRanges, mergeRanges, type CharRange } from './utf8-offsets.ts';

/**
 * Cuts `text` into segments by `ranges` (string offsets relative to `offset`, the position of
 * `text`'s first character in the string the ranges refer to). Sorted, merged ranges expected.
 */
export function segmentsOf(
  text: string,
  ranges: readonly CharRange[],
  offset = 0,
): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let cursor = 0;
  for (const [rangeStart, rangeEnd] of ranges) {
    const start = Math.max(rangeStart - offset, cursor);
    const end = Math.min(rangeEnd - offset, text.length);
    if (end <= start) continue;
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}

/**
 * Finds case-insensitive occurrences of `needles` in `text`, as merged ranges. Used where
 * source positions are lost (text whose escapes were decoded), so highlighting still shows.
 */
export function findOccurrences(text: string, needles: readonly string[]): CharRange[] {
  const haystack = text.toLowerCase();
  const found: CharRange[] = [];
  for (const needle of new Set(needles.map((n) => n.toLowerCase()).filter((n) => n.length > 0))) {
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      found.push([at, at + needle.length]);
    }
  }
  return mergeRanges(found);
}

/**
 * The matched terms of `results` in the shown node's markdown, as string ranges. Normally the
 * results' byte ranges, mapped exactly. When the text was decoded lossily (it holds U+FFFD, so
 * byte offsets no longer line up with characters), the words the snippets marked are searched
 * for instead: approximate, but never misplaced.
 */
export function previewHighlights(
  content: NodeContent,
  results: readonly SearchResult[],
): CharRange[] {
  const own = results.filter((result) => result.docId === content.docId);
  if (content.markdown.includes('\uFFFD')) {
    const words = own.flatMap((result) =>
      result.snippetSegments
        .filter((segment) => segment.match)
        .map((segment) => segment.text.trim()),
    );
    return findOccurrences(content.markdown, words);
  }
  const ranges = own.flatMap((result) => result.matchRanges);
  return byteRangesToCharRanges(content.markdown, ranges, content.headingStart);
}
