// Links and block anchors of a markdown document, found in the chunker's own pass over its block
// facts (docs/links.md): only on lines the block parser marked as paragraph or table text and on
// heading lines — never in fenced or indented code, HTML blocks or the frontmatter — and, inside
// those lines, never in a code span, an inline HTML comment or a `%%comment%%` (which may span
// paragraphs). Each link is recorded with its UTF-8 byte range and the node that holds it.
import type { HeadingLine } from './block-facts.ts';
import { codeSpans } from './inline-tags.ts';
import { decodeUtf8 } from '../analysis/utf8.ts';
import { isAttachmentPath, isExternalDestination, parseLinkText } from '../links/link-text.ts';
import type { SourceText } from './source-text.ts';
import type { BlockAnchor, ChunkNode, DocumentLink } from './types.ts';

/** What `extractLinks` finds in a document. */
export interface DocumentLinks {
  links: DocumentLink[];
  blocks: BlockAnchor[];
}

/** Where links may be: the block facts and the tree already built. */
export interface LinkScanInput {
  source: SourceText;
  textLines: Uint8Array;
  headings: HeadingLine[];
  nodes: ChunkNode[];
  /** First line after the frontmatter. */
  bodyStartLine: number;
}

// `%%` (comment fence), `[[` (optionally `![[`), `](` (end of a Markdown link's text), and a
// block id `^id` at the end of a line.
const tokens = /%%|(!?)\[\[|\]\(|\^([A-Za-z0-9-]+)[ \t]*(?=\r|\n|$)/g;

/** Every link and block anchor of a markdown document, in document order. */
export function extractLinks(input: LinkScanInput): DocumentLinks {
  const { source, textLines, headings } = input;
  const { text, lineStarts, lineCount } = source;
  const scan = new LinkScan(input);
  const next = new NextChars(['[', '%', '^']);
  let heading = 0;
  // Jump from one `[`, `%` or `^` to the next: most lines hold none, and are never looked at.
  let line = input.bodyStartLine;
  while (line < lineCount) {
    const char = next.from(text, lineStarts[line]!);
    if (char === Infinity) break;
    line = lineOf(lineStarts, char, line);
    while (heading < headings.length && headings[heading]!.endLine <= line) heading++;
    const within = headings[heading];
    if (within && within.firstLine <= line) {
      scan.segment(within.firstLine, within.endLine, true);
      line = within.endLine;
    } else if (textLines[line] === 1) {
      // The run of text lines around it, up to the next heading.
      let from = line;
      while (from > input.bodyStartLine && textLines[from - 1] === 1) from--;
      let to = line + 1;
      const stop = within ? within.firstLine : lineCount;
      while (to < stop && textLines[to] === 1) to++;
      scan.segment(Math.max(from, scan.scannedTo), to, false);
      line = to;
    } else {
      line++;
    }
  }
  return { links: scan.links, blocks: scan.blocks };
}

/** The line holding char offset `char`, searching from line `from` on. */
function lineOf(lineStarts: Int32Array, char: number, from: number): number {
  let low = from;
  let high = lineStarts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lineStarts[mid]! <= char) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The state of one document's scan: what was found, and whether a `%%` comment is open. */
class LinkScan {
  readonly links: DocumentLink[] = [];
  readonly blocks: BlockAnchor[] = [];
  /** The line after the last segment scanned. */
  scannedTo = 0;
  private readonly input: LinkScanInput;
  private locator: NodeLocator | null = null;
  private inComment = false;

  constructor(input: LinkScanInput) {
    this.input = input;
  }

  /** Scans lines `[from, to)`; a heading's lines hold links but no block anchors. */
  segment(from: number, to: number, heading: boolean): void {
    const { text, lineStarts } = this.input.source;
    this.scannedTo = to;
    const start = lineStarts[from]!;
    const run = text.slice(start, lineStarts[to]);
    let skipped: Array<[number, number]> | null = null;
    let next = 0; // the first skipped range not wholly before the token (tokens only move on)
    tokens.lastIndex = 0;
    for (let match = tokens.exec(run); match; match = tokens.exec(run)) {
      const at = match.index;
      skipped ??= skippedRanges(run);
      while (next < skipped.length && skipped[next]![1] <= at) next++;
      if (next < skipped.length && skipped[next]![0] <= at) continue;
      const token = match[0];
      if (token === '%%') {
        this.inComment = !this.inComment;
      } else if (this.inComment) {
        continue;
      } else if (token.endsWith('[[')) {
        tokens.lastIndex = this.wikilink(run, start, at + match[1]!.length);
      } else if (token === '](') {
        this.markdownLink(run, start, at);
      } else if (!heading && (at === 0 || /\s/.test(run[at - 1]!))) {
        const byte = this.byteAt(start + at);
        this.blocks.push({ id: match[2]!, node: this.nodeAt(byte) });
      }
    }
  }

  /** A wikilink whose `[[` is at `open` (run-relative); returns where scanning goes on. */
  private wikilink(run: string, base: number, open: number): number {
    const close = run.indexOf(']]', open + 2);
    if (close === -1) return open + 2;
    // `[[a [[b]] c]]` links `b` only; a line ending ends no wikilink.
    const inner = run.lastIndexOf('[[', close - 1);
    const first = inner > open ? inner : open;
    const target = run.slice(first + 2, close);
    if (/[\r\n]/.test(target)) return first + 2;
    const embed = run.charCodeAt(first - 1) === 33;
    const { path } = parseLinkText(target, false);
    if (target.trim() !== '' && !isAttachmentPath(path)) {
      this.add(base + first - (embed ? 1 : 0), base + close + 2, target, false, embed);
    }
    return close + 2;
  }

  /** A Markdown link whose text ends with the `](` at `at` (run-relative). */
  private markdownLink(run: string, base: number, at: number): void {
    const destination = readDestination(run, at + 2);
    if (!destination) return;
    const open = openingBracket(run, at);
    if (open === -1) return;
    const raw = destination.text;
    if (raw === '' || isExternalDestination(raw)) return;
    if (isAttachmentPath(parseLinkText(raw, true).path)) return;
    const embed = run.charCodeAt(open - 1) === 33;
    this.add(base + open - (embed ? 1 : 0), base + destination.end, raw, true, embed);
  }

  private add(start: number, end: number, target: string, markdown: boolean, embed: boolean) {
    const byteStart = this.byteAt(start);
    const node = this.nodeAt(byteStart);
    this.links.push({ node, start: byteStart, end: this.byteAt(end), target, markdown, embed });
  }

  private nodeAt(byte: number): number {
    this.locator ??= new NodeLocator(this.input.nodes);
    return this.locator.at(byte);
  }

  /** The UTF-8 byte offset of a char offset (exact for invalid UTF-8 too). */
  private byteAt(char: number): number {
    const { lineStarts, lineByteStarts, bytes } = this.input.source;
    if (lineByteStarts === lineStarts) return char;
    const line = lineOf(lineStarts, char, 0);
    const decoded = decodeUtf8(bytes, lineByteStarts[line]!, lineByteStarts[line + 1]!);
    return decoded.byteAt(char - lineStarts[line]!);
  }
}

/** The next occurrence of any of a few chars, each found once per stretch of text it skips. */
class NextChars {
  private readonly chars: string[];
  private readonly at: number[];

  constructor(chars: string[]) {
    this.chars = chars;
    this.at = chars.map(() => -1);
  }

  /** The first of the chars at or after `from` (`Infinity` when none is left). */
  from(text: string, from: number): number {
    let first = Infinity;
    this.chars.forEach((char, index) => {
      if (this.at[index]! < from && this.at[index] !== Infinity) {
        const found = text.indexOf(char, from);
        this.at[index] = found === -1 ? Infinity : found;
      }
      first = Math.min(first, this.at[index]!);
    });
    return first;
  }
}

/** Code spans and inline HTML comments of a run, sorted: nothing in them is a link. */
function skippedRanges(run: string): Array<[number, number]> {
  const ranges = run.includes('`') ? codeSpans(run) : [];
  if (run.includes('<!--')) {
    for (const match of run.matchAll(/<!--[^]*?(?:-->|$)/g)) {
      ranges.push([match.index, match.index + match[0].length]);
    }
    ranges.sort((a, b) => a[0] - b[0]);
  }
  return ranges;
}

/**
 * A link destination starting at `at` (after `(`) and the link's end after its `)`: `<…>` or a
 * run without spaces and with balanced parentheses, then an optional title (CommonMark 0.31).
 */
export function readDestination(run: string, at: number): { text: string; end: number } | null {
  let index = skipSpace(run, at);
  let text: string;
  if (run[index] === '<') {
    let close = index + 1;
    while (close < run.length && !'<>\n\r'.includes(run[close]!)) {
      close += run[close] === '\\' ? 2 : 1;
    }
    if (run[close] !== '>') return null;
    text = run.slice(index + 1, close);
    index = close + 1;
  } else {
    let depth = 0;
    let end = index;
    for (; end < run.length; end++) {
      const code = run.charCodeAt(end);
      if (code === 92) end++;
      else if (code <= 32) break;
      else if (code === 40) depth++;
      else if (code === 41 && depth-- === 0) break;
    }
    text = run.slice(index, end);
    index = end;
  }
  index = skipSpace(run, index);
  const quote = run[index];
  if (quote === '"' || quote === "'" || quote === '(') {
    const closer = quote === '(' ? ')' : quote;
    let close = index + 1;
    while (close < run.length && run[close] !== closer) close += run[close] === '\\' ? 2 : 1;
    if (close >= run.length) return null;
    index = skipSpace(run, close + 1);
  }
  return run[index] === ')' ? { text, end: index + 1 } : null;
}

function skipSpace(run: string, at: number): number {
  let index = at;
  while (index < run.length && ' \t\r\n'.includes(run[index]!)) index++;
  return index;
}

/** The `[` that opens the link text closed by the `]` at `close`, or -1 (escapes respected). */
function openingBracket(run: string, close: number): number {
  let depth = 0;
  for (let index = close - 1; index >= 0; index--) {
    const code = run.charCodeAt(index);
    if (code !== 91 && code !== 93) continue;
    if (run.charCodeAt(index - 1) === 92) continue;
    if (code === 93) depth++;
    else if (depth-- === 0) return index;
  }
  return -1;
}

/** The deepest node whose extent holds a byte, for increasing bytes mostly (a moving cursor). */
class NodeLocator {
  private readonly nodes: ChunkNode[];
  private readonly parents: Int32Array;
  private cursor = 0;

  constructor(nodes: ChunkNode[]) {
    this.nodes = nodes;
    // Pre-order: a node's parent is the nearest earlier node of lower depth.
    this.parents = new Int32Array(nodes.length);
    const open: number[] = [];
    nodes.forEach((node, position) => {
      while (open.length > 0 && nodes[open[open.length - 1]!]!.depth >= node.depth) open.pop();
      this.parents[position] = open.length > 0 ? open[open.length - 1]! : -1;
      open.push(position);
    });
  }

  at(byte: number): number {
    const { nodes } = this;
    if (nodes[this.cursor]!.headingStart > byte) this.cursor = 0;
    while (this.cursor + 1 < nodes.length && nodes[this.cursor + 1]!.headingStart <= byte) {
      this.cursor++;
    }
    let node = this.cursor;
    while (node > 0 && nodes[node]!.byteEnd <= byte) node = this.parents[node]!;
    return node;
  }
}
