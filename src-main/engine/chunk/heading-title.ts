// Heading titles as plain text (docs/design.md#headings), from micromark's inline events: the same
// events remark builds its tree from, so a title is what remark's heading node says, flattened.
// Inline code keeps its literal text, emphasis/link markup and inline HTML tags are dropped (the
// text between tags stays), image alt text stays, escapes and character references are decoded,
// whitespace runs collapse to one space, and the result is trimmed.
import { parse, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { decodeString } from 'micromark-util-decode-string';
import type { Event, ParseContext } from 'micromark-util-types';
import { fastInlineText } from './inline-fast.ts';

/** Inline constructs whose whole source is markup: destinations, titles, tags, footnote calls. */
const dropped = new Set(['resource', 'reference', 'htmlText', 'gfmFootnoteCall']);

/** Tokens whose source text is the plain text. */
const literal = new Set([
  'data',
  'codeTextData',
  'characterEscapeValue',
  'autolinkProtocol',
  'autolinkEmail',
  'literalAutolink',
]);

/** Tokens that stand for a line break inside the heading text. */
const breaks = new Set(['lineEnding', 'hardBreakEscape']);

/** Plain text of the inline events `events[from..to)` (one heading's text). */
export function plainTextOf(events: Event[], from: number, to: number): string {
  let text = '';
  for (let index = from; index < to; index++) {
    const [kind, token, context] = events[index]!;
    if (kind !== 'enter') continue;
    const type = token.type as string;
    if (literal.has(type)) {
      text += context.sliceSerialize(token);
    } else if (type === 'characterReference') {
      text += decodeString(context.sliceSerialize(token));
    } else if (breaks.has(type)) {
      text += ' ';
    } else if (!dropped.has(type)) {
      continue;
    }
    // Skip the token's children: literal and dropped tokens are taken or left whole.
    while (
      index + 1 < to &&
      !(events[index + 1]![0] === 'exit' && events[index + 1]![1] === token)
    ) {
      index++;
    }
  }
  return collapseWhitespace(text);
}

/** Whitespace runs become one space; the ends are trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// One parser for every heading: parsing headings alone never defines link references (a file
// with definitions takes the full-parser path), so its shared state stays empty.
let textParser: ParseContext | null = null;

/**
 * The title of a heading whose inline source (markers and indentation removed) is `content`.
 * `parser` is the document's own micromark parser when link reference definitions must apply.
 */
export function headingTitle(content: string, parser?: ParseContext): string {
  if (content.trim() === '') return '';
  // Text without a character that can start markup (or NUL, which micromark replaces) needs no
  // parser. Literal autolinks (`www.x.com`) are left out on purpose: their text is their source.
  if (!/[\\`*_~[\]<&!\0]/.test(content)) return collapseWhitespace(content);
  // Code spans, HTML tags and autolinks alone (most headings with markup) are read directly.
  const fast = fastInlineText(content);
  if (fast !== null) return collapseWhitespace(fast);
  return micromarkTitle(titleSource(content), parser);
}

/**
 * Longest heading content (chars) micromark reads for a title. Its inline parsing is quadratic
 * (emphasis resolution, and merging the text of each line of a long setext heading): a 90 KB
 * heading of `*a_*a_…` took a minute, a 1.8 MB setext paragraph 50 s. Past this limit (no real
 * heading comes near it) the title, and so the slug, is read from the content's first 8 KiB.
 * Headings the direct readers take (plain text, code spans, tags) are read whole, in linear
 * time, so their slugs stay GitHub's anchors (the adversarial corpus's 15 KB h1).
 */
export const MARKUP_TITLE_LIMIT = 8192;

/**
 * What a title is read from: `content` itself, or past `MARKUP_TITLE_LIMIT` its first chars, cut
 * at the last space when there is one and never inside a surrogate pair.
 */
export function titleSource(content: string): string {
  if (content.length <= MARKUP_TITLE_LIMIT) return content;
  let head = content.slice(0, MARKUP_TITLE_LIMIT);
  const space = head.lastIndexOf(' ');
  if (space > 0) return head.slice(0, space);
  const last = head.charCodeAt(head.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
  return head;
}

/**
 * The title as micromark reads `content` (the exact path for any inline markup). `parser` is the
 * document's own parser when link reference definitions must apply (the full-parse path).
 */
export function micromarkTitle(content: string, parser?: ParseContext): string {
  const context = parser ?? (textParser ??= parse({ extensions: [gfm()] }));
  const events = context.text().write(preprocess()(content, undefined, true));
  return plainTextOf(events, 0, events.length);
}
