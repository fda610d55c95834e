// The chunk tree of docs/design.md#the-chunk-tree, built from a file's top-level headings. Pure:
// lines in, node records out. Every boundary is a line start, so the tree is computed in line
// indices and turned into byte offsets (and decoded text) only when the records are written.
import { slug as githubSlug } from 'github-slugger';
import type { HeadingLine } from './block-facts.ts';
import { linesHaveText, type SourceText } from './source-text.ts';
import type { ByteRange, ChunkNode } from './types.ts';

/** What the tree is built from. */
export interface TreeInput {
  source: SourceText;
  /** `vault:path`. */
  docId: string;
  fileTitle: string;
  /** Top-level headings in document order. */
  headings: HeadingLine[];
  /** First line of the document node's body (after the frontmatter; 0 without one). */
  bodyStartLine: number;
}

/** A kept node while the tree is built, in line indices. */
interface Draft {
  heading: HeadingLine | null;
  depth: number;
  slug: string | null;
  /** Heading line start, span start, span end (exclusive), as line indices. */
  first: number;
  spanStart: number;
  spanEnd: number;
  /** Where the body may start: the span start, or after the frontmatter for the document. */
  bodyStart: number;
  parent: Draft | null;
  children: Draft[];
  /**
   * Filled while records are written: the node id and its header path
   * (docs/design.md#titles-paths-and-breadcrumbs).
   */
  id: string;
  titles: string[];
  depths: number[];
  slugs: string[];
}

/** Every node of the tree in position order; `nodes[0]` is the document node. */
export function buildChunkTree(input: TreeInput): ChunkNode[] {
  const { source, headings } = input;
  const lineCount = source.lineCount;
  const spanEnds = headingSpanEnds(headings, lineCount);
  const slugs = headingSlugs(headings);
  const root: Draft = {
    heading: null,
    depth: 0,
    slug: null,
    first: 0,
    spanStart: 0,
    spanEnd: lineCount,
    bodyStart: input.bodyStartLine,
    parent: null,
    children: [],
    id: '',
    titles: [],
    depths: [],
    slugs: [],
  };
  const drafts: Draft[] = [root];
  const open: Draft[] = [root];
  headings.forEach((heading, index) => {
    const spanEnd = spanEnds[index]!;
    // A heading whose span is empty or whitespace-only is discarded: its line is parent body.
    if (!linesHaveText(source, heading.endLine, spanEnd)) return;
    while (open[open.length - 1]!.depth >= heading.depth) open.pop();
    const parent = open[open.length - 1]!;
    const draft: Draft = {
      heading,
      depth: heading.depth,
      slug: slugs[index]!,
      first: heading.firstLine,
      spanStart: heading.endLine,
      spanEnd,
      bodyStart: heading.endLine,
      parent,
      children: [],
      id: '',
      titles: [],
      depths: [],
      slugs: [],
    };
    parent.children.push(draft);
    open.push(draft);
    drafts.push(draft);
  });
  return writeRecords(input, drafts);
}

/** Each heading's span end: the next heading (kept or not) of equal or lower depth, or EOF. */
function headingSpanEnds(headings: HeadingLine[], lineCount: number): number[] {
  const ends = new Array<number>(headings.length).fill(lineCount);
  const waiting: number[] = [];
  headings.forEach((heading, index) => {
    while (waiting.length > 0 && headings[waiting[waiting.length - 1]!]!.depth >= heading.depth) {
      ends[waiting.pop()!] = heading.firstLine;
    }
    waiting.push(index);
  });
  return ends;
}

/**
 * GitHub slugs of every heading in order (docs/design.md#ids-and-slugs): an empty slug becomes
 * `heading`.
 */
export function headingSlugs(headings: Array<{ title: string }>): string[] {
  // github-slugger's own deduplication (`GithubSlugger.prototype.slug`), over cached base slugs:
  // documentation repeats the same few titles (Remarks, Syntax, See also) thousands of times.
  const occurrences = new Map<string, number>();
  return headings.map(({ title }) => {
    const base = baseSlug(title) || 'heading';
    let slug = base;
    while (occurrences.has(slug)) {
      const count = occurrences.get(base)! + 1;
      occurrences.set(base, count);
      slug = `${base}-${count}`;
    }
    occurrences.set(slug, 0);
    return slug;
  });
}

const slugCache = new Map<string, string>();

/** github-slugger's `slug(title)`, memoised. */
function baseSlug(title: string): string {
  let slug = slugCache.get(title);
  if (slug === undefined) {
    slug = githubSlug(title);
    if (slugCache.size >= 10_000) slugCache.clear();
    slugCache.set(title, slug);
  }
  return slug;
}

/** Where heading lines start, in bytes and in UTF-16 units. */
interface HeadingStarts {
  byte(line: number): number;
  char(line: number): number;
}

function headingStarts(input: TreeInput): HeadingStarts {
  const { lineByteStarts, lineStarts, text } = input.source;
  // Without frontmatter, a BOM belongs to the document node's body (docs/design.md#frontmatter), so
  // a heading on the first line starts after it.
  const bom = input.bodyStartLine === 0 && text.charCodeAt(0) === 0xfeff;
  return {
    byte: (line) => (bom && line === 0 ? 3 : lineByteStarts[line]!),
    char: (line) => (bom && line === 0 ? 1 : lineStarts[line]!),
  };
}

/** A node's body: its span (after the frontmatter for the document) minus its children's extents. */
function bodyOf(draft: Draft, source: SourceText, starts: HeadingStarts) {
  const { lineByteStarts, lineStarts, text } = source;
  const bodyRanges: ByteRange[] = [];
  let body = '';
  let cursor = draft.bodyStart;
  const addRange = (fromLine: number, toByte: number, toChar: number) => {
    if (toByte <= lineByteStarts[fromLine]!) return;
    bodyRanges.push([lineByteStarts[fromLine]!, toByte]);
    body += text.slice(lineStarts[fromLine], toChar);
  };
  for (const child of draft.children) {
    addRange(cursor, starts.byte(child.first), starts.char(child.first));
    cursor = child.spanEnd;
  }
  addRange(cursor, lineByteStarts[draft.spanEnd]!, lineStarts[draft.spanEnd]!);
  return { bodyRanges, body };
}

function writeRecords(input: TreeInput, drafts: Draft[]): ChunkNode[] {
  const { source, docId, fileTitle } = input;
  const { lineByteStarts } = source;
  const starts = headingStarts(input);
  return drafts.map((draft, position) => {
    const { heading, parent } = draft;
    draft.id = heading ? `${docId}#${draft.slug}` : docId;
    if (heading && parent) {
      draft.titles = [...parent.titles, heading.title];
      draft.depths = [...parent.depths, draft.depth];
      draft.slugs = [...parent.slugs, draft.slug!];
    }
    const { bodyRanges, body } = bodyOf(draft, source, starts);
    const titles = draft.titles;
    const crumbs = titles[0] === fileTitle ? titles.slice(1) : titles;
    return {
      id: draft.id,
      docId,
      parentId: parent ? parent.id : null,
      depth: draft.depth,
      position,
      title: heading ? heading.title : fileTitle,
      slug: draft.slug,
      headingStart: heading ? starts.byte(draft.first) : 0,
      byteStart: lineByteStarts[draft.spanStart]!,
      byteEnd: lineByteStarts[draft.spanEnd]!,
      bodyRanges,
      body,
      isChunk: /\S/.test(body),
      fileTitle,
      headerPath: titles,
      headerDepths: draft.depths,
      headerSlugs: draft.slugs,
      headerBreadcrumb: titles.join(' > '),
      sectionTitle: titles.at(-1) ?? fileTitle,
      sectionSlug: draft.slugs.at(-1) ?? null,
      breadcrumb: '> ' + [fileTitle, ...crumbs].join(' › '),
      startLine: draft.first + 1,
      // The last line holding a byte of the span (1-based): kept headings have non-empty spans,
      // and even an empty file has one line.
      endLine: draft.spanEnd,
      tokenEstimate: Math.ceil(body.length / 4),
    };
  });
}
