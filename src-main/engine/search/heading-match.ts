// Heading evidence (docs/search-quality.md#the-score): a section whose own heading names what the
// query asks for is usually *the* section about it, even when a sibling's long body mentions the
// same words more often ("lifetime elision rules" → "Lifetime Elision", not the section that
// applies the rules). Its context — the file title, the ancestor headings and the path — names
// it too when its own heading is generic ("Details" of "Move Header"). BM25 weights the title
// column, but its saturation and length normalisation leave a heading hit worth little more
// than a few body hits; the score weighs how much of the query a heading and its context hold.
import type { Analyzer } from '../analysis/analyzer.ts';
import type { CompiledOperand, HighlightTerm } from '../query/compile.ts';
import { withParts } from '../query/identifier-parts.ts';
import type { SearchTree } from './tree.ts';

/**
 * Term sets, read as their union: a node's context shares its texts' sets with the nodes around
 * it (a file's path and title, the ancestors' headings) instead of holding a union of its own.
 */
export type TermSets = ReadonlyArray<ReadonlySet<string>>;

/** The analysed terms of a node's own heading and of its context. */
export interface HeadingTerms {
  /** The heading (the document node: its title and aliases' words are in its `title`). */
  own: TermSets;
  /**
   * The file title, the ancestor headings and the path's words (folders, file name); with the
   * camel-case parts of all these, as `own` has those of the heading.
   */
  context: TermSets;
}

const inAny = (sets: TermSets, term: string) => sets.some((terms) => terms.has(term));

function holds(sets: TermSets, h: HighlightTerm): boolean {
  const n = h.terms.length;
  for (let i = 0; i < n - 1; i++) if (!inAny(sets, h.terms[i]!)) return false;
  const last = h.terms[n - 1]!;
  if (!h.prefix) return inAny(sets, last);
  for (const terms of sets) for (const term of terms) if (term.startsWith(last)) return true;
  return false;
}

/** True when one of the highlight alternatives has all its terms in the union of `sets`. */
export function holdsAny(highlights: readonly HighlightTerm[], sets: TermSets) {
  return highlights.some((h) => holds(sets, h));
}

/** How much of a topic's weight a heading holds: in the heading itself, and in it or its context. */
export interface HeadingShares {
  heading: number;
  context: number;
}

/**
 * The idf-weighted shares of a topic's wanted operands in a node's heading and in its heading or
 * context (`Features` in ranking.ts); an operand there only through a fuzzy variant counts
 * `fuzzyWeight` of its weight.
 */
export function headingShares(
  wanted: ReadonlyArray<{ operand: CompiledOperand; weight: number }>,
  total: number,
  heading: HeadingTerms,
  fuzzyWeight: number,
): HeadingShares {
  if (total <= 0) return { heading: 0, context: 0 };
  let own = 0;
  let either = 0;
  for (const { operand, weight } of wanted) {
    const found = (sets: TermSets) =>
      holdsAny(operand.highlights, sets)
        ? 1
        : holdsAny(operand.fuzzyHighlights, sets)
          ? fuzzyWeight
          : 0;
    const inOwn = found(heading.own);
    own += weight * inOwn;
    either += weight * Math.max(inOwn, found(heading.context));
  }
  return { heading: own / total, context: either / total };
}

/**
 * The terms of one heading or title, with the parts of its camel-case names; kept with the tree's
 * heading cache, since every section of a file shares its title, sections share their ancestors,
 * and many headings are alike ("Remarks", "Example").
 */
function textTerms(tree: SearchTree, text: string, analyzer: Analyzer): ReadonlySet<string> {
  const memory = tree.textTermsCache;
  let terms = memory.get(text);
  if (!terms) memory.set(text, (terms = new Set(analyzer.terms(withParts([text])))));
  return terms;
}

/**
 * The terms of a file's path (without its extension), as its FTS5 path columns hold them: without
 * camel-case parts, so that a row's path evidence is what its FTS5 flags show and its score bound
 * holds (docs/search-quality.md#the-score).
 */
function pathTerms(tree: SearchTree, path: string, analyzer: Analyzer): ReadonlySet<string> {
  const memory = tree.pathTermsCache;
  let terms = memory.get(path);
  if (!terms) memory.set(path, (terms = new Set(analyzer.terms(path))));
  return terms;
}

/**
 * The heading terms of a loaded node, analysed once per index state (kept in the tree). The
 * context's terms are the union of each text's, kept as the list of the texts' shared sets:
 * words never span two texts (they are joined by spaces), so that is the analysis of them all
 * together.
 */
export function headingTermsOf(tree: SearchTree, key: number, analyzer: Analyzer): HeadingTerms {
  const cache = tree.headingCache;
  let found = cache[key];
  if (found) return found;
  const row = tree.row(key);
  const file = tree.fileOf(key);
  const around: string[] = [];
  if (row.depth > 0) {
    around.push(file.file_title);
    for (let p = tree.parentOf(key); p !== null; p = tree.parentOf(p)) {
      const parent = tree.row(p);
      if (parent.depth > 0) around.push(parent.title);
    }
  }
  // Titles with the parts of camel-case names ("task dialog" is named by
  // `CTaskDialog::IsSupported`), as the FTS5 title and context columns hold them; the path without.
  const path = pathTerms(tree, file.path.replace(/\.[^./]*$/, ''), analyzer);
  const context = [...new Set([path, ...around.map((text) => textTerms(tree, text, analyzer))])];
  found = { own: [textTerms(tree, row.title, analyzer)], context };
  cache[key] = found;
  return found;
}
