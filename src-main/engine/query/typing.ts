// The word being typed (docs/design.md#the-word-being-typed): in as-you-type search the last word
// of a query is usually unfinished ("attachmen", "borr"), so it also matches the common index
// terms it begins (its completions). The index holds stems ("attachments" → "attach"), so a
// prefix of the surface word can be longer than the stem it should find: the word's stem family
// — vocabulary terms the typed word starts with, a few characters shorter at most — is searched
// too.
import { normalizeWord, type Analyzer } from '../analysis/analyzer.ts';
import type { ParsedQuery, QueryNode, TermNode } from './ast.ts';

/** Typed words shorter than this are not completed (a 1–2 letter prefix matches half the index). */
export const TYPING_MIN_LENGTH = 3;
/** How much shorter than a typed prefix a stem of its family may be ("configura" → "configur"). */
const STEM_SLACK = 4;
/** The shortest stem taken as family: shorter ones ("con" for "conf") are other words' stems. */
const FAMILY_MIN_LENGTH = 4;
/**
 * The most index terms a typed prefix completes to, its most common ones: each is a phrase FTS5
 * scores in every row of a ranked statement ('con': 8 → 24 terms took its statement from ~35 to
 * ~90 ms on msdocs-cpp, docs/benchmarks.md#typed-prefixes).
 */
export const MAX_COMPLETIONS = 8;
/**
 * A completion held by fewer rows than this share of its prefix's most common completion's is
 * left out until more of it is typed: ranked as a word of its own, a rare one outranks the word
 * most likely meant by its rarity alone ('refe': 'refelem1', 3 rows, beside 'refer', 64k; with
 * 1/64, typing 'move' put CDaoRecordset::MoveFirst and MovePrev above move_iterator).
 */
const COMPLETION_SHARE = 1 / 16;

/** True when `text` ends in a word character: its last word is still being typed. */
export function endsInWord(text: string): boolean {
  return /[\p{L}\p{N}\p{M}]$/u.test(text);
}

/** The query's last plain word, if the query ends with it (not in a phrase, group or field). */
function lastWord(root: QueryNode | null): TermNode | null {
  const last = root?.type === 'and' ? root.children[root.children.length - 1] : root;
  if (!last || last.type !== 'term') return null;
  return last.field === null && !last.prefix ? last : null;
}

/** `parsed` with its last word marked as being typed, when `text` ends with it. */
export function markTyping(parsed: ParsedQuery, text: string): ParsedQuery {
  if (parsed.leftOut) return parsed; // the query's last word is among the words left out
  const word = lastWord(parsed.root);
  if (!word || !endsInWord(text) || [...word.text].length < TYPING_MIN_LENGTH) return parsed;
  if (!text.toLowerCase().endsWith(word.text.toLowerCase())) return parsed;
  const typing: TermNode = { ...word, typing: true };
  if (parsed.root === word) return { ...parsed, root: typing };
  const root = parsed.root as Extract<QueryNode, { type: 'and' }>;
  return { ...parsed, root: { ...root, children: [...root.children.slice(0, -1), typing] } };
}

/**
 * The index terms of `prefix`'s stem family: those `prefix` starts with, at most `STEM_SLACK`
 * characters shorter (never under `FAMILY_MIN_LENGTH`), that the vocabulary holds.
 */
export function stemFamily(prefix: string, has: (term: string) => boolean): string[] {
  const family: string[] = [];
  const from = Math.max(FAMILY_MIN_LENGTH, prefix.length - STEM_SLACK);
  for (let length = prefix.length - 1; length >= from; length--) {
    const term = prefix.slice(0, length);
    if (has(term)) family.push(term);
  }
  return family;
}

/**
 * The prefix a typed word completes: the part it shares with its stem ("borr", "happy" → "happ"
 * for "happi"), so that every word whose stem begins like the typed word's does. A stem shorter
 * than `FAMILY_MIN_LENGTH` begins other words' stems ("cons" → "con" would complete "control"
 * and "contain"): then the word itself ("cons"), its stem still matched as the word.
 */
export function typedPrefix(analyzer: Analyzer, word: string): string {
  const shared = analyzer.prefixTerm(word);
  if ([...shared].length >= FAMILY_MIN_LENGTH || shared !== analyzer.term(word)) return shared;
  return normalizeWord(word);
}

/**
 * True when a fuzzy variant of the word being typed adds nothing but noise: a word `prefix`
 * already completes ("refer" for "refe"), or one the typed word begins with ("ref" for "refe"),
 * which its stem family takes when it is one (`stemFamily`) and leaves out when it is another
 * word's stem.
 */
export function completesAlready(prefix: string, variant: string): boolean {
  return variant.startsWith(prefix) || prefix.startsWith(variant);
}

/**
 * The index terms a typed prefix completes to (docs/design.md#the-word-being-typed): its
 * `MAX_COMPLETIONS` most common ones, each held by at least `COMPLETION_SHARE` of the rows of
 * the most common one, in index order.
 */
export function typedCompletions(
  beginning: ReadonlyArray<readonly [term: string, rows: number]>,
): string[] {
  const common = [...beginning].sort((a, b) => b[1] - a[1]).slice(0, MAX_COMPLETIONS);
  const least = (common[0]?.[1] ?? 0) * COMPLETION_SHARE;
  return common
    .filter(([, rows]) => rows >= least)
    .map(([term]) => term)
    .sort();
}
