// Finding the query's terms in a node's text, for snippets and match ranges (results.ts) and the
// passage check (passages.ts), and how much of a node's text is scanned at most. The text is
// analysed exactly as it was for the index, so a highlight is where FTS5 found a match.
import { mnemonicWords, type AnalyzedToken, type Analyzer } from '../analysis/analyzer.ts';
import { hasWordKeys, wordKey } from '../analysis/word-keys.ts';
import { isAsciiAlnum, isAsciiWord, nonAsciiWords, WORD, type Word } from '../analysis/words.ts';
import type { HighlightTerm } from '../query/compile.ts';

/** A half-open UTF-16 range `[start, end)` of a match in the analysed text. */
export type TextRange = [start: number, end: number];

/** Finds where a query's highlight terms occur. */
export interface Matcher {
  /** Sorted, non-overlapping ranges of every match in a token stream. */
  find(tokens: AnalyzedToken[]): TextRange[];
  /**
   * The same for a text, analysing only the words that can match when it safely can; `ascii`:
   * the caller knows the text is all ASCII (it is not scanned for other letters); `max`: only
   * the first `max` ranges are wanted (a long merged section can hold thousands), so the scan
   * may stop once they are certain.
   */
  findIn(text: string, ascii?: boolean, max?: number): TextRange[];
}

function termMatches(token: string, term: string, prefix: boolean): boolean {
  return prefix ? token.startsWith(term) : token === term;
}

/**
 * Bytes of one section decoded and scanned for matches and the snippet at most: without it, every
 * search matching a 30 MB one-line note would decode and scan all of it (seconds;
 * docs/benchmarks.md#huge-notes). Matches past this are not highlighted; a result lists the
 * first `MAX_MATCH_RANGES` anyway (results.ts; docs/design.md#the-result-record). Passages
 * (passages.ts) read no more of a node.
 */
export const MAX_SCAN_BYTES = 1024 * 1024;

/** `end`, or the start of a character at most `MAX_SCAN_BYTES` after `start`. */
export function scanEnd(content: Uint8Array, start: number, end: number): number {
  if (end - start <= MAX_SCAN_BYTES) return end;
  let cut = start + MAX_SCAN_BYTES;
  while (cut > start && (content[cut]! & 0xc0) === 0x80) cut--; // never inside a character
  return cut;
}

/**
 * Merges overlapping or touching ranges, sorting them first if needed. Works in place: the list
 * and its ranges are reused (every caller hands over ranges it just made).
 */
export function mergeRanges<T extends [number, number]>(ranges: T[]): T[] {
  let ordered = true;
  for (let i = 1; i < ranges.length && ordered; i++) {
    const a = ranges[i - 1]!;
    const b = ranges[i]!;
    ordered = a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
  }
  // Matches are found in text order: sorting is the rare case.
  if (!ordered) ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let kept = 0;
  for (const range of ranges) {
    const last = kept > 0 ? ranges[kept - 1]! : undefined;
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else ranges[kept++] = range;
  }
  ranges.length = kept;
  return ranges;
}

// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const NON_ASCII = /[^\x00-\x7f]/;

/** The highlight terms sorted by kind. */
interface Terms {
  singles: Set<string>;
  prefixes: string[];
  phrases: HighlightTerm[];
  /** First terms of the phrases. */
  phraseStarts: Set<string>;
}

function sortTerms(highlights: HighlightTerm[]): Terms {
  const terms: Terms = { singles: new Set(), prefixes: [], phrases: [], phraseStarts: new Set() };
  for (const h of highlights) {
    if (h.terms.length > 1) {
      terms.phrases.push(h);
      terms.phraseStarts.add(h.terms[0]!);
    } else if (h.prefix) terms.prefixes.push(h.terms[0]!);
    else terms.singles.add(h.terms[0]!);
  }
  return terms;
}

/** True when a term is a single highlight term or starts with a prefix one. */
function isSingle(terms: Terms, term: string): boolean {
  if (terms.singles.has(term)) return true;
  for (const p of terms.prefixes) if (term.startsWith(p)) return true;
  return false;
}

/** The last token index of `phrase` when it starts at token `i`, else -1. */
function phraseAt(tokens: AnalyzedToken[], i: number, phrase: HighlightTerm): number {
  const n = phrase.terms.length;
  if (i + n > tokens.length) return -1;
  for (let j = 0; j < n; j++) {
    const prefix = phrase.prefix && j === n - 1;
    if (!termMatches(tokens[i + j]!.term, phrase.terms[j]!, prefix)) return -1;
  }
  return i + n - 1;
}

/** Every match in a token stream (the reference the fast path must agree with). */
function findInTokens(terms: Terms, tokens: AnalyzedToken[]): TextRange[] {
  const ranges: TextRange[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isSingle(terms, token.term)) ranges.push([token.start, token.end]);
    for (const phrase of terms.phrases) {
      const last = phraseAt(tokens, i, phrase);
      if (last >= 0) ranges.push([token.start, tokens[last]!.end]);
    }
  }
  return mergeRanges(ranges);
}

/**
 * Candidate words a matcher remembers the terms of. The analyzer remembers every word too, but
 * looking a word up in its large table costs more than in the few thousand words one search's
 * sections repeat.
 */
const MAX_SEEN_WORDS = 20_000;

/**
 * The fast path's search of one text: only the ASCII words that can analyse to a highlight term
 * (`word-keys.ts`) are analysed, found by one ASCII expression in text order, plus every word
 * holding other letters — instead of every word of a long section.
 */
class KeyedScan {
  readonly ranges: TextRange[] = [];
  private readonly text: string;
  private readonly terms: Terms;
  private readonly analyzer: Analyzer;
  private readonly seen: Map<string, string>;
  /** The text's mnemonic words (`E[x]tract`), in order: a phrase reads each whole. */
  private readonly mnemonic: Word[];

  constructor(
    text: string,
    terms: Terms,
    analyzer: Analyzer,
    seen: Map<string, string>,
    mnemonic: Word[],
  ) {
    this.text = text;
    this.terms = terms;
    this.analyzer = analyzer;
    this.seen = seen;
    this.mnemonic = mnemonic;
  }

  /** The term of an ASCII word (remembered: a text repeats its words). */
  private termOf(word: string): string {
    let term = this.seen.get(word);
    if (term === undefined) {
      term = this.analyzer.term(word);
      if (this.seen.size >= MAX_SEEN_WORDS) this.seen.clear();
      this.seen.set(word, term);
    }
    return term;
  }

  /** An ASCII word: one term; its array of tokens is built only for a phrase. */
  ascii(start: number, word: string): void {
    const term = this.termOf(word);
    if (!term) return;
    const end = start + word.length;
    if (isSingle(this.terms, term)) this.ranges.push([start, end]);
    if (this.terms.phraseStarts.has(term)) this.phrases([{ term, start, end }], 0, end);
  }

  /** A word holding letters outside ASCII: analysed in full. */
  other([start, word]: Word): void {
    const tokens = this.wordTokens(word, start);
    const own = tokens.length;
    for (let i = 0; i < own; i++) {
      const token = tokens[i]!;
      if (isSingle(this.terms, token.term)) this.ranges.push([token.start, token.end]);
      if (this.terms.phraseStarts.has(token.term)) this.phrases(tokens, i, start + word.length);
    }
  }

  /** The phrases starting at token `i` (the words after `after` read as needed). */
  private phrases(tokens: AnalyzedToken[], i: number, after: number): void {
    const token = tokens[i]!;
    for (const phrase of this.terms.phrases) {
      if (phrase.terms[0] !== token.term) continue;
      this.extend(tokens, after, i + phrase.terms.length);
      const last = phraseAt(tokens, i, phrase);
      if (last >= 0) this.ranges.push([token.start, tokens[last]!.end]);
    }
  }

  /**
   * The tokens of the word at `start`: an ASCII word is one term; others (and a mnemonic word,
   * `E[x]tract`) are analysed.
   */
  private wordTokens(word: string, start: number): AnalyzedToken[] {
    if (!NON_ASCII.test(word) && !word.includes('[')) {
      const term = this.termOf(word);
      return term ? [{ term, start, end: start + word.length }] : [];
    }
    return this.analyzer
      .tokens(word)
      .map((t) => ({ term: t.term, start: start + t.start, end: start + t.end }));
  }

  /**
   * `tokens` extended with the words after `from` until it holds `count` tokens. A longer phrase
   * goes on after the words a shorter one already read.
   */
  private extend(tokens: AnalyzedToken[], from: number, count: number): void {
    if (tokens.length >= count) return;
    WORD.lastIndex = Math.max(from, tokens[tokens.length - 1]?.end ?? from);
    while (tokens.length < count) {
      const match = WORD.exec(this.text);
      if (!match) break;
      const whole = this.mnemonic.length > 0 ? wordAt(this.mnemonic, match.index) : undefined;
      if (whole) WORD.lastIndex = whole[0] + whole[1].length; // read on after all of it
      const [start, word] = whole ?? [match.index, match[0]];
      tokens.push(...this.wordTokens(word, start));
    }
  }
}

/**
 * The words a keyed scan analyses whole, in text order: those holding letters outside ASCII and
 * the mnemonic words (`E[x]tract`, `[ü]ber`), which replace the pieces they hold.
 */
function withMnemonicWords(others: Word[], mnemonic: Word[]): Word[] {
  if (mnemonic.length === 0) return others;
  const kept = others.filter(([at]) => !insideWord(mnemonic, at));
  return [...kept, ...mnemonic].sort((a, b) => a[0] - b[0]);
}

/** The one of `words` (in text order, apart) that `at` falls inside: a binary search. */
function wordAt(words: Word[], at: number): Word | undefined {
  let low = 0;
  let high = words.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [start, word] = words[mid]!;
    if (at < start) high = mid - 1;
    else if (at >= start + word.length) low = mid + 1;
    else return words[mid];
  }
  return undefined;
}

/** True when `at` falls inside one of `words`. */
function insideWord(words: Word[], at: number): boolean {
  return wordAt(words, at) !== undefined;
}

/** Ranges found beyond `max` before a capped scan stops (merging may fold a few). */
const SCAN_MARGIN = 32;

/**
 * The fast path's expression: ASCII words that can analyse to a highlight term (`word-keys.ts`):
 * starting with its key (case-insensitive), long enough, whole.
 */
function keyScanOf(highlights: HighlightTerm[], language: string): RegExp | null {
  const shortest = new Map<string, number>(); // key → least length of its words
  for (const h of highlights) {
    const { key, minLength } = wordKey(h.terms[0]!, language);
    if (NON_ASCII.test(key)) continue; // no ASCII word analyses to it
    shortest.set(key, Math.min(minLength, shortest.get(key) ?? minLength));
  }
  if (shortest.size === 0) return null;
  const escape = (key: string) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const words = [...shortest].map(
    ([key, length]) => `${escape(key)}[A-Za-z0-9]{${length - key.length},}`,
  );
  // Not a `u` expression: ASCII classes and ASCII-only case folding are all it needs, and much
  // faster over long texts.
  return new RegExp(`(?<![A-Za-z0-9])(?:${words.join('|')})`, 'gi');
}

/** Builds a matcher for a query's highlight terms (phrases match only as consecutive terms). */
export function createMatcher(highlights: HighlightTerm[], analyzer: Analyzer): Matcher {
  const terms = sortTerms(highlights);
  const keyed = hasWordKeys(analyzer.language);
  const keyScan = keyed ? keyScanOf(highlights, analyzer.language) : null;
  const seen = new Map<string, string>();

  /** The ranges of `text`; with `max`, stops once the first `max` (merged) ones are certain. */
  const findKeyed = (text: string, ascii: boolean, max: number): TextRange[] => {
    const mnemonic = mnemonicWords(text);
    const scan = new KeyedScan(text, terms, analyzer, seen, mnemonic);
    // Candidates in text order: ASCII words starting with a key, merged with the words holding
    // other letters (when there are none, every ASCII run is a whole word).
    const others = withMnemonicWords(ascii ? [] : nonAsciiWords(text), mnemonic);
    const mixed = others.length > 0;
    let next = 0;
    let enough = max + SCAN_MARGIN;
    if (keyScan) {
      keyScan.lastIndex = 0;
      // `test`, not `exec`: no match object per candidate. A match is a whole ASCII word, so
      // it starts after the last character before its end that is no ASCII letter or digit.
      while (keyScan.test(text)) {
        const end = keyScan.lastIndex;
        let start = end;
        while (start > 0 && isAsciiAlnum(text.charCodeAt(start - 1))) start--;
        while (next < others.length && others[next]![0] < start) scan.other(others[next++]!);
        if (scan.ranges.length > enough) {
          // Every range found from here on starts at `start` or later: the ones ending before
          // it are final. Enough of them: the rest of the text cannot change the first `max`.
          const merged = mergeRanges(scan.ranges); // in place: later ranges follow in order
          let final = merged.length;
          while (final > 0 && merged[final - 1]![1] >= start) final--;
          if (final >= max) return merged.slice(0, max);
          // Merging folded ranges together (a phrase over its own words): go on as far again.
          enough = merged.length + max + SCAN_MARGIN;
        }
        if (mixed && !isAsciiWord(text, start, end)) continue;
        if (mnemonic.length > 0 && insideWord(mnemonic, start)) continue; // analysed whole
        scan.ascii(start, text.slice(start, end));
      }
    }
    while (next < others.length) scan.other(others[next++]!);
    return mergeRanges(scan.ranges);
  };

  return {
    find: (tokens) => findInTokens(terms, tokens),
    findIn: (text, ascii = false, max = Infinity) => {
      if (!keyed) return findInTokens(terms, analyzer.tokens(text)).slice(0, max);
      const found = findKeyed(text, ascii, max);
      return found.length > max ? found.slice(0, max) : found;
    },
  };
}
