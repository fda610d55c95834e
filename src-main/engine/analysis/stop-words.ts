// Stop words: the function words of a language ("how", "do", "I", "the"…). A question typed in
// plain words is mostly made of them, yet they say nothing about which section is wanted; as
// required terms they would make a query match only the few long texts holding every one of
// them. The query compiler leaves them out of a query's required terms (unless the query has
// nothing else); documents are indexed whole, so phrases and `title:the` still find them.

/**
 * English: the Snowball stop list (snowballstem.org, english/stop.txt) with the modal "can"/"will"
 * that start so many questions, then the closed-class words it lacks — prepositions,
 * conjunctions, determiners and wh-words ("detach a vault without deleting its files"): as wanted
 * words they made weak sections that happen to hold them rank high. Modal verbs stay words: docs
 * quote them in rules and messages ("must be prefixed", "may not be"). Last, contractions typed
 * without their apostrophe ("doesnt", "whats"): with it they are stop words already (pieces,
 * below); without it, a word no row holds kept fuzzy variants ('doesnt' → 'doesn') that matched
 * any "doesn't" (docs/search-quality.md).
 */
const ENGLISH = `
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her
hers herself it its itself they them their theirs themselves what which who whom this that these
those am is are was were be been being have has had having do does did doing would should could
ought a an the and but if or because as until while of at by for with about against between into
through during before after above below to from up down in out on off over under again further
then once here there when where why how all any both each few more most other some such no nor not
only own same so than too very cannot can will just without within upon onto across along among
amongst around behind beside besides beyond despite except toward towards unlike via per since
though although unless whether whereas yet also either neither every another many much several
whose whatever whichever whoever whenever wherever
dont doesnt didnt isnt arent wasnt werent hasnt havent hadnt wont wouldnt shouldnt couldnt cant
mustnt whats thats theres ive youre theyre weve youve
`;

/** What contractions leave beside a stop word ("can't" → "t", "doesn't" → "doesn" + "t"). */
const ENGLISH_PIECES = `
s t m d ll re ve don doesn didn isn aren wasn weren hasn haven hadn won wouldn shan shouldn couldn
mustn let
`;

/** A language's stop words, and the pieces that count only inside a word with others. */
export interface StopWords {
  /** Words that are stop words on their own. */
  words: ReadonlySet<string>;
  /** Contraction pieces: stop words only inside a typed word of several ("don't", "it's"). */
  pieces: ReadonlySet<string>;
}

const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).filter(Boolean));

const LISTS: Record<string, StopWords> = {
  english: { words: words(ENGLISH), pieces: words(ENGLISH_PIECES) },
};

const NONE: StopWords = { words: new Set(), pieces: new Set() };

/**
 * The stop words of a stemmer language, as normalised surface words (lower-case, unstemmed).
 * Languages without a list have none: every word of their queries is a required term.
 */
export function stopWords(language: string): StopWords {
  return LISTS[language] ?? NONE;
}

/** True when the normalised words of one typed word (in order) make a stop word. */
export function isStopSequence(normalised: string[], stops: StopWords): boolean {
  if (normalised.length === 0) return false;
  if (normalised.length === 1) return stops.words.has(normalised[0]!);
  return normalised.every((w) => stops.words.has(w) || stops.pieces.has(w));
}
