// Finding the query's terms in a node's text, for snippets and match ranges. The text is
// analysed exactly as it was for the index, so a highlight is where FTS5 found a match.
import type { AnalyzedToken } from '../analysis/analyzer.ts';
import type { HighlightTerm } from '../query/compile.ts';

/** A half-open UTF-16 range `[start, end)` of a match in the analysed text. */
export type TextRange = [start: number, end: number];

/** Finds where a query's highlight terms occur in a token stream. */
export interface Matcher {
  /** Sorted, non-overlapping ranges of every match. */
  find(tokens: AnalyzedToken[]): TextRange[];
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

/** Builds a matcher for a query's highlight terms (phrases match only as consecutive terms). */
export function createMatcher(highlights: HighlightTerm[]): Matcher {
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
  return {
    empty: highlights.length === 0,
    find(tokens) {
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
    },
  };
}
