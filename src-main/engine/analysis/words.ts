// Word boundaries in text as the analyzer sees them (runs of letters, digits and marks), found
// around a position without analysing the whole text.

// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const NON_ASCII_CHARS = /[^\x00-\x7f]/g;
const LETTER = /[\p{L}\p{N}\p{M}]/u;
/** A word: a run of letters, digits and marks (the analyzer's words). */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** True when the character at `at` is a letter, digit or mark (astral characters included). */
export function isLetterAt(text: string, at: number): boolean {
  return LETTER.test(String.fromCodePoint(text.codePointAt(at)!));
}

/** Start of the word holding the letter at `at` (astral characters included). */
export function wordStart(text: string, at: number): number {
  let start = at;
  while (start > 0) {
    const low = text.charCodeAt(start - 1);
    const width = low >= 0xdc00 && low <= 0xdfff && start >= 2 ? 2 : 1;
    if (!isLetterAt(text, start - width)) break;
    start -= width;
  }
  return start;
}

/** True for the code of an ASCII letter or digit. */
export function isAsciiAlnum(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39)
  );
}

/**
 * True when the ASCII letters and digits `text[start, end)` (a maximal ASCII run) are a whole
 * word: no letter outside ASCII touches them (else they are part of a longer word).
 */
export function isAsciiWord(text: string, start: number, end: number): boolean {
  if (start > 0 && text.charCodeAt(start - 1) >= 0x80 && wordStart(text, start) < start) {
    return false;
  }
  return end >= text.length || text.charCodeAt(end) < 0x80 || !isLetterAt(text, end);
}

/** A word of a text and where it starts. */
export type Word = [start: number, word: string];

/** The words that hold a letter outside ASCII, in order, each once. */
export function nonAsciiWords(text: string): Word[] {
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
