// Fuzzy matching (docs/design.md#fuzzy-matching): the vocabulary terms within Damerau-Levenshtein distance 1 of a
// query term (insert, delete, substitute, transpose adjacent). Rather than comparing against
// every vocabulary term, it generates the few hundred strings one edit away and looks them up.
import { isCjkTerm } from '../analysis/analyzer.ts';

const ASCII_ALPHABET = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
/** Terms whose variants are remembered at most (then the memory starts afresh). */
const MAX_KNOWN_VARIANTS = 10_000;

/** The index's terms, for fuzzy lookups and word weights, with how many rows hold each (when known). */
export class Vocabulary {
  /** Rows in the index (0 when unknown): what a term's row count is a share of. */
  readonly total: number;
  private readonly terms: Map<string, number>;
  private readonly wideAlphabet: string[];
  /** Variants found so far (a vocabulary never changes; searches repeat words). */
  private readonly known = new Map<string, string[]>();

  constructor(terms: Iterable<string | readonly [term: string, rows: number]>, total = 0) {
    this.total = total;
    this.terms = new Map();
    for (const entry of terms) {
      if (typeof entry === 'string') this.terms.set(entry, 0);
      else this.terms.set(entry[0], entry[1]);
    }
    const wide = new Set<string>();
    for (const term of this.terms.keys()) {
      if (isCjkTerm(term)) continue;
      for (const char of term) if (char > '\x7f') wide.add(char);
    }
    this.wideAlphabet = [...wide];
  }

  get size(): number {
    return this.terms.size;
  }

  has(term: string): boolean {
    return this.terms.has(term);
  }

  /** How many rows hold `term` (0 when unknown or absent). */
  rows(term: string): number {
    return this.terms.get(term) ?? 0;
  }

  /**
   * The fuzzy variants worth trying for a typed term: neighbours at least as common as the term
   * itself. A misspelling is rarer than the word it misspells, while a real word's neighbours
   * that are rarer than it are other words ("form" → "fork"), not what was meant.
   */
  variants(term: string): string[] {
    let found = this.known.get(term);
    if (!found) {
      const own = this.rows(term);
      found = this.neighbours(term).filter((near) => this.rows(near) >= own);
      if (this.known.size >= MAX_KNOWN_VARIANTS) this.known.clear();
      this.known.set(term, found);
    }
    return found;
  }

  /** Terms of the vocabulary one edit away from `term` (never `term` itself), sorted. */
  neighbours(term: string): string[] {
    const chars = [...term];
    const ascii = chars.every((c) => c <= '\x7f');
    // An ASCII word's neighbours that matter are ASCII; a non-ASCII word may use any letter seen.
    const alphabet = ascii ? ASCII_ALPHABET : [...ASCII_ALPHABET, ...this.wideAlphabet];
    const found = new Set<string>();
    const check = (candidate: string) => {
      if (candidate !== term && this.terms.has(candidate)) found.add(candidate);
    };
    const n = chars.length;
    for (let i = 0; i <= n; i++) {
      const head = chars.slice(0, i).join('');
      const tail = chars.slice(i).join('');
      for (const c of alphabet) check(head + c + tail); // insertion
      if (i < n) {
        const rest = chars.slice(i + 1).join('');
        check(head + rest); // deletion
        for (const c of alphabet) if (c !== chars[i]) check(head + c + rest); // substitution
        if (i + 1 < n && chars[i] !== chars[i + 1])
          check(head + chars[i + 1] + chars[i] + chars.slice(i + 2).join(''));
      }
    }
    return [...found].sort();
  }
}

/** Optimal-string-alignment distance capped at `max + 1` (for tests and checks). */
export function editDistance(a: string, b: string, max = 1): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => [
    i,
    ...new Array<number>(y.length).fill(0),
  ]);
  for (let j = 0; j <= y.length; j++) d[0]![j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return Math.min(d[x.length]![y.length]!, max + 1);
}
