// The token budget of exports (docs/design.md#export): tokens are estimated as ceil(chars / 4); a
// text that does not fit is cut at a paragraph boundary, else a sentence boundary, else a line end,
// else a word boundary — never inside a word — and a fenced code block left open by the cut is
// closed again.

/** Estimated tokens of a text (docs/design.md#export). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Characters a budget of `tokens` allows. */
export function charsFor(tokens: number): number {
  return tokens * 4;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Characters past the budget read when looking for a boundary inside it. */
const BOUNDARY_MARGIN = 4096;

/** Closes a fenced code block the cut left open, so the rest of the export is not code. */
function closeFences(text: string): string {
  let open: string | null = null;
  for (const line of text.split('\n')) {
    const fence = FENCE.exec(line)?.[1];
    if (!fence) continue;
    if (open === null) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length) open = null;
  }
  return open === null ? text : `${text.replace(/\n*$/, '')}\n${open}`;
}

/** End offsets at which `text` may be cut, for each kind of boundary. */
function boundaries(text: string, pattern: RegExp): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(pattern)) ends.push(match.index);
  return ends;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

function wordBoundaries(text: string, limit: number): number[] {
  const ends: number[] = [];
  for (const segment of segmenter.segment(text.slice(0, limit + 1))) {
    if (segment.index > 0) ends.push(segment.index);
  }
  return ends;
}

/** What a cut kept. */
export interface CutText {
  text: string;
  /** True when something was left out. */
  cut: boolean;
}

/** The longest cut at one of `ends` that fits in `max` characters once its fence is closed. */
function bestCut(text: string, ends: number[], max: number): string | null {
  const fitting = ends.filter((end) => end > 0 && end <= max).sort((a, b) => b - a);
  for (const end of fitting) {
    const kept = text.slice(0, end).trimEnd();
    if (kept.trim().length === 0) continue;
    const closed = closeFences(kept);
    if (closed.length <= max) return closed;
  }
  return null;
}

/**
 * The share of the budget a cut at a coarser boundary must keep before a finer one is tried: a
 * short heading paragraph before a long one without sentence ends (a table, a long code block, a
 * log line) otherwise kept only the heading — an MCP `read` of a 1.2 MB line of words gave its
 * heading alone out of 100,000 characters allowed.
 */
const MIN_KEPT_SHARE = 0.5;

/**
 * The longest beginning of `text` within `maxChars` characters (a closing fence included) that
 * ends at a paragraph or sentence boundary, else at a line end, else at a word boundary — a
 * coarser boundary as long as it keeps half the budget. `text` itself when it fits.
 */
export function cutToFit(whole: string, maxChars: number): CutText {
  if (whole.length <= maxChars) return { text: whole, cut: false };
  // Only boundaries within the budget count; a little more keeps a boundary that starts inside
  // it (a blank line's whitespace) while a 20 MB section is never scanned whole.
  const text = whole.slice(0, maxChars + BOUNDARY_MARGIN);
  // Whole paragraphs, then whole sentences of the next one, then whole lines; words last.
  const tries = [
    () => [...boundaries(text, /\n[ \t]*\n/g), ...boundaries(text, /(?<=[.!?])\s+|(?<=[。！？])/g)],
    () => boundaries(text, /\n/g),
    () => wordBoundaries(text, maxChars),
  ];
  let longest = '';
  for (const ends of tries) {
    const kept = bestCut(text, ends(), maxChars);
    if (kept === null) continue;
    if (kept.length >= maxChars * MIN_KEPT_SHARE) return { text: kept, cut: true };
    if (kept.length > longest.length) longest = kept;
  }
  return { text: longest, cut: true };
}
