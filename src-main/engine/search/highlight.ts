// Finding the query's terms in a node's text, for snippets and match ranges. The text is
// analysed exactly as it was for the index, so a highlight is where FTS5 found a match.
import type { AnalyzedToken, Analyzer } from '../analysis/analyzer.ts';
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
  let ordered = true;
  for (let i = 1; i < ranges.length && ordered; i++) {
    const a = ranges[i - 1]!;
    const b = ranges[i]!;
    ordered = a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
  }
  // Matches are found in text order: sorting (and copying) is the rare case.
  const sorted = ordered ? ranges : [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
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
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Texts shorter than this are simply analysed whole. */
const FAST_PATH_MIN_LENGTH = 256;

function isLetterAt(text: string, at: number): boolean {
  return LETTER.test(String.fromCodePoint(text.codePointAt(at)!));
}

/** Start of the word holding the letter at `at` (astral characters included). */
function wordStart(text: string, at: number): number {
  let start = at;
  while (start > 0) {
    const low = text.charCodeAt(start - 1);
    const width = low >= 0xdc00 && low <= 0xdfff && start >= 2 ? 2 : 1;
    if (!isLetterAt(text, start - width)) break;
    start -= width;
  }
  return start;
}

/** A word of the text and where it starts. */
type Word = [start: number, word: string];

/** The words that hold a letter outside ASCII, in order, each once. */
function nonAsciiWords(text: string): Word[] {
  const out: Word[] = [];
  NON_ASCII_CHARS.lastIndex = 0;
  for (let m = NON_ASCII_CHARS.exec(text); m; m = NON_ASCII_CHARS.exec(text)) {
    if (!isLetterAt(text, m.index)) continue;
    const start = wordStart(text, m.index);
    WORD.lastIndex = start;
    const word = WORD.exec(text)![0];
    out.push([start, word]);
    NON_ASCII_CHARS.lastIndex = start + word.length;
  }
  return out;
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
  const keyed = KEY_STEMMERS_1.has(language);
  const phraseStarts = new Set(phrases.map((p) => p.terms[0]!));
  const twoLetters = KEY_STEMMERS_2.has(language);
  // Keys for the words written in ASCII; words with other letters are all analysed.
  const keys = [...new Set(highlights.map((h) => keyOf(h.terms[0]!, twoLetters)))].filter(
    (key) => !NON_ASCII.test(key),
  );
  const escape = (key: string) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const keyScan = new RegExp(
    `(?<![\\p{L}\\p{N}\\p{M}])(?:${keys.map(escape).join('|')})[\\p{L}\\p{N}\\p{M}]*`,
    'giu',
  );

  /** The tokens of the word at `start`: an ASCII word is one term; others are analysed. */
  const wordTokens = (word: string, start: number): AnalyzedToken[] => {
    if (!NON_ASCII.test(word)) {
      const term = analyzer.term(word);
      return term ? [{ term, start, end: start + word.length }] : [];
    }
    return analyzer
      .tokens(word)
      .map((t) => ({ term: t.term, start: start + t.start, end: start + t.end }));
  };

  /** `tokens` extended with the words after `from` until it holds `count` tokens. */
  const extend = (text: string, tokens: AnalyzedToken[], from: number, count: number) => {
    WORD.lastIndex = from;
    while (tokens.length < count) {
      const match = WORD.exec(text);
      if (!match) break;
      tokens.push(...wordTokens(match[0], match.index));
    }
    return tokens;
  };

  const findKeyed = (text: string): TextRange[] => {
    const ranges: TextRange[] = [];
    const visit = ([start, word]: Word) => {
      const tokens = wordTokens(word, start);
      const own = tokens.length;
      for (let i = 0; i < own; i++) {
        const token = tokens[i]!;
        if (singles.has(token.term) || prefixes.some((p) => token.term.startsWith(p))) {
          ranges.push([token.start, token.end]);
        }
        if (!phraseStarts.has(token.term)) continue;
        for (const phrase of phrases) {
          if (phrase.terms[0] !== token.term) continue;
          extend(text, tokens, start + word.length, i + phrase.terms.length);
          const last = phraseAt(tokens, i, phrase);
          if (last >= 0) ranges.push([token.start, tokens[last]!.end]);
        }
      }
    };
    // Candidates in text order: ASCII words starting with a key (the scan yields them in
    // order, whole), merged with the words holding other letters.
    const others = NON_ASCII.test(text) ? nonAsciiWords(text) : [];
    let next = 0;
    if (keys.length > 0) {
      keyScan.lastIndex = 0;
      for (let m = keyScan.exec(text); m; m = keyScan.exec(text)) {
        while (next < others.length && others[next]![0] < m.index) visit(others[next++]!);
        if (!NON_ASCII.test(m[0])) visit([m.index, m[0]]);
      }
    }
    while (next < others.length) visit(others[next++]!);
    return mergeRanges(ranges);
  };

  return {
    empty: highlights.length === 0,
    find,
    findIn(text) {
      const fast = keyed && text.length >= FAST_PATH_MIN_LENGTH;
      return fast ? findKeyed(text) : find(analyzer.tokens(text));
    },
  };
}
