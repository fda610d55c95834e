// Snowball stemming (docs/design.md#text-analysis), behind a cache: the JS stemmers cost
// microseconds per call and a corpus repeats a small vocabulary millions of times.
import snowball from 'snowball-stemmers';

/** The value of the `stemmer` setting that turns stemming off. */
export const NO_STEMMER = 'none';

/** Languages the `stemmer` setting accepts (Snowball's, plus `none`). */
export function stemmerLanguages(): string[] {
  return [...snowball.algorithms().filter((name) => name !== 'porter'), NO_STEMMER];
}

/** Reduces a normalised word to its stem. */
export type StemFunction = (word: string) => string;

const CACHE_LIMIT = 200_000;

/** A cached stemmer for `language`; throws an Error naming the language when it is unknown. */
export function createStemmer(language: string): StemFunction {
  if (language === NO_STEMMER) return (word) => word;
  if (!stemmerLanguages().includes(language)) {
    throw new Error(
      `unknown stemmer language "${language}" (one of: ${stemmerLanguages().join(', ')})`,
    );
  }
  const stemmer = snowball.newStemmer(language);
  let cache = new Map<string, string>();
  return (word) => {
    let stem = cache.get(word);
    if (stem === undefined) {
      stem = stemmer.stem(word);
      // A bounded cache: a pathological corpus (random tokens) must not grow it without end.
      if (cache.size >= CACHE_LIMIT) cache = new Map();
      cache.set(word, stem);
    }
    return stem;
  };
}
