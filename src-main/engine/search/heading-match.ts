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
 * The analysed terms of the headings, titles and paths of loaded nodes, each term as a small
 * integer, in flat arrays (kept in the tree, `tree.ts`). A node's own heading and its context —
 * the file title and the ancestor headings with the parts of their camel-case names, as its own
 * has those of the heading, and the path's words (folders, file name; `add`) — are two runs of
 * term ids: a search's heading shares scan a few neighbouring integers instead of following a
 * node's sets of strings across the heap, which with a whole index warmed made every repeated
 * search ~8 % dearer (docs/benchmarks.md#heading-terms-in-flat-arrays).
 */
export class HeadingTermTable {
  /** Term ids by term, and terms by id. */
  private readonly ids = new Map<string, number>();
  private readonly terms: string[] = [];
  /** Each analysed title's term ids (every section of a file shares its title), and path's. */
  private readonly texts = new Map<string, number[]>();
  private readonly paths = new Map<string, number[]>();
  /** Where each node's run starts in `pool`, by key (0: not analysed yet). */
  private starts = new Int32Array(1024);
  /** Runs of [own count, own ids…, context count, context ids…]; index 0 unused. */
  private pool = new Int32Array(1 << 14);
  private used = 1;
  /** A query's terms as ids (-1: no heading has it), with the number of terms known then. */
  private readonly queried = new WeakMap<HighlightTerm, { known: number; ids: Int32Array }>();

  /** The node's heading terms when analysed already. */
  find(key: number): HeadingTerms | undefined {
    const at = key < this.starts.length ? this.starts[key]! : 0;
    return at === 0 ? undefined : { table: this, at };
  }

  /**
   * Keeps node `key`'s heading terms: those of its heading `own`, and of its context, its file's
   * `path` and the `titles` around it. Titles with the parts of camel-case names ("task dialog" is
   * named by `CTaskDialog::IsSupported`), as the FTS5 title and context columns hold them; the
   * path without, as its FTS5 path columns hold it, so that a row's path evidence is what its
   * flags show and its score bound holds (docs/search-quality.md#the-score).
   */
  add(
    key: number,
    own: string,
    path: string,
    titles: readonly string[],
    analyzer: Analyzer,
  ): HeadingTerms {
    const ownIds = this.textIds(this.texts, own, withParts([own]), analyzer);
    const contextIds = [...this.textIds(this.paths, path, path, analyzer)];
    for (const title of titles) {
      for (const id of this.textIds(this.texts, title, withParts([title]), analyzer)) {
        if (!contextIds.includes(id)) contextIds.push(id);
      }
    }
    const at = this.used;
    this.reserve(at + ownIds.length + contextIds.length + 2);
    const pool = this.pool;
    let end = at;
    pool[end++] = ownIds.length;
    for (const id of ownIds) pool[end++] = id;
    pool[end++] = contextIds.length;
    for (const id of contextIds) pool[end++] = id;
    this.used = end;
    if (key >= this.starts.length) {
      const starts = new Int32Array(Math.max(2 * this.starts.length, key + 1));
      starts.set(this.starts);
      this.starts = starts;
    }
    this.starts[key] = at;
    return { table: this, at };
  }

  /** True when one of the highlight alternatives has all its terms in the heading (or context). */
  holdsAny(highlights: readonly HighlightTerm[], heading: HeadingTerms, part: Part): boolean {
    let from = heading.at + 1;
    if (part === 'context') from += this.pool[heading.at]! + 1;
    const to = from + this.pool[from - 1]!;
    for (const h of highlights) if (this.holds(h, from, to)) return true;
    return false;
  }

  private holds(h: HighlightTerm, from: number, to: number): boolean {
    const ids = this.idsOf(h);
    const n = ids.length;
    for (let i = 0; i < n - 1; i++) if (!this.within(ids[i]!, from, to)) return false;
    if (!h.prefix) return n > 0 && this.within(ids[n - 1]!, from, to);
    const last = h.terms[n - 1]!;
    for (let j = from; j < to; j++) if (this.terms[this.pool[j]!]!.startsWith(last)) return true;
    return false;
  }

  private within(id: number, from: number, to: number): boolean {
    for (let j = from; j < to; j++) if (this.pool[j] === id) return true;
    return false;
  }

  /** A highlight's terms as ids, looked up again once new terms came in if one had none. */
  private idsOf(h: HighlightTerm): Int32Array {
    const known = this.queried.get(h);
    if (known && known.known >= this.terms.length) return known.ids;
    const ids = Int32Array.from(h.terms, (term) => this.ids.get(term) ?? -1);
    this.queried.set(h, { known: ids.includes(-1) ? this.terms.length : Infinity, ids });
    return ids;
  }

  /** The distinct term ids of a text (analysed as `analysed`), kept in `memory`. */
  private textIds(
    memory: Map<string, number[]>,
    text: string,
    analysed: string,
    analyzer: Analyzer,
  ): number[] {
    let ids = memory.get(text);
    if (ids) return ids;
    ids = [];
    for (const term of new Set(analyzer.terms(analysed))) {
      let id = this.ids.get(term);
      if (id === undefined) {
        this.ids.set(term, (id = this.terms.length));
        this.terms.push(term);
      }
      ids.push(id);
    }
    memory.set(text, ids);
    return ids;
  }

  private reserve(length: number): void {
    if (length <= this.pool.length) return;
    const pool = new Int32Array(Math.max(2 * this.pool.length, length));
    pool.set(this.pool);
    this.pool = pool;
  }
}

/** A node's heading terms: its run in a `HeadingTermTable`. */
export interface HeadingTerms {
  table: HeadingTermTable;
  at: number;
}

/** The node's own heading, or its context. */
export type Part = 'own' | 'context';

/** The share of a topic's weight in a node's own heading, and in its heading or its context. */
export interface HeadingShares {
  heading: number;
  context: number;
}

const SINGLE_WORDS = new WeakMap<CompiledOperand, readonly HighlightTerm[]>();

/**
 * What names an operand in a heading: the single words its FTS5 expression is an OR of, when it
 * is one (`CompiledOperand.words`), else its highlights. They differ for the word being typed: it
 * highlights every word its prefix begins, while its expression holds only the completions chosen
 * for it (docs/design.md#the-word-being-typed) — a heading holding another ('binder1st' for
 * 'bind') is not what the row was matched by, no FTS5 flag shows it, and counting it would score
 * the row above its bound (ranking.ts `scoreBound`).
 */
function namedBy(operand: CompiledOperand): readonly HighlightTerm[] {
  if (!operand.words) return operand.highlights;
  let words = SINGLE_WORDS.get(operand);
  if (!words) {
    words = operand.words.map((term) => ({ terms: [term], prefix: false }));
    SINGLE_WORDS.set(operand, words);
  }
  return words;
}

/**
 * The idf-weighted shares of a topic's wanted operands (of `topicWeight`, the sum of all its
 * wanted weights: `Topic.weight`) in a node's heading and in its heading or context (`Features`
 * in ranking.ts); an operand there only through a fuzzy variant counts
 * `fuzzyWeight` of its weight, and so does one its row holds only through a fuzzy variant
 * (`fuzzyOnly`: its coverage counts no more, topic-ranking.ts `placementOf`).
 */
export function headingShares(
  wanted: ReadonlyArray<{ operand: CompiledOperand; weight: number; fuzzyOnly?: boolean }>,
  topicWeight: number,
  heading: HeadingTerms,
  fuzzyWeight: number,
): HeadingShares {
  if (topicWeight <= 0) return { heading: 0, context: 0 };
  let own = 0;
  let either = 0;
  const { table } = heading;
  for (const { operand, weight, fuzzyOnly } of wanted) {
    const named = namedBy(operand);
    const most = fuzzyOnly ? fuzzyWeight : 1;
    const found = (part: Part) =>
      table.holdsAny(named, heading, part)
        ? most
        : table.holdsAny(operand.fuzzyHighlights, heading, part)
          ? fuzzyWeight
          : 0;
    const inOwn = found('own');
    own += weight * inOwn;
    either += weight * Math.max(inOwn, found('context'));
  }
  return { heading: own / topicWeight, context: either / topicWeight };
}

/**
 * The heading terms of a loaded node, analysed once per index state (kept in the tree's
 * `HeadingTermTable`, which keeps each text's terms once: every section of a file shares its path
 * and title, sections share their ancestors, and many headings are alike, "Remarks", "Example").
 * The context's terms are the union of its texts': words never span two texts (they are joined
 * by spaces), so that is the analysis of them all together.
 */
export function headingTermsOf(tree: SearchTree, key: number, analyzer: Analyzer): HeadingTerms {
  const table = tree.headingTerms;
  const found = table.find(key);
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
  return table.add(key, row.title, file.path.replace(/\.[^./]*$/, ''), around, analyzer);
}
