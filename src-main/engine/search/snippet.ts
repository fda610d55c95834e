// Snippets (docs/design.md#the-result-record): a window of about `ENGINE_DEFAULTS.snippetLength`
// characters of the source around the densest cluster of matches, shown as a reader sees it
// (docs/design.md#snippets), whitespace collapsed, as segments for the renderer and as HTML with
// `<b>` for everything else.
import type { SnippetSegment } from '#shared/contract/api.ts';
import { ENGINE_DEFAULTS } from '../settings/settings.ts';
import type { TextRange } from './highlight.ts';
import {
  commentEndAround,
  fenceOpenAt,
  LIST_ITEM,
  matchesAt,
  proseStart,
  readableText,
  shownMatches,
  tableLineAt,
} from './readable-text.ts';

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
 * tried at each of the first `MAX_ANCHORS` matches, with the match it was tried at.
 */
function chooseWindow(
  text: string,
  matches: TextRange[],
  length: number,
): [start: number, end: number, anchor: number] {
  // `anchor`: the index in `matches` of the match the window was tried at.
  let best: [number, number, number] = [0, Math.min(text.length, length), 0];
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
      best = [start, end, i];
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
 * through young collections (measured again, literals promote no more:
 * docs/benchmarks.md#literal-sites-and-young-collections-measured-again-2026-11-28).
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
/** A fenced div's or a docfx extension's line (`::: moniker …`, `:::image …:::`), dropped whole. */
const DIV_START = /^[ \t]*:::/;

/** How far back a window's line is read for the pairs of its backticks and stars. */
const PARITY_REACH = 8 * SYNTAX_REACH;

/** The count of `part` in `text`, not overlapping. */
function countOf(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
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
  if (ROW_START.test(before) || DIV_START.test(before)) return { begin: line };
  if (before.includes('|') && isLineStart(text, line) && tableLineAt(text, line))
    return { begin: line, onTable: true };
  let begin = before.length;
  const tag = openAt(before, '<', '>');
  if (tag >= 0) begin = tag;
  let bracket = openAt(before, '[', ']');
  // A wikilink's or an embed's start: its `[[` or `![[`.
  while (bracket > 0 && (before[bracket - 1] === '[' || before[bracket - 1] === '!')) bracket--;
  if (bracket >= 0) begin = Math.min(begin, bracket);
  else {
    const target = openAt(before, '](', ')');
    if (target >= 0) {
      // Inside a link's target: from its text's `[` (the last one before `](`).
      const opening = before.lastIndexOf('[', target);
      if (opening >= 0) begin = Math.min(begin, opening);
    }
  }
  // Backticks and stars pair up from the line's real start: counted from `SYNTAX_REACH` back,
  // inside a code span, a closing backtick was taken for an opening one (msdocs-cpp's
  // `` *`CMakePresets.json`* `` read `…a *CMakeSettings.json`* file`). On a longer line neither
  // is told.
  const start = text.lastIndexOf('\n', from - 1) + 1;
  const counted = from - start <= PARITY_REACH ? text.slice(start, from) : '';
  const shift = start - line; // where `counted` starts, from `line`
  if (counted.includes('`') && countOf(counted, '`') % 2 === 1) {
    begin = Math.min(begin, shift + counted.lastIndexOf('`'));
  }
  // Inside emphasis: from its opening marks, or its closing ones would show (msdocs-cpp's
  // `**END Microsoft Specific**` read `…Microsoft Specific** See also`). An odd `*` (an odd
  // count of them, else of `**`) may be C++'s `void**`: read from there, it changes nothing.
  // Stars in code spans are code, and a start inside one would open a span at its end.
  if (counted.includes('*')) {
    const prose = counted.includes('`')
      ? counted.replace(CODE_SPAN, (span) => ' '.repeat(span.length))
      : counted;
    const single = countOf(prose, '*') % 2 === 1;
    if (single || countOf(prose, '**') % 2 === 1) {
      begin = Math.min(begin, shift + prose.lastIndexOf(single ? '*' : '**'));
    }
  }
  // Inside a line that is no table's, a pipe is text: read from before it, or it would start a
  // row (obsidian-hub's footers, `[Edit](…) | [Copy this note](…)`, read `Copy this note · …`).
  if (begin > 0 && matchesAt(PIPE_AT, text, line + begin)) {
    while (begin > 0 && (before[begin - 1] === ' ' || before[begin - 1] === '\t')) begin--;
    begin = Math.max(0, begin - 1);
  }
  return { begin: line + begin };
}

/** A code span (of one line), as `INLINE` reads one (readable-text.ts). */
const CODE_SPAN = /(`+)(?:[^`]|[^`][^\n]*?[^`])\1(?!`)/g;

/** A pipe, after spaces. */
const PIPE_AT = /[ \t]*\|/y;

/**
 * Where to stop reading `text` for a window read up to `stop`: the end of its line (at most
 * `SYNTAX_REACH` on) when the line so far leaves a tag, a link or a code span open — a `<` after
 * its last `>`, a `[` after its last `]` or more `[` than `]` (a link's text holding a pair,
 * msdocs-cpp's `` [`unique_ptr<T[]>`](…) ``), a `](` after its last `)` or a `]` before `(`, an
 * odd backtick.
 */
function readTo(text: string, stop: number): number {
  if (stop >= text.length) return text.length;
  const before = text.slice(lineStartBefore(text, stop), stop);
  const open = (opener: string, closer: string) => openAt(before, opener, closer) >= 0;
  const unclosed =
    open('<', '>') ||
    open('[', ']') ||
    open('](', ')') ||
    (before.endsWith(']') && text[stop] === '(') ||
    (before.includes('[') && countOf(before, '[') > countOf(before, ']')) ||
    (before.includes('`') && countOf(before, '`') % 2 === 1);
  if (!unclosed) return stop;
  const end = text.indexOf('\n', stop);
  return Math.min(end < 0 ? text.length : end, stop + SYNTAX_REACH);
}

/**
 * `stop`, or where the next line starts plus one character when the source read up to `stop`
 * ends with a backslash and its line's end: the backslash breaks the line only where text follows
 * (readable-text.ts), else it shows (msdocs-cpp's lists of links, `[fn](fn.md)\`, read `fn\ …`).
 */
function pastBreak(text: string, stop: number): number {
  let at = stop;
  if (text[at - 1] === '\\') {
    if (text[at] === '\r') at++;
    if (text[at] !== '\n') return stop;
    at++;
  } else if (text[at - 1] !== '\n' || text[at - (text[at - 2] === '\r' ? 3 : 2)] !== '\\') {
    return stop;
  }
  // Its first character that is not indentation (msdocs-cpp's keyword lists, `co_return c\`
  // then an indented line, read `c\ …`).
  while (text[at] === ' ' || text[at] === '\t') at++;
  return Math.min(text.length, at + 1);
}

/**
 * The window `[from, end)` of `text` as a reader sees it (readable-text.ts), with its matches,
 * cut back to about `end - from` characters. The source is read a little past `end`, so that
 * markup dropped inside the window leaves room for the text after it, and on to the end of
 * syntax it stops inside; it is read from before `from` when `from` may be inside syntax.
 */
function readableWindow(text: string, matches: TextRange[], from: number, end: number) {
  const stop = pastBreak(text, readTo(text, Math.min(text.length, end + (end - from))));
  const { begin, onTable } = readFrom(text, from);
  const inside: TextRange[] = [];
  const firstInside = firstEndingAfter(matches, begin);
  for (let i = firstInside; i < matches.length; i++) {
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
  // Starting inside a list item's line: the items after it are set apart from it.
  const lineStart = text.lastIndexOf('\n', begin - 1) + 1;
  const listed = lineStart < begin && LIST_ITEM.test(text.slice(lineStart, begin));
  const view = readableText(source, inside, fenced, from - begin, table, listed);
  const leading = view.text.search(/\S/);
  // Where the source read stops inside a word, so does the view: its last character is a cut.
  const last = view.text.length - (stop < text.length && !SPACE.test(text[stop]!) ? 1 : 0);
  const cut =
    leading < 0
      ? 0
      : snapEnd(view.text, leading, Math.min(leading + (end - from), last), view.matches);
  const more = stop < text.length || /\S/.test(view.text.slice(cut));
  const firstShown = view.firstShown < 0 ? -1 : firstInside + view.firstShown;
  const { text: shown, matches: marked } = view;
  return {
    text: shown,
    matches: marked,
    firstShown,
    readTo: firstInside + inside.length,
    // A comment read, or one's end: the window may have started inside one.
    commentMarks: view.comments || source.includes('-->'),
    begin,
    cutText: view.cutText,
    start: Math.max(0, leading),
    end: Math.min(cut, shown.length),
    more,
  };
}

/** True when a reader sees some text in `source` (not only markup). */
function hasReadableText(source: string): boolean {
  return /\S/.test(source) && /\S/.test(readableText(source, []).text);
}

/**
 * True when a reader sees some text in the `LEAD * 4` characters of `text` before `at`. Where
 * those show none but hold a `%%`, they are read again from their line's start: read from inside
 * a code span, its `` %%` `` (printf's) would open a comment.
 */
function readableBefore(text: string, at: number): boolean {
  const from = Math.max(0, at - LEAD * 4);
  const before = text.slice(from, at);
  if (hasReadableText(before)) return true;
  const line = lineStartBefore(text, from);
  return line < from && before.includes('%%') && hasReadableText(text.slice(line, at));
}

/**
 * The snippet of the window `[from, end)` of `text` (`end` snapped to a word's end). With
 * `anchor` (the index in `matches` of the match it was placed for), only where a reader sees
 * that match or one before it; else the index in `matches` up to which the window's matches from
 * the anchor on are ones no reader sees (it was placed for a word in syntax: a badge's URL).
 * Without `anchor`, the window is the text's opening (no "…" before it).
 */
function windowSnippet(
  text: string,
  matches: TextRange[],
  [from, rawEnd]: [number, number],
  anchor?: number,
): Snippet | number {
  // Words are kept whole in the text a reader sees (`readableWindow`), not in the source: there,
  // a long URL is one word, and backing up before it left a snippet a few words long.
  const end = Math.min(rawEnd, text.length);
  let view = readableWindow(text, matches, from, end);
  if (view.commentMarks) {
    // Read from inside a comment, its closing mark would open one: read from its end.
    const after = commentEndAround(text, from);
    if (after > from) view = readableWindow(text, matches, Math.min(after, end), end);
  }
  const { firstShown } = view;
  if (anchor !== undefined && (firstShown < 0 || firstShown > anchor)) {
    return Math.max(anchor + 1, firstShown >= 0 ? firstShown : view.readTo);
  }
  if (view.start >= view.end) return new Snippet([]);
  const out = new Segments();
  // "…" first: text a reader sees was cut off, inside the syntax read or before it.
  if (anchor !== undefined && (view.cutText || readableBefore(text, view.begin))) {
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
  return new Snippet(segments.filter((s) => s.text.length > 0));
}

/**
 * Windows placed for the matches a reader does not see tried again without them, before the
 * matches a reader sees are sorted out of all of the text's.
 */
const WINDOW_TRIES = 3;

/** A snippet with the window of the source it shows and the match it was placed for. */
interface Placed {
  snippet: Snippet;
  window: [start: number, end: number];
  anchor: TextRange;
}

/** The snippet around the most distinct of `matches` a reader sees (`chooseWindow`), if any. */
function snippetAround(text: string, matches: TextRange[], length: number): Placed | undefined {
  let candidates = matches;
  for (let tries = 0; tries < WINDOW_TRIES && candidates.length > 0; tries++) {
    const [start, end, anchor] = chooseWindow(text, candidates, length);
    const tried = windowSnippet(text, candidates, [start, end], anchor);
    if (typeof tried !== 'number') {
      return { snippet: tried, window: [start, end], anchor: candidates[anchor]! };
    }
    candidates = [...candidates.slice(0, anchor), ...candidates.slice(tried)];
  }
  const shown = candidates.length > 0 ? shownMatches(text, candidates) : [];
  if (shown.length === 0) return undefined;
  const [start, end, anchor] = chooseWindow(text, shown, length);
  const tried = windowSnippet(text, shown, [start, end], anchor);
  if (typeof tried === 'number') return undefined;
  return { snippet: tried, window: [start, end], anchor: shown[anchor]! };
}

/**
 * Builds a snippet of `text` around `matches` (sorted, non-overlapping UTF-16 ranges): the
 * window is chosen on the source, then shown as a reader sees it (no Markdown or HTML syntax).
 * It is placed for a match a reader sees (not one in a badge's URL or a comment); with none, the
 * snippet is the opening of the text's prose (docs/design.md#snippets).
 */
export function buildSnippet(
  text: string,
  matches: TextRange[],
  length: number = ENGINE_DEFAULTS.snippetLength,
): Snippet {
  const leading = text.search(/\S/);
  if (leading < 0) return new Snippet([]);
  const around = matches.length > 0 ? snippetAround(text, matches, length) : undefined;
  if (around) return around.snippet;
  const from = proseStart(text, leading);
  return windowSnippet(text, [], [from, from + length]) as Snippet;
}

/**
 * The snippet of `text` for several topics (`topicMatches`: each topic's matches, sorted and
 * non-overlapping), one window per topic joined with ` … ` in the topics' order
 * (docs/design.md#multi-topic-search).
 * Windows that overlap in the source are one, read from the first's start to the last's end with
 * every topic's matches marked: a passage holding the words of several topics is shown once.
 */
export function buildTopicsSnippet(
  text: string,
  topicMatches: TextRange[][],
  length: number = ENGINE_DEFAULTS.snippetLength,
): Snippet {
  // Each topic's window (`topic`: its place in `topicMatches`), or its snippet when none is placed.
  const placed: Array<Placed & { topic: number }> = [];
  const parts: Array<{ topic: number; snippet: Snippet }> = [];
  topicMatches.forEach((matches, topic) => {
    const around = matches.length > 0 ? snippetAround(text, matches, length) : undefined;
    if (around) placed.push({ ...around, topic });
    else parts.push({ topic, snippet: buildSnippet(text, [], length) });
  });
  placed.sort((a, b) => a.window[0] - b.window[0] || a.window[1] - b.window[1]);
  let group: typeof placed = [];
  const close = () => {
    if (group.length === 0) return;
    const topic = Math.min(...group.map((p) => p.topic));
    parts.push({ topic, snippet: group.length === 1 ? group[0]!.snippet : joined(group) });
  };
  let reach = -1;
  for (const one of placed) {
    if (one.window[0] >= reach) {
      close();
      group = [];
    }
    group.push(one);
    reach = Math.max(reach, one.window[1]);
  }
  close();
  // In the topics' order, as each was placed.
  parts.sort((a, b) => a.topic - b.topic);
  return joinSnippets(parts.map((p) => p.snippet));

  /** One snippet of overlapping windows, or theirs joined when it cannot be placed. */
  function joined(overlapping: Placed[]): Snippet {
    const matches = unionOf(topicMatches);
    const first = overlapping[0]!;
    const anchor = matches.findIndex(([s, e]) => s < first.anchor[1] && e > first.anchor[0]);
    const end = Math.max(...overlapping.map((p) => p.window[1]));
    const tried = windowSnippet(text, matches, [first.window[0], end], anchor);
    return typeof tried === 'number' ? joinSnippets(overlapping.map((p) => p.snippet)) : tried;
  }
}

/** The union of several sorted lists of ranges, sorted, overlapping ones merged. */
function unionOf(lists: TextRange[][]): TextRange[] {
  const all = lists.flat().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: TextRange[] = [];
  for (const [s, e] of all) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** A snippet's segments as one string, marks included: snippets alike have the same key. */
function segmentsKey(snippet: Snippet): string {
  return snippet.segments.map((s) => (s.match ? `\u0001${s.text}\u0002` : s.text)).join('');
}

/**
 * Joins snippets of several topics with ` … ` (docs/design.md#multi-topic-search), skipping
 * repeats. The ellipses that mark cut text at the joins go: the separator says it already
 * ("… a … … b …" would not).
 */
export function joinSnippets(snippets: Snippet[]): Snippet {
  const seen = new Set<string>();
  const kept = snippets.filter((snippet) => {
    const key = segmentsKey(snippet);
    const fresh = snippet.segments.length > 0 && !seen.has(key);
    seen.add(key);
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
