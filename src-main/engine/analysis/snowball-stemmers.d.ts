// Types for the untyped `snowball-stemmers` package (a JS port of the Snowball stemmers).
declare module 'snowball-stemmers' {
  /** One language's stemmer. */
  interface Stemmer {
    stem(word: string): string;
  }
  /** Creates the stemmer of a language listed by `algorithms()`; throws for an unknown one. */
  export function newStemmer(language: string): Stemmer;
  /** Names of the available languages, e.g. `english`. */
  export function algorithms(): string[];
  const snowball: { newStemmer: typeof newStemmer; algorithms: typeof algorithms };
  export default snowball;
}
