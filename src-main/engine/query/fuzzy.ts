// Fuzzy matching (docs/design.md#fuzzy-matching): the vocabulary terms within Damerau-Levenshtein
// distance 1 of a query term (insert, delete, substitute, transpose adjacent). Rather than
// comparing against every vocabulary term, it generates the few hundred strings one edit away and
// looks them up.
import { isCjkTerm } from '../analysis/analyzer.ts';

const ASCII_ALPHABET = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
/** Terms whose variants are remembered at most (then the memory starts afresh). */
const MAX_KNOWN_VARIANTS = 10_000;

/**
 * Where a vocabulary's terms come from: a list read whole, or the index asked one term at a time
 * (docs/benchmarks.md#the-first-search: reading all of msdocs-cpp's 49k terms costs ~0.5 s).
 */
export interface TermSource {
  /** How many rows hold `term`; undefined when no row does (it is no term of the index). */
  rows(term: string): number | undefined;
  /** The non-ASCII characters of the terms that are not CJK (a non-ASCII word's edits use them). */
  wideAlphabet(): string[];
  /** Looks many terms up at once, before `rows` is asked about each (optional: a speed-up). */
  prefetch?(terms: string[]): void;
  /** The terms beginning with `prefix`, in order, with their row counts. */
  beginning(prefix: string): ReadonlyArray<readonly [term: string, rows: number]>;
}

/** A term source over a list of terms read whole. */
function listedTerms(terms: Iterable<string | readonly [term: string, rows: number]>): TermSource {
  const map = new Map<string, number>();
  for (const entry of terms) {
    if (typeof entry === 'string') map.set(entry, 0);
    else map.set(entry[0], entry[1]);
  }
  let wide: string[] | null = null;
  let sorted: Array<[string, number]> | null = null;
  return {
    rows: (term) => map.get(term),
    wideAlphabet: () => (wide ??= wideAlphabetOf(map.keys())),
    beginning(prefix) {
      sorted ??= [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const from = lowerBound(sorted, prefix);
      let to = from;
      while (to < sorted.length && sorted[to]![0].startsWith(prefix)) to++;
      return sorted.slice(from, to);
    },
  };
}

/** The first index of `entries` (sorted by term) whose term is not below `term`. */
function lowerBound(entries: ReadonlyArray<readonly [string, number]>, term: string): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid]![0] < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The non-ASCII characters of `terms`, CJK terms left out. */
export function wideAlphabetOf(terms: Iterable<string>): string[] {
  const wide = new Set<string>();
  for (const term of terms) {
    // eslint-disable-next-line no-control-regex -- ASCII is the range the test is about
    if (!/[^\x00-\x7f]/.test(term) || isCjkTerm(term)) continue;
    for (const char of term) if (char > '\x7f') wide.add(char);
  }
  return [...wide];
}

/** The index's terms, for fuzzy lookups and word weights, with the rows holding each (if known). */
export class Vocabulary {
  /** Rows in the index (0 when unknown): what a term's row count is a share of. */
  readonly total: number;
  private readonly terms: TermSource;
  /** Variants found so far (a vocabulary never changes; searches repeat words). */
  private readonly known = new Map<string, string[]>();
  /** Completions read so far, per prefix. */
  private readonly begun = new Map<string, ReadonlyArray<readonly [string, number]>>();

  /** From a list of terms (with their row counts, when known) or a source to ask. */
  constructor(
    terms: Iterable<string | readonly [term: string, rows: number]> | TermSource,
    total = 0,
  ) {
    this.total = total;
    this.terms = 'wideAlphabet' in terms ? terms : listedTerms(terms);
  }

  has(term: string): boolean {
    return this.terms.rows(term) !== undefined;
  }

  /** How many rows hold `term` (0 when unknown or absent). */
  rows(term: string): number {
    return this.terms.rows(term) ?? 0;
  }

  /** The terms beginning with `prefix`, in order, with their row counts (read once per prefix). */
  beginning(prefix: string): ReadonlyArray<readonly [term: string, rows: number]> {
    let found = this.begun.get(prefix);
    if (!found) {
      if (this.begun.size >= MAX_KNOWN_VARIANTS) this.begun.clear();
      this.begun.set(prefix, (found = this.terms.beginning(prefix)));
    }
    return found;
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
    const alphabet = ascii ? ASCII_ALPHABET : [...ASCII_ALPHABET, ...this.terms.wideAlphabet()];
    const edits: string[] = [];
    const n = chars.length;
    for (let i = 0; i <= n; i++) {
      const head = chars.slice(0, i).join('');
      const tail = chars.slice(i).join('');
      for (const c of alphabet) edits.push(head + c + tail); // insertion
      if (i < n) {
        const rest = chars.slice(i + 1).join('');
        edits.push(head + rest); // deletion
        for (const c of alphabet) if (c !== chars[i]) edits.push(head + c + rest); // substitution
        if (i + 1 < n && chars[i] !== chars[i + 1])
          edits.push(head + chars[i + 1] + chars[i] + chars.slice(i + 2).join(''));
      }
    }
    this.terms.prefetch?.(edits);
    const found = new Set(edits.filter((edit) => edit !== term && this.has(edit)));
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
