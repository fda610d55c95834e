// Text analysis, identical for documents and queries (docs/design.md#text-analysis): split on
// whitespace and punctuation, lowercase, fold diacritics, drop tokens over 40 characters, stem.
// Han, Kana and Hangul runs have no spaces between words, so they become overlapping character
// bigrams.
//
// FTS5 cannot call a JS tokenizer through better-sqlite3, so the index is fed the analysed terms
// joined by spaces, and its `ascii` tokenizer splits them back: it treats every non-ASCII
// character as part of a token and every ASCII character but [a-z0-9] as a separator. Terms are
// therefore built from [a-z0-9] and non-ASCII characters only, so FTS5 sees exactly our terms.
import { createStemmer, type StemFunction } from './stemmer.ts';
import { isStopSequence, stopWords } from './stop-words.ts';

/** One analysed token and where it came from in the analysed string (UTF-16 offsets). */
export interface AnalyzedToken {
  term: string;
  start: number;
  end: number;
}

/** The analysis pipeline of one stemmer language. */
export interface Analyzer {
  readonly language: string;
  /** The terms of `text`, in order. */
  terms(text: string): string[];
  /** The terms of `text` with their UTF-16 positions in it. */
  tokens(text: string): AnalyzedToken[];
  /** The terms joined by spaces: what the FTS5 table is fed. */
  ftsText(text: string): string;
  /**
   * The term of one word (a run of letters and digits without Han, Kana or Hangul); '' when
   * dropped.
   */
  term(word: string): string;
  /** The common prefix of a word's normalised form and its stem, for `prefix*` queries. */
  prefixTerm(word: string): string;
  /** True when `text` has words and every one is a stop word of the language (`stop-words.ts`). */
  isStopWord(text: string): boolean;
}

/** Longer tokens are noise (hashes, base64) and are dropped (docs/design.md#text-analysis). */
export const MAX_TOKEN_LENGTH = 40;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** `WORD` in text without characters outside ASCII (a non-`u` expression: several times faster). */
const ASCII_WORD = /[A-Za-z0-9]+/g;
const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/u;
const CJK_RUN = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]+/gu;
const CJK_CHAR = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u;
// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const NON_ASCII = /[^\x00-\x7f]/;
// Combining diacritical marks (Latin, Greek, Cyrillic); other scripts' marks carry meaning.
// eslint-disable-next-line no-misleading-character-class -- ranges of combining marks are the point
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
/**
 * A word written with a mnemonic in square brackets — `E[x]tract`, `[c]reate`, `[U]INT` (how
 * command references mark a flag's letter): one or two letters in brackets, inside a word or at
 * its start, with letters after (docs/design.md#text-analysis). Not after `[` (wikilinks), and
 * not at a word's end (`a[i]` is code far more often than a mnemonic).
 */
const MNEMONIC_WORD =
  /(?<![\p{L}\p{N}\p{M}[])(?:[\p{L}\p{N}\p{M}]*\[\p{L}{1,2}\])+[\p{L}\p{N}\p{M}]+/gu;
/**
 * True when a text may hold a mnemonic word: one `[x]` with a letter after it, not after `[`. It
 * begins with a literal `[`, so it is ~20× faster than `MNEMONIC_WORD` over long texts (45 MB of
 * msdocs-cpp: 28 ms, against 550 ms), and the whole text is analysed as before when it is false.
 */
const HAS_MNEMONIC = /(?<!\[)\[\p{L}{1,2}\][\p{L}\p{N}\p{M}]/u;
const BRACKETS = /[[\]]/g;
// Compatibility decomposition can produce ASCII punctuation ("⑴" → "(1)"); FTS5 would split there.
// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const ASCII_SEPARATORS = /[\x00-\x2f\x3a-\x60\x7b-\x7f]/g;

/** Lowercase, diacritics removed, compatibility forms folded; '' when nothing is left. */
export function normalizeWord(word: string): string {
  if (!NON_ASCII.test(word)) return word.toLowerCase();
  return word
    .normalize('NFKD')
    .toLowerCase()
    .replace(DIACRITICS, '')
    .replace(/ß/g, 'ss')
    .replace(/ς/g, 'σ')
    .normalize('NFC')
    .replace(ASCII_SEPARATORS, '');
}

function mayHoldMnemonic(text: string): boolean {
  return text.includes('[') && HAS_MNEMONIC.test(text);
}

/**
 * The words of `text` written with a mnemonic in brackets (`E[x]tract`), each with where it
 * starts, in order: what highlighting must analyse whole (docs/design.md#text-analysis).
 */
export function mnemonicWords(text: string): Array<[start: number, word: string]> {
  if (!mayHoldMnemonic(text)) return [];
  return [...text.matchAll(MNEMONIC_WORD)].map((m): [number, string] => [m.index, m[0]]);
}

/** True for a term made of Han, Kana or Hangul characters (indexed as bigrams, not stemmed). */
export function isCjkTerm(term: string): boolean {
  return CJK_CHAR.test(term);
}

function pushCjkBigrams(run: string, offset: number, out: AnalyzedToken[]): void {
  const chars: Array<{ text: string; start: number }> = [];
  let at = 0;
  for (const char of run) {
    chars.push({ text: char, start: offset + at });
    at += char.length;
  }
  const end = (index: number) => (chars[index + 1]?.start ?? offset + run.length) as number;
  if (chars.length === 1) {
    const term = normalizeWord(run);
    if (term) out.push({ term, start: offset, end: offset + run.length });
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    const term = normalizeWord(chars[i]!.text + chars[i + 1]!.text);
    if (term) out.push({ term, start: chars[i]!.start, end: end(i + 1) });
  }
}

/** Distinct surface words whose analysis is remembered (corpora repeat a small vocabulary). */
const WORD_CACHE_LIMIT = 300_000;

/** Creates the analyzer of a Snowball language (`none`: no stemming). */
export function createAnalyzer(language: string): Analyzer {
  return new SnowballAnalyzer(language);
}

class SnowballAnalyzer implements Analyzer {
  readonly language: string;
  private readonly stem: StemFunction;
  private readonly stops: ReturnType<typeof stopWords>;
  private cache = new Map<string, string>();

  constructor(language: string) {
    this.language = language;
    this.stem = createStemmer(language);
    this.stops = stopWords(language);
  }

  term(word: string): string {
    let term = this.cache.get(word);
    if (term === undefined) {
      const normal = normalizeWord(word);
      term = normal.length === 0 || normal.length > MAX_TOKEN_LENGTH ? '' : this.stem(normal);
      if (this.cache.size >= WORD_CACHE_LIMIT) this.cache = new Map();
      this.cache.set(word, term);
    }
    return term;
  }

  tokens(text: string): AnalyzedToken[] {
    const out: AnalyzedToken[] = [];
    if (!mayHoldMnemonic(text)) {
      this.pushTokens(text, 0, out);
      return out;
    }
    let last = 0;
    for (const match of text.matchAll(MNEMONIC_WORD)) {
      if (match.index > last) this.pushTokens(text.slice(last, match.index), last, out);
      const term = this.term(match[0].replace(BRACKETS, ''));
      if (term) out.push({ term, start: match.index, end: match.index + match[0].length });
      last = match.index + match[0].length;
    }
    if (last < text.length) this.pushTokens(last === 0 ? text : text.slice(last), last, out);
    return out;
  }

  /** The tokens of `text` (no mnemonic words in it), at `offset`. */
  private pushTokens(text: string, offset: number, out: AnalyzedToken[]): void {
    if (!NON_ASCII.test(text)) {
      ASCII_WORD.lastIndex = 0;
      for (let m = ASCII_WORD.exec(text); m; m = ASCII_WORD.exec(text))
        this.pushWord(m[0], offset + m.index, out);
      return;
    }
    for (const match of text.matchAll(WORD)) {
      const word = match[0];
      const at = offset + match.index;
      if (NON_ASCII.test(word) && CJK_CHAR.test(word)) this.pushMixed(word, at, out);
      else this.pushWord(word, at, out);
    }
  }

  /** `tokens(text)` without the positions (no token objects for ASCII text). */
  terms(text: string): string[] {
    if (NON_ASCII.test(text) || mayHoldMnemonic(text)) {
      return this.tokens(text).map((token) => token.term);
    }
    const out: string[] = [];
    ASCII_WORD.lastIndex = 0;
    for (let m = ASCII_WORD.exec(text); m; m = ASCII_WORD.exec(text)) {
      const term = this.term(m[0]);
      if (term) out.push(term);
    }
    return out;
  }

  /** The indexing hot path: words by split (no match objects), terms straight from the cache. */
  ftsText(text: string): string {
    if (mayHoldMnemonic(text)) return this.terms(text).join(' ');
    const out: string[] = [];
    for (const word of text.split(SEPARATORS)) {
      if (word.length === 0) continue;
      if (NON_ASCII.test(word) && CJK_CHAR.test(word)) {
        const mixed: AnalyzedToken[] = [];
        this.pushMixed(word, 0, mixed);
        for (const token of mixed) out.push(token.term);
      } else {
        const term = this.term(word);
        if (term) out.push(term);
      }
    }
    return out.join(' ');
  }

  prefixTerm(word: string): string {
    const normal = normalizeWord(word);
    const stemmed = this.stem(normal);
    let i = 0;
    while (i < normal.length && normal[i] === stemmed[i]) i++;
    return i > 0 ? normal.slice(0, i) : normal;
  }

  isStopWord(text: string): boolean {
    const words = this.tokens(text).map((t) => normalizeWord(text.slice(t.start, t.end)));
    return isStopSequence(words, this.stops);
  }

  private pushWord(word: string, start: number, out: AnalyzedToken[]): void {
    const term = this.term(word);
    if (term) out.push({ term, start, end: start + word.length });
  }

  /** A word holding Han, Kana or Hangul: its CJK runs as bigrams, the rest as words. */
  private pushMixed(word: string, start: number, out: AnalyzedToken[]): void {
    let last = 0;
    for (const match of word.matchAll(CJK_RUN)) {
      const at = match.index;
      if (at > last) this.pushWord(word.slice(last, at), start + last, out);
      pushCjkBigrams(match[0], start + at, out);
      last = at + match[0].length;
    }
    if (last < word.length) this.pushWord(word.slice(last), start + last, out);
  }
}
