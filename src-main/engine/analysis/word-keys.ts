// Which words can analyse to a term, known without analysing them: what lets highlighting look
// at a few words of a long section instead of stemming every one.
//
// For these stemmers a word's stem keeps the word's first letter, and its first n − 2 letters
// (at most 4) when the stem has n letters (checked over random strings of every Snowball
// language; Irish strips prefixes, Finnish can undouble a leading consonant, so it keeps one).
// So only words starting with a term's key can analyse to it.
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
// Turkish turns a stem's last b, c, d or ğ into p, ç, t or k: a one-letter stem need not start
// like its word ("bunu" → "p"), so such a term has no key. And the others never make a stem
// longer than its word (tested; Turkish can add a vowel), so a word shorter than a term cannot
// analyse to it: "it" is skipped when "iter" is sought.
const SHORTENING_STEMMERS = new Set([...KEY_STEMMERS_1].filter((l) => l !== 'turkish'));

/** What every word analysing to a term (or, for a prefix, to a term it starts) looks like. */
export interface WordKey {
  /** Its first letters (lower-case). */
  key: string;
  /** Its least length in UTF-16 units (of the lower-cased word). */
  minLength: number;
}

/** True when the words of a language can be told by `wordKey`. */
export function hasWordKeys(language: string): boolean {
  return KEY_STEMMERS_1.has(language);
}

/** The key of the words that can analyse to `term` (`hasWordKeys(language)` must hold). */
export function wordKey(term: string, language: string): WordKey {
  if (language === 'turkish' && term.length < 2) return { key: '', minLength: 1 };
  const long = KEY_STEMMERS_2.has(language);
  const key = term.slice(0, long ? Math.max(1, Math.min(4, term.length - 2)) : 1);
  return { key, minLength: SHORTENING_STEMMERS.has(language) ? term.length : key.length };
}
