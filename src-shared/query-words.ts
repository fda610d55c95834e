// How many words a query searches, and the note that says what a longer one left out — one text
// for the CLI, MCP and the UI (docs/decisions.md#a-query-searches-its-first-32-words).
import type { WordsLeftOut } from './contract/search.ts';

/**
 * A query searches its first this many words (stop words and the words of phrases count; `OR`,
 * `-`, parentheses and field prefixes do not). The words after them are left out, and said so.
 */
export const MAX_QUERY_WORDS = 32;

/** The most characters of a left-out word quoted in the note. */
const QUOTED_CHARS = 40;

/**
 * The one line naming what a query longer than `MAX_QUERY_WORDS` left out; `topics` is how many
 * queries the search had (the topic is named when there were several).
 */
export function wordsLeftOutNote(left: WordsLeftOut, topics = 1): string {
  const chars = [...left.from];
  const word =
    chars.length > QUOTED_CHARS ? `${chars.slice(0, QUOTED_CHARS).join('')}…` : left.from;
  const after = left.words - 1;
  const rest =
    after === 0
      ? ' was'
      : ` and the ${after.toLocaleString('en')} word${after === 1 ? '' : 's'} after it were`;
  const which = topics > 1 ? ` (topic ${left.topic + 1})` : '';
  return `only a query's first ${MAX_QUERY_WORDS} words are searched${which}: "${word}"${rest} left out`;
}
