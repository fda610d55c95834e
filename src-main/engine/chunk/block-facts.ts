// What the chunker needs from a markdown parse, and the exact way to get it: micromark (the
// parser under remark-parse) with GFM, reading its events instead of building a syntax tree.
// remark builds its tree from these very events, so top-level heading tokens here are exactly the
// heading nodes among the root's children there. The fast scanner (`block-scan.ts`) answers the
// same question for the markdown it fully understands and defers to this for the rest.
import { parse, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { subtokenize } from 'micromark-util-subtokenize';
import type { Event, ParseContext, Token, TokenizeContext } from 'micromark-util-types';
import { headingTitle, MARKUP_TITLE_LIMIT, plainTextOf } from './heading-title.ts';
import type { SourceText } from './source-text.ts';

/** A top-level heading, in lines of the file. */
export interface HeadingLine {
  /** Level 1–6. */
  depth: number;
  /** Line index of the heading's first line (a setext heading's first text line). */
  firstLine: number;
  /**
   * Line index after the heading's last line (ATX: `firstLine + 1`; setext: after the underline).
   */
  endLine: number;
  /** Plain-text title (docs/design.md#headings). */
  title: string;
}

/** The block structure facts the chunk tree is built from. */
export interface BlockFacts {
  /** Top-level ATX and setext headings in document order. */
  headings: HeadingLine[];
  /** 1 for each line holding paragraph or table text (where inline `#tags` may be). */
  textLines: Uint8Array;
}

const containers = new Set(['blockQuote', 'listOrdered', 'listUnordered', 'gfmFootnoteDefinition']);

/** Where parsing starts: after the frontmatter, and after a BOM (remark skips it too). */
export function parseStart(source: SourceText, startLine: number): number {
  const start = source.lineStarts[startLine]!;
  return start === 0 && source.text.charCodeAt(0) === 0xfeff ? 1 : start;
}

/** Block facts of lines `[startLine, lineCount)` by a full micromark parse. */
export function micromarkBlockFacts(source: SourceText, startLine: number): BlockFacts {
  const textLines = new Uint8Array(source.lineCount);
  const headings: HeadingLine[] = [];
  const input = source.text.slice(parseStart(source, startLine));
  const parser = parse({ extensions: [gfm()] });
  const events = parser.document().write(preprocess()(input, undefined, true));
  expandBlocksAndHeadings(events);
  // micromark lines are 1-based and count from the slice's first line.
  const lineBase = startLine - 1;
  let depth = 0;
  for (let index = 0; index < events.length; index++) {
    const [kind, token] = events[index]!;
    const type = token.type as string;
    if (containers.has(type)) depth += kind === 'enter' ? 1 : -1;
    if (kind !== 'enter') continue;
    if (type === 'paragraph' || type === 'table') {
      textLines.fill(1, token.start.line + lineBase, token.end.line + lineBase + 1);
    } else if (depth === 0 && (type === 'atxHeading' || type === 'setextHeading')) {
      headings.push(headingAt(events, index, lineBase, parser));
    }
  }
  return { headings, textLines };
}

/**
 * micromark's `postprocess`, except that inline content is expanded only inside headings, and not
 * inside headings past `MARKUP_TITLE_LIMIT` (read as the fast scanner reads them): the
 * chunk tree needs no other inline parse (it is most of the work, and micromark's inline parsing
 * is quadratic in the delimiters and lines of a paragraph).
 */
function expandBlocksAndHeadings(events: Event[]): void {
  // The first pass turns document chunks into flow events (paragraphs, headings, code…).
  let done = subtokenize(events);
  while (!done) {
    let inHeading = 0;
    let inLongHeading = false;
    for (const [kind, token, context] of events) {
      const type = token.type as string;
      if (type === 'atxHeadingText' || type === 'setextHeadingText') {
        inHeading += kind === 'enter' ? 1 : -1;
        inLongHeading = kind === 'enter' && isLong(context, token);
      } else if (
        (inHeading === 0 || inLongHeading) &&
        (token.contentType === 'text' || token.contentType === 'string')
      ) {
        token.contentType = undefined;
      }
    }
    done = subtokenize(events);
  }
}

/** True for heading text whose title is read from its first 8 KiB (`titleSource`). */
function isLong(context: TokenizeContext, token: Token): boolean {
  return (
    token.end.offset - token.start.offset > MARKUP_TITLE_LIMIT &&
    context.sliceSerialize(token).length > MARKUP_TITLE_LIMIT
  );
}

function headingAt(
  events: Event[],
  index: number,
  lineBase: number,
  parser: ParseContext,
): HeadingLine {
  const heading = events[index]![1];
  const setext = heading.type === 'setextHeading';
  let depth = 0;
  let firstLine = heading.start.line + lineBase;
  let title = '';
  for (let at = index + 1; events[at]![1] !== heading; at++) {
    const [kind, token, context] = events[at]!;
    if (kind !== 'enter') continue;
    if (token.type === 'atxHeadingSequence') {
      // The first sequence opens the heading; a second one is the optional closing sequence.
      if (depth === 0) depth = token.end.offset - token.start.offset;
    } else if (token.type === 'setextHeadingLineSequence') {
      depth = context.sliceSerialize(token).startsWith('=') ? 1 : 2;
    } else if (token.type === 'atxHeadingText' || token.type === 'setextHeadingText') {
      // A setext heading's token also covers link definitions before its text (remark's node
      // does too); its lines are the text lines and the underline.
      if (setext) firstLine = token.start.line + lineBase;
      let end = at + 1;
      while (events[end]![1] !== token) end++;
      // A long heading was left unexpanded: it is read as the fast scanner reads it (its first
      // 8 KiB where micromark must read it), with this document's link definitions.
      title = isLong(context, token)
        ? headingTitle(context.sliceSerialize(token), parser)
        : plainTextOf(events, at + 1, end);
      at = end;
    }
  }
  return { depth, firstLine, endLine: heading.end.line + lineBase + 1, title };
}
