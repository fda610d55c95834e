// Snippets (docs/design.md#the-result-record): about `snippetLength` characters (150) around the
// densest cluster of matches, whitespace collapsed, as segments for the renderer and as HTML with
// `<b>` for everything else.
import type { SnippetSegment } from '#shared/contract/api.ts';
import { ENGINE_DEFAULTS } from '../settings/settings.ts';
import type { TextRange } from './highlight.ts';
import { fenceOpenAt, readableText, tableLineAt } from './readable-text.ts';

/** Characters of context kept before the first match of the window. */
const LEAD = 30;
/** Only the first matches are tried as window anchors (a huge section can have thousands). */
const MAX_ANCHORS = 50;

/** A snippet in both forms, the HTML one built when first read (a text answer never reads it). */
export class Snippet {
  readonly segments: SnippetSegment[];
  #html: string | undefined;

  constructor(segments: SnippetSegment[]) {
    this.segments = segments;
  }

  get html(): string {
    return (this.#html ??= snippetHtml(this.segments));
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const HTML_SPECIAL = /[&<>"']/;

/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (char) => ESCAPES[char]!) : text;
}

/** Joins segments into the HTML form: matches in `<b>`, all text escaped. */
function snippetHtml(segments: SnippetSegment[]): string {
  return segments
    .map((s) => (s.match ? `<b>${escapeHtml(s.text)}</b>` : escapeHtml(s.text)))
    .join('');
}

/** True for a character `\s` matches (what `trim` removes, too). */
const SPACE = /\s/;
/** A piece of text whose whitespace needs collapsing: anything but lone spaces. */
const UNCOLLAPSED = /[^\S ]| {2}/;

/** The first word start at or after `from` and before `anchor` (the anchor itself if none). */
function wordStart(text: string, from: number, anchor: number): number {
  if (from === 0) return 0;
  const space = text.slice(from, anchor).search(/\s\S/);
  return space >= 0 ? from + space + 1 : anchor;
}

/**
 * The window of `length` characters holding the most distinct matched words (then the earliest),
 * tried at each of the first `MAX_ANCHORS` matches.
 */
function chooseWindow(text: string, matches: TextRange[], length: number): [number, number] {
  let best: [number, number] = [0, Math.min(text.length, length)];
  let bestScore = -1;
  const anchors = Math.min(matches.length, MAX_ANCHORS);
  // Each distinct matched word (lower-cased) gets a number; a window counts the numbers it
  // holds by stamping them with its anchor, so no set is built per window.
  const numbers = new Map<string, number>();
  const wordNumber: number[] = [];
  const stamps: number[] = [];
  const numberOf = (j: number) => {
    let n = wordNumber[j];
    if (n === undefined) {
      const word = text.slice(matches[j]![0], matches[j]![1]).toLowerCase();
      n = numbers.get(word);
      if (n === undefined) numbers.set(word, (n = numbers.size));
      wordNumber[j] = n;
    }
    return n;
  };
  for (let i = 0; i < anchors; i++) {
    const anchor = matches[i]!;
    let start = wordStart(text, Math.max(0, anchor[0] - LEAD), anchor[0]);
    const end = Math.min(text.length, start + length);
    // Near the end of the text the lead-in grows, so the snippet is as long as any other.
    if (end - start < length) start = wordStart(text, Math.max(0, end - length), anchor[0]);
    // Matches are sorted: the window holds the anchor and the few after it that end in time.
    let distinct = 0;
    for (let j = i; j < matches.length && matches[j]![1] <= end; j++) {
      const n = numberOf(j);
      if (stamps[n] !== i + 1) {
        stamps[n] = i + 1;
        distinct++;
      }
    }
    const score = distinct * 1000 - start / text.length; // most distinct terms, then earliest
    if (score > bestScore) {
      bestScore = score;
      best = [start, end];
    }
  }
  return best;
}

/** Index of the first match ending after `at` (matches are sorted and disjoint), or `length`. */
function firstEndingAfter(matches: TextRange[], at: number): number {
  let lo = 0;
  let hi = matches.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (matches[mid]![1] > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function snapEnd(text: string, start: number, end: number, matches: TextRange[]): number {
  if (end >= text.length || SPACE.test(text[end]!)) return end;
  // Never cut a word in half: back up to the last space, unless that would cut a match.
  let space = end - 1;
  while (space >= start && !SPACE.test(text[space]!)) space--;
  const cut = space > start ? space : end;
  const inside = matches[firstEndingAfter(matches, cut)];
  return inside && inside[0] < end ? Math.max(end, inside[1]) : cut;
}

/**
 * A snippet segment, made by a class rather than an object literal: V8 pretenured the literal's
 * objects while the first searches ran, and old segments holding young strings kept them alive
 * through young collections (as results.ts `unsited` says of a result).
 */
class Segment implements SnippetSegment {
  text: string;
  match: boolean;

  constructor(text: string, match: boolean) {
    this.text = text;
    this.match = match;
  }
}

/** Segments of a snippet, whitespace collapsed, neighbours of one kind joined. */
class Segments {
  readonly list: SnippetSegment[] = [];

  push(piece: string, match: boolean): void {
    let collapsed = UNCOLLAPSED.test(piece) ? piece.replace(/\s+/g, ' ') : piece;
    const last = this.list[this.list.length - 1];
    // Collapsed across pieces too: a window cut after a space, then ` …`, read `end;  …`.
    if (last?.text.endsWith(' ') && collapsed.startsWith(' ')) collapsed = collapsed.slice(1);
    if (!collapsed) return;
    if (last && last.match === match) last.text += collapsed;
    else this.list.push(new Segment(collapsed, match));
  }
}

/** How far a window's edge looks for the start or end of syntax it falls inside. */
const SYNTAX_REACH = 400;
/** A table row's start. */
const ROW_START = /^[ \t]*\|/;

/** The count of `char` in `text`. */
function countOf(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) count++;
  return count;
}

/** The start of the line holding `at`, looking at most `SYNTAX_REACH` back. */
function lineStartBefore(text: string, at: number): number {
  return Math.max(text.lastIndexOf('\n', at - 1) + 1, at - SYNTAX_REACH);
}

/** Where `text`'s last `opener` is, when no `closer` follows it (else -1). */
function openAt(text: string, opener: string, closer: string): number {
  const at = text.lastIndexOf(opener);
  return at > text.lastIndexOf(closer) ? at : -1;
}

/** Whether `at` starts a line of `text`. */
const isLineStart = (text: string, at: number) => at === 0 || text[at - 1] === '\n';

/**
 * Where to start reading `text` for a window starting at `from`, so that syntax `from` falls
 * inside is read whole (docs/design.md#snippets): its line's start for a table row (with its
 * leading pipe or without), else the start of a tag, a link or a code span the line leaves open
 * at `from` (looking at most `SYNTAX_REACH` back). `onTable`: true when it starts a pipe-less row
 * (`tableLineAt` said so), undefined when that was not asked.
 */
function readFrom(text: string, from: number): { begin: number; onTable?: true } {
  if (from === 0) return { begin: 0 };
  const line = lineStartBefore(text, from);
  const before = text.slice(line, from);
  if (ROW_START.test(before)) return { begin: line };
  if (before.includes('|') && isLineStart(text, line) && tableLineAt(text, line))
    return { begin: line, onTable: true };
  let begin = before.length;
  const tag = openAt(before, '<', '>');
  if (tag >= 0) begin = tag;
  const bracket = openAt(before, '[', ']');
  if (bracket >= 0) begin = Math.min(begin, bracket);
  else {
    const target = openAt(before, '](', ')');
    if (target >= 0) {
      // Inside a link's target: from its text's `[` (the last one before `](`).
      const opening = before.lastIndexOf('[', target);
      if (opening >= 0) begin = Math.min(begin, opening);
    }
  }
  if (before.includes('`') && countOf(before, '`') % 2 === 1) {
    begin = Math.min(begin, before.lastIndexOf('`'));
  }
  return { begin: line + begin };
}

/**
 * Where to stop reading `text` for a window read up to `stop`: the end of its line (at most
 * `SYNTAX_REACH` on) when the line so far leaves a tag or a link open — a `<` after its last `>`,
 * a `[` after its last `]`, a `](` after its last `)`.
 */
function readTo(text: string, stop: number): number {
  if (stop >= text.length) return text.length;
  const before = text.slice(lineStartBefore(text, stop), stop);
  const open = (opener: string, closer: string) => openAt(before, opener, closer) >= 0;
  if (!open('<', '>') && !open('[', ']') && !open('](', ')')) return stop;
  const end = text.indexOf('\n', stop);
  return Math.min(end < 0 ? text.length : end, stop + SYNTAX_REACH);
}

/**
 * The window `[from, end)` of `text` as a reader sees it (readable-text.ts), with its matches,
 * cut back to about `end - from` characters. The source is read a little past `end`, so that
 * markup dropped inside the window leaves room for the text after it, and on to the end of
 * syntax it stops inside; it is read from before `from` when `from` may be inside syntax.
 */
function readableWindow(text: string, matches: TextRange[], from: number, end: number) {
  const stop = readTo(text, Math.min(text.length, end + (end - from)));
  const { begin, onTable } = readFrom(text, from);
  const inside: TextRange[] = [];
  for (let i = firstEndingAfter(matches, begin); i < matches.length; i++) {
    const [ms, me] = matches[i]!;
    if (ms >= stop) break;
    inside.push([Math.max(ms, begin) - begin, Math.min(me, stop) - begin]);
  }
  const fenced = fenceOpenAt(text.slice(0, begin));
  const source = text.slice(begin, stop);
  // Rows without their leading pipe are rows only by the table the source starts in (asked
  // once: `readFrom` may have).
  const table =
    source.includes('|') && (onTable ?? tableLineAt(text, text.lastIndexOf('\n', begin - 1) + 1));
  const view = readableText(source, inside, fenced, from - begin, table);
  const leading = view.text.search(/\S/);
  const cut = leading < 0 ? 0 : snapEnd(view.text, leading, leading + (end - from), view.matches);
  const more = stop < text.length || /\S/.test(view.text.slice(cut));
  return { ...view, start: Math.max(0, leading), end: Math.min(cut, view.text.length), more };
}

/** True when a reader sees some text in `source` (not only markup). */
function hasReadableText(source: string): boolean {
  return /\S/.test(readableText(source, []).text);
}

/**
 * Builds a snippet of `text` around `matches` (sorted, non-overlapping UTF-16 ranges): the
 * window is chosen on the source, then shown as a reader sees it (no Markdown or HTML syntax).
 */
export function buildSnippet(
  text: string,
  matches: TextRange[],
  length: number = ENGINE_DEFAULTS.snippetLength,
): Snippet {
  const leading = text.search(/\S/);
  if (leading < 0) return new Snippet([]);
  const [start, rawEnd] =
    matches.length > 0 ? chooseWindow(text, matches, length) : [leading, leading + length];
  const from = Math.max(start, matches.length > 0 ? 0 : leading);
  const end = snapEnd(text, from, Math.min(rawEnd, text.length), matches);
  const view = readableWindow(text, matches, from, end);
  const out = new Segments();
  if (from > leading && hasReadableText(text.slice(Math.max(0, from - LEAD * 4), from))) {
    out.push('…', false);
  }
  let at = view.start;
  for (const [ms, me] of view.matches) {
    if (ms >= view.end) break;
    if (me <= at) continue;
    out.push(view.text.slice(at, Math.max(at, ms)), false);
    out.push(view.text.slice(Math.max(ms, at), Math.min(me, view.end)), true);
    at = Math.min(me, view.end);
  }
  out.push(view.text.slice(at, view.end), false);
  if (view.more) out.push(' …', false);
  const segments = out.list;
  const first = segments[0];
  if (first && !first.match) first.text = first.text.replace(/^ /, '');
  const last = segments[segments.length - 1];
  if (last && !last.match) last.text = last.text.replace(/ $/, '');
  const kept = segments.filter((s) => s.text.length > 0);
  return new Snippet(kept);
}

/**
 * Joins snippets of several topics with ` … ` (docs/design.md#multi-topic-search), skipping
 * repeats. The ellipses that mark cut text at the joins go: the separator says it already
 * ("… a … … b …" would not).
 */
export function joinSnippets(snippets: Snippet[]): Snippet {
  const seen = new Set<string>();
  const kept = snippets.filter((snippet) => {
    const fresh = snippet.html !== '' && !seen.has(snippet.html);
    seen.add(snippet.html);
    return fresh;
  });
  const segments: SnippetSegment[] = [];
  kept.forEach((snippet, index) => {
    const own = snippet.segments.map((s) => new Segment(s.text, s.match));
    const first = own[0];
    if (index > 0 && first && !first.match) first.text = first.text.replace(/^…\s*/, '');
    const last = own[own.length - 1];
    if (index < kept.length - 1 && last && !last.match) last.text = last.text.replace(/\s*…$/, '');
    if (index > 0) segments.push(new Segment(' … ', false));
    segments.push(...own.filter((s) => s.text.length > 0));
  });
  return new Snippet(segments);
}
