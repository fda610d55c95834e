// Snippets (SPEC §5): about 150 characters around the densest cluster of matches, whitespace
// collapsed, as segments for the renderer and as HTML with `<b>` for everything else.
import type { SnippetSegment } from '../../contract/api.ts';
import type { TextRange } from './highlight.ts';

/** Default snippet length in characters (SPEC §8). */
export const SNIPPET_LENGTH = 150;
/** Characters of context kept before the first match of the window. */
const LEAD = 30;
/** Only the first matches are tried as window anchors (a huge section can have thousands). */
const MAX_ANCHORS = 50;

/** A snippet in both forms. */
export interface Snippet {
  segments: SnippetSegment[];
  html: string;
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
export function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (char) => ESCAPES[char]!) : text;
}

/** Joins segments into the HTML form: matches in `<b>`, all text escaped. */
export function snippetHtml(segments: SnippetSegment[]): string {
  return segments
    .map((s) => (s.match ? `<b>${escapeHtml(s.text)}</b>` : escapeHtml(s.text)))
    .join('');
}

function chooseWindow(text: string, matches: TextRange[], length: number): [number, number] {
  let best: [number, number] = [0, Math.min(text.length, length)];
  let bestScore = -1;
  const anchors = Math.min(matches.length, MAX_ANCHORS);
  const words: string[] = [];
  const word = (j: number) =>
    (words[j] ??= text.slice(matches[j]![0], matches[j]![1]).toLowerCase());
  for (let i = 0; i < anchors; i++) {
    const anchor = matches[i]!;
    let start = Math.max(0, anchor[0] - LEAD);
    if (start > 0) {
      // Start at a word boundary inside the lead-in.
      const space = text.slice(start, anchor[0]).search(/\s\S/);
      start = space >= 0 ? start + space + 1 : anchor[0];
    }
    const end = Math.min(text.length, start + length);
    // Matches are sorted: the window holds the anchor and the few after it that end in time.
    const seen = new Set<string>();
    for (let j = i; j < matches.length && matches[j]![1] <= end; j++) seen.add(word(j));
    const score = seen.size * 1000 - start / text.length; // most distinct terms, then earliest
    if (score > bestScore) {
      bestScore = score;
      best = [start, end];
    }
  }
  return best;
}

function snapEnd(text: string, start: number, end: number, matches: TextRange[]): number {
  if (end >= text.length || /\s/.test(text[end]!)) return end;
  // Never cut a word in half: back up to the last space, unless that would cut a match.
  const space = text.slice(start, end).search(/\s\S*$/);
  const cut = space > 0 ? start + space : end;
  const inside = matches.find((m) => m[0] < end && m[1] > cut);
  return inside ? Math.max(end, inside[1]) : cut;
}

/** Builds a snippet of `text` around `matches` (sorted, non-overlapping UTF-16 ranges). */
export function buildSnippet(text: string, matches: TextRange[], length = SNIPPET_LENGTH): Snippet {
  const leading = text.search(/\S/);
  if (leading < 0) return { segments: [], html: '' };
  const [start, rawEnd] =
    matches.length > 0 ? chooseWindow(text, matches, length) : [leading, leading + length];
  const from = Math.max(start, matches.length > 0 ? 0 : leading);
  const end = snapEnd(text, from, Math.min(rawEnd, text.length), matches);
  const segments: SnippetSegment[] = [];
  const push = (piece: string, match: boolean) => {
    const collapsed = piece.replace(/\s+/g, ' ');
    if (!collapsed) return;
    const last = segments[segments.length - 1];
    if (last && last.match === match) last.text += collapsed;
    else segments.push({ text: collapsed, match });
  };
  if (from > leading) push('…', false);
  let at = from;
  for (const [ms, me] of matches) {
    if (me <= from || ms >= end) continue;
    push(text.slice(at, Math.max(at, ms)), false);
    push(text.slice(Math.max(ms, from), Math.min(me, end)), true);
    at = Math.min(me, end);
  }
  push(text.slice(at, end), false);
  if (text.slice(end).trim()) push(' …', false);
  const first = segments[0];
  if (first && !first.match) first.text = first.text.replace(/^ /, '');
  const last = segments[segments.length - 1];
  if (last && !last.match) last.text = last.text.replace(/ $/, '');
  const kept = segments.filter((s) => s.text.length > 0);
  return { segments: kept, html: snippetHtml(kept) };
}

/** Joins snippets of several topics with ` … ` (SPEC §4), skipping repeats. */
export function joinSnippets(snippets: Snippet[]): Snippet {
  const seen = new Set<string>();
  const segments: SnippetSegment[] = [];
  for (const snippet of snippets) {
    const key = snippet.html;
    if (!key || seen.has(key)) continue;
    seen.add(key);
    if (segments.length) segments.push({ text: ' … ', match: false });
    segments.push(...snippet.segments.map((s) => ({ ...s })));
  }
  return { segments, html: snippetHtml(segments) };
}
