// Finding the query's terms in a node's text, for snippets and match ranges. The text is
// analysed exactly as it was for the index, so a highlight is where FTS5 found a match.
import {
  isCjkTerm,
  MAX_TOKEN_LENGTH,
  type AnalyzedToken,
  type Analyzer,
} from '../analysis/analyzer.ts';
import type { HighlightTerm } from '../query/compile.ts';

/** A half-open UTF-16 range `[start, end)` of a match in the analysed text. */
export type TextRange = [start: number, end: number];

/** Finds where a query's highlight terms occur. */
export interface Matcher {
  /** Sorted, non-overlapping ranges of every match in a token stream. */
  find(tokens: AnalyzedToken[]): TextRange[];
  /** The same for a text, analysing only the words that can match when it safely can. */
  findIn(text: string): TextRange[];
  /** True when there is nothing to look for. */
  readonly empty: boolean;
}

function termMatches(token: string, term: string, prefix: boolean): boolean {
  return prefix ? token.startsWith(term) : token === term;
}

/** Merges overlapping or touching ranges of a sorted list. */
export function mergeRanges<T extends [number, number]>(ranges: T[]): T[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: T[] = [];
  for (const range of sorted) {
    const last = out[out.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]] as T);
  }
  return out;
}

// Fast path. For these stemmers a word's stem keeps the word's first letter, and its first n − 2
// letters (at most 4) when the stem has n letters (checked over random strings of every Snowball
// language; Irish strips prefixes, Finnish can undouble a leading consonant, so it keeps one).
// So in text whose letters are all ASCII, only words starting with a term's key can analyse to
// it: they are found by one regular expression and analysed alone, instead of every word of a
// long section.
const KEY_STEMMERS_2 = new Set([
  'english',
  'porter',
  'none',
  'french',
  'spanish',
  'italian',
  'portuguese',
  'german',
  'dutch',
  'danish',
  'norwegian',
  'swedish',
  'romanian',
  'hungarian',
  'catalan',
  'basque',
  'czech',
  'slovene',
  'turkish',
  'armenian',
  'arabic',
  'russian',
  'tamil',
]);
const KEY_STEMMERS_1 = new Set([...KEY_STEMMERS_2, 'finnish']);
// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const NON_ASCII = /[^\x00-\x7f]/;
// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const NON_ASCII_CHARS = /[^\x00-\x7f]/g;
const LETTER = /[\p{L}\p{N}\p{M}]/u;

/** True when a letter, digit or mark outside ASCII occurs (scans only the non-ASCII characters). */
function hasNonAsciiLetter(text: string): boolean {
  NON_ASCII_CHARS.lastIndex = 0;
  for (let m = NON_ASCII_CHARS.exec(text); m; m = NON_ASCII_CHARS.exec(text)) {
    if (LETTER.test(m[0])) return true;
  }
  return false;
}
const NEXT_ASCII_WORD = /[A-Za-z0-9]+/g;
/** Texts shorter than this are simply analysed whole. */
const FAST_PATH_MIN_LENGTH = 256;

/** The end of the `count`-th indexable ASCII word from `start` (words over 40 letters are not terms). */
/**
 * Where `phrase` ends if it starts with the word ending at `from` in ASCII-letter text (each
 * following word compared term by term, words over 40 letters not being terms), or -1.
 */
function phraseEnd(text: string, from: number, phrase: HighlightTerm, analyzer: Analyzer): number {
  NEXT_ASCII_WORD.lastIndex = from;
  let end = from;
  for (let j = 1; j < phrase.terms.length;) {
    const match = NEXT_ASCII_WORD.exec(text);
    if (!match) return -1;
    if (match[0].length > MAX_TOKEN_LENGTH) continue;
    const term = analyzer.term(match[0]);
    const last = j === phrase.terms.length - 1;
    if (!termMatches(term, phrase.terms[j]!, phrase.prefix && last)) return -1;
    end = match.index + match[0].length;
    j++;
  }
  return end;
}

/** The letters every word analysing to `term` (or, for a prefix, to a term it starts) begins with. */
function keyOf(term: string, long: boolean): string {
  return term.slice(0, long ? Math.max(1, Math.min(4, term.length - 2)) : 1);
}

/** Builds a matcher for a query's highlight terms (phrases match only as consecutive terms). */
export function createMatcher(highlights: HighlightTerm[], analyzer: Analyzer): Matcher {
  const singles = new Set<string>();
  const prefixes: string[] = [];
  const phrases: HighlightTerm[] = [];
  for (const h of highlights) {
    if (h.terms.length > 1) phrases.push(h);
    else if (h.prefix) prefixes.push(h.terms[0]!);
    else singles.add(h.terms[0]!);
  }
  const phraseAt = (tokens: AnalyzedToken[], i: number, phrase: HighlightTerm): number => {
    const n = phrase.terms.length;
    if (i + n > tokens.length) return -1;
    for (let j = 0; j < n; j++) {
      const prefix = phrase.prefix && j === n - 1;
      if (!termMatches(tokens[i + j]!.term, phrase.terms[j]!, prefix)) return -1;
    }
    return i + n - 1;
  };
  const find = (tokens: AnalyzedToken[]): TextRange[] => {
    const ranges: TextRange[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (singles.has(token.term) || prefixes.some((p) => token.term.startsWith(p))) {
        ranges.push([token.start, token.end]);
      }
      for (const phrase of phrases) {
        const last = phraseAt(tokens, i, phrase);
        if (last >= 0) ranges.push([token.start, tokens[last]!.end]);
      }
    }
    return mergeRanges(ranges);
  };
  const language = analyzer.language;
  const keyed = KEY_STEMMERS_1.has(language) && !highlights.some((h) => h.terms.some(isCjkTerm));
  const twoLetters = KEY_STEMMERS_2.has(language);
  const keys = [...new Set(highlights.map((h) => keyOf(h.terms[0]!, twoLetters)))];
  const phraseStarts = new Set(phrases.map((p) => p.terms[0]!));

  // One compiled scan for every key, case-insensitive, at word starts only.
  const escape = (key: string) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const keyScan = new RegExp(`(?<![A-Za-z0-9])(?:${keys.map(escape).join('|')})[A-Za-z0-9]*`, 'gi');
  const findKeyed = (text: string): TextRange[] => {
    const ranges: TextRange[] = [];
    keyScan.lastIndex = 0;
    for (let match = keyScan.exec(text); match; match = keyScan.exec(text)) {
      const start = match.index;
      const word = match[0];
      const term = analyzer.term(word);
      if (term && (singles.has(term) || prefixes.some((p) => term.startsWith(p)))) {
        ranges.push([start, start + word.length]);
      }
      if (term && phraseStarts.has(term)) {
        for (const phrase of phrases) {
          if (phrase.terms[0] !== term) continue;
          const end = phraseEnd(text, start + word.length, phrase, analyzer);
          if (end >= 0) ranges.push([start, end]);
        }
        keyScan.lastIndex = start + word.length;
      }
    }
    return mergeRanges(ranges);
  };

  return {
    empty: highlights.length === 0,
    find,
    findIn(text) {
      const fast =
        keyed &&
        text.length >= FAST_PATH_MIN_LENGTH &&
        !(NON_ASCII.test(text) && hasNonAsciiLetter(text));
      return fast ? findKeyed(text) : find(analyzer.tokens(text));
    },
  };
}
