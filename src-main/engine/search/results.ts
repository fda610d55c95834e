// Stage 5 of a search (docs/architecture.md#search): from a merged match to the `SearchResult` of
// the contract: text regions of the node as indexed, highlights found by re-analysing them,
// snippets per topic, byte-exact match ranges.
import { fileDate } from '../dates/file-dates.ts';
import type { SearchDetail, SearchResult } from '#shared/contract/api.ts';
import type { ByteRange } from '../chunk/types.ts';
import type { Analyzer } from '../analysis/analyzer.ts';
import { decodeUtf8, type DecodedText } from '../analysis/utf8.ts';
import type { FileBrief } from '../store/index-reader.ts';
import { bodyRangesOf, type NodeRow } from '../store/node-rows.ts';
import { displayBreadcrumb, displayTitle } from '../documents/display-title.ts';
import { ENGINE_DEFAULTS } from '../settings/settings.ts';
import {
  createMatcher,
  MAX_SCAN_BYTES,
  mergeRanges,
  scanEnd,
  type Matcher,
  type TextRange,
} from './highlight.ts';
import type { MergedMatch } from './merge.ts';
import { buildSnippet, buildTopicsSnippet, type Snippet } from './snippet.ts';
import type { Topic } from './topic.ts';
import type { SearchTree } from './tree.ts';

/** What building a result needs besides the match. */
interface ResultContext {
  /** One matcher per topic. */
  matchers: Matcher[];
  /** Each topic's index in the request's `queries`. */
  queryIndexes: number[];
  /** About how many characters a snippet holds (`ENGINE_DEFAULTS.snippetLength`). */
  snippetLength: number;
  /** Node id (`vault:path#slug`) of a node key. */
  idOf(key: number): string;
  /** Node keys in index order (a copy; keys are in loading order). */
  inIndexOrder(keys: readonly number[]): number[];
  /** `text`: no match ranges and no HTML snippet (`SearchRequest.detail`). */
  detail: SearchDetail;
}

/** Match ranges listed per result at most (a long section can hold thousands). */
export const MAX_MATCH_RANGES = 1000;

/** A decoded byte range and, per topic, where its matches are (found once). */
class Region {
  readonly start: number;
  readonly end: number;
  readonly decoded: DecodedText;
  private readonly matchers: Matcher[];
  private readonly found: Array<TextRange[] | undefined> = [];

  constructor(content: Uint8Array, [start, end]: ByteRange, matchers: Matcher[]) {
    this.start = start;
    this.end = end;
    this.decoded = decodeUtf8(
      content,
      start,
      scanEnd(content, start, Math.min(end, content.length)),
    );
    this.matchers = matchers;
  }

  matches(topic: number): TextRange[] {
    const { text, ascii } = this.decoded;
    // The first `MAX_MATCH_RANGES` are all a result lists, and more than the snippet needs
    // (it looks at the first 50 and the window after them).
    return (this.found[topic] ??= this.matchers[topic]!.findIn(text, ascii, MAX_MATCH_RANGES));
  }
}

/** True when `ranges` hold more than white space (in their first MiB: `readEnd`). */
function hasText(content: Uint8Array, ranges: ByteRange[]): boolean {
  for (const [start, end] of ranges) {
    for (let i = start, stop = Math.min(end, content.length); i < stop; i++) {
      const b = content[i]!;
      if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return true;
    }
  }
  return false;
}

const FRONTMATTER_END = new WeakMap<FileBrief, number>();

/** Where a file's frontmatter ends (0 without one), parsed once per cached file. */
function frontmatterEnd(file: FileBrief): number {
  let end = FRONTMATTER_END.get(file);
  if (end === undefined) {
    end = file.frontmatter ? (JSON.parse(file.frontmatter) as ByteRange)[1] : 0;
    FRONTMATTER_END.set(file, end);
  }
  return end;
}

/** Where a result's text starts: a document's after its frontmatter, a section's at its row. */
function textStart(row: NodeRow, file: FileBrief): number {
  return row.depth === 0 ? frontmatterEnd(file) : row.byte_start;
}

/**
 * The byte ranges highlighted (heading line + own body, or the whole extent when merged) and the
 * ones the snippet shows. `readEnd` must read as far as they reach.
 */
function regionsOf(row: NodeRow, file: FileBrief, merged: boolean, content: Uint8Array) {
  const start = textStart(row, file);
  const span: ByteRange = [Math.max(start, row.byte_start), row.byte_end];
  const heading: ByteRange[] =
    row.depth > 0 && row.heading_start < row.byte_start
      ? [[row.heading_start, row.byte_start]]
      : [];
  if (merged) return { highlight: [...heading, span], snippet: [span] };
  const body = bodyRangesOf(row).filter(([s, e]) => e > s && s >= start);
  return { highlight: [...heading, ...body], snippet: hasText(content, body) ? body : [span] };
}

/** The snippet of `regions` read as one text: one window per topic, joined (snippet.ts). */
function snippetOf(regions: Region[], topics: number[], length: number): Snippet {
  const text =
    regions.length === 1 ? regions[0]!.decoded.text : regions.map((r) => r.decoded.text).join('\n');
  const matchesOf = (topic: number) => {
    if (regions.length === 1) return regions[0]!.matches(topic);
    const matches: TextRange[] = [];
    let offset = 0;
    for (const r of regions) {
      for (const [s, e] of r.matches(topic)) matches.push([s + offset, e + offset]);
      offset += r.decoded.text.length + 1;
    }
    return matches;
  };
  if (topics.length === 1) return buildSnippet(text, matchesOf(topics[0]!), length);
  return buildTopicsSnippet(text, topics.map(matchesOf), length);
}

/**
 * How far into its file a result for `row` reads (a byte past, for `scanEnd`): the first
 * `MAX_SCAN_BYTES` of each region `regionsOf` gives. Only that prefix of a huge note is inflated.
 */
function readEnd(row: NodeRow, file: FileBrief): number {
  const from = Math.max(textStart(row, file), row.byte_start);
  let end = Math.min(row.byte_end, from + MAX_SCAN_BYTES + 1);
  for (const [s, e] of bodyRangesOf(row)) end = Math.max(end, Math.min(e, s + MAX_SCAN_BYTES + 1));
  return end;
}

/** The contract's results of a page of merged matches, in order. */
export function buildResults(
  matches: MergedMatch[],
  topics: Topic[],
  tree: SearchTree,
  analyzer: Analyzer,
  detail: SearchDetail,
): SearchResult[] {
  if (matches.length === 0) return [];
  const matchers = topics.map((t) =>
    createMatcher([...t.query.highlights, ...t.query.fuzzyHighlights], analyzer),
  );
  const context = {
    matchers,
    snippetLength: ENGINE_DEFAULTS.snippetLength,
    queryIndexes: topics.map((t) => t.queryIndex),
    idOf: (key: number) => tree.idOf(key),
    inIndexOrder: (keys: readonly number[]) =>
      [...keys].sort((a, b) => tree.row(a).id - tree.row(b).id),
    detail,
  };
  const ends = new Map<number, number>(); // per file, how far its results read
  for (const m of matches) {
    const file = tree.fileOf(m.key);
    ends.set(file.id, Math.max(ends.get(file.id) ?? 0, readEnd(tree.row(m.key), file)));
  }
  return matches.map((m) => {
    const file = tree.fileOf(m.key);
    const content = tree.content(file.id, ends.get(file.id)!);
    return buildResult(m, tree.row(m.key), file, content, context);
  });
}

/** Byte ranges of the topics' matches in `highlight`: the first `MAX_MATCH_RANGES`, merged. */
function matchRangesOf(
  highlight: ByteRange[],
  topics: number[],
  get: (range: ByteRange) => Region,
): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const range of highlight) {
    const r = get(range);
    for (const topic of topics) {
      for (const [s, e] of r.matches(topic)) {
        if (ranges.length >= MAX_MATCH_RANGES) break;
        ranges.push([r.decoded.byteAt(s), r.decoded.byteAt(e)]);
      }
    }
  }
  return mergeRanges(ranges);
}

/** Builds the contract's result for one match. */
function buildResult(
  match: MergedMatch,
  row: NodeRow,
  file: FileBrief,
  content: Uint8Array,
  context: ResultContext,
): SearchResult {
  const merged = match.mergedFrom.length > 0;
  const { highlight, snippet: snippetRanges } = regionsOf(row, file, merged, content);
  // The snippet's ranges are usually among the highlighted ones: each is decoded once.
  const regions: Region[] = [];
  const get = (range: ByteRange) => {
    for (const r of regions) if (r.start === range[0] && r.end === range[1]) return r;
    const r = new Region(content, range, context.matchers);
    regions.push(r);
    return r;
  };
  // A text answer has no ranges: a heading's region is then not even decoded.
  const matchRanges = context.detail === 'full' ? matchRangesOf(highlight, match.topics, get) : [];
  const snippet = snippetOf(snippetRanges.map(get), match.topics, context.snippetLength);
  return {
    id: context.idOf(match.key),
    docId: `${file.vault}:${file.path}`,
    vault: file.vault,
    path: file.path,
    title: row.title,
    breadcrumb: row.breadcrumb,
    displayTitle: row.depth === 0 ? displayTitle(file) : row.title,
    displayBreadcrumb: displayBreadcrumb(file, row.breadcrumb),
    depth: row.depth,
    score: match.score,
    snippet: context.detail === 'full' ? snippet.html : '',
    snippetSegments: snippet.segments,
    matchRanges,
    byteStart: row.byte_start,
    byteEnd: row.byte_end,
    headingStart: row.heading_start,
    startLine: row.start_line,
    endLine: row.end_line,
    mergedFrom: context.inIndexOrder(match.mergedFrom).map(context.idOf),
    partial: match.partial,
    matchedTerms: match.matchedTerms,
    modified: file.mtime_ms,
    created: fileDate(file, 'created'),
    topics: match.topics.map((topic) => context.queryIndexes[topic]!),
  };
}
