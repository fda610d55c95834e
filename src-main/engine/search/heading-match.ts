// Heading coverage, a ranking signal on top of BM25: a section whose own heading names what the
// query asks for is usually *the* section about it, even when a sibling's long body mentions the
// same words more often ("lifetime elision rules" → "Lifetime Elision", not the section that
// applies the rules). Its context — the file title, the ancestor headings and the path — names
// it too when its own heading is generic ("Details" of "Move Header"). BM25 weights the title
// column, but its saturation and length normalisation leave a heading hit worth little more
// than a few body hits; the boost multiplies a result's score by how much of the query its
// heading and context hold — after merging, so a merged parent is judged by its own heading,
// not by the sum of its children's boosts.
import type { Analyzer } from '../analysis/analyzer.ts';
import type { CompiledOperand, HighlightTerm } from '../query/compile.ts';
import { withParts } from '../query/identifier-parts.ts';
import type { SearchTree } from './tree.ts';

/** The analysed terms of a node's own heading and of its context. */
export interface HeadingTerms {
  /** The heading (the document node: its title and aliases' words are in its `title`). */
  own: ReadonlySet<string>;
  /**
   * The file title, the ancestor headings and the path's words (folders, file name); with the
   * camel-case parts of all these, as `own` has those of the heading.
   */
  context: ReadonlySet<string>;
}

/** How much a raw score grows with the share of required operands in the heading / context. */
export interface HeadingBoost {
  /** Added per unit of the share found in the node's own heading. */
  own: number;
  /** Added per unit of the share found in the heading or its context. */
  context: number;
}

function holds(terms: ReadonlySet<string>, h: HighlightTerm): boolean {
  const n = h.terms.length;
  for (let i = 0; i < n - 1; i++) if (!terms.has(h.terms[i]!)) return false;
  const last = h.terms[n - 1]!;
  if (!h.prefix) return terms.has(last);
  for (const term of terms) if (term.startsWith(last)) return true;
  return false;
}

/** True when one of the operand's alternatives has all its terms in `terms`. */
export function operandIn(operand: CompiledOperand, terms: ReadonlySet<string>): boolean {
  return operand.highlights.some((h) => holds(terms, h));
}

/** The multiplier of a raw score: 1 + own × (share in the heading) + context × (share in either). */
export function headingFactor(
  operands: readonly CompiledOperand[],
  heading: HeadingTerms,
  boost: HeadingBoost,
): number {
  if (operands.length === 0) return 1;
  let own = 0;
  let either = 0;
  for (const operand of operands) {
    if (operandIn(operand, heading.own)) {
      own++;
      either++;
    } else if (operandIn(operand, heading.context)) either++;
  }
  return 1 + (boost.own * own + boost.context * either) / operands.length;
}

/** The largest `headingFactor` can be: every operand in the heading. */
export function headingFactorMax(boost: HeadingBoost): number {
  return 1 + boost.own + boost.context;
}

/**
 * The terms of one heading, title or path, with the parts of its camel-case names; kept with the
 * tree's heading cache, since every section of a file shares its path and title, sections share
 * their ancestors, and many headings are alike ("Remarks", "Example").
 */
function textTerms(tree: SearchTree, text: string, analyzer: Analyzer): ReadonlySet<string> {
  const memory = tree.textTermsCache;
  let terms = memory.get(text);
  if (!terms) memory.set(text, (terms = new Set(analyzer.terms(withParts([text])))));
  return terms;
}

/**
 * The heading terms of a loaded node, analysed once per index state (kept in the tree). The
 * context's terms are the union of each text's: words never span two texts (they are joined by
 * spaces), so that is the analysis of them all together.
 */
export function headingTermsOf(tree: SearchTree, key: number, analyzer: Analyzer): HeadingTerms {
  const cache = tree.headingCache;
  let found = cache[key];
  if (found) return found;
  const row = tree.row(key);
  const file = tree.fileOf(key);
  const around = [file.path.replace(/\.[^./]*$/, '')];
  if (row.depth > 0) {
    around.push(file.file_title);
    for (let p = tree.parentOf(key); p !== null; p = tree.parentOf(p)) {
      const parent = tree.row(p);
      if (parent.depth > 0) around.push(parent.title);
    }
  }
  // With the parts of camel-case names: "task dialog" is named by `CTaskDialog::IsSupported`.
  const context = new Set<string>();
  for (const text of around) for (const term of textTerms(tree, text, analyzer)) context.add(term);
  found = { own: textTerms(tree, row.title, analyzer), context };
  cache[key] = found;
  return found;
}
