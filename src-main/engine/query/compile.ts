// The query compiler: tree → FTS5 expression text. User text never reaches MATCH directly
// (docs/architecture.md#user-text-never-reaches-match): every term is analysed exactly as documents
// are and then quoted, so FTS5 only ever sees quoted strings, column filters, parentheses and the
// operators this module writes.
// size: one compiler class, its cases filling the highlight lists they share; what the word being
// typed completes to (typing.ts) and fuzzy variants (fuzzy.ts) are computed apart.
import { isCjkTerm, type AnalyzedToken, type Analyzer } from '../analysis/analyzer.ts';
import type {
  ParsedQuery,
  PhraseNode,
  QueryField,
  QueryFilters,
  QueryNode,
  TermNode,
} from './ast.ts';
import { completesAlready, typedPrefix, TYPING_MIN_LENGTH } from './typing.ts';

/** FTS5 column of each field; `path:` without `/` searches the path column. */
const COLUMN: Record<QueryField, string> = {
  title: 'title',
  tags: 'tags',
  path: 'path',
  body: 'body',
};

/**
 * Terms and phrases past this many are ignored. A query holds at most `MAX_QUERY_WORDS` words
 * (query/lex.ts); this bounds what they compile to (a date filter that is no date is two words).
 */
export const MAX_QUERY_LEAVES = 64;
/** Longer phrases are cut to this many terms. */
const MAX_PHRASE_TERMS = 64;
/**
 * Fuzzy matching applies to typed words of at least this many characters
 * (docs/design.md#fuzzy-matching).
 */
const FUZZY_MIN_LENGTH = 4;

/** An operand of the query's top-level AND: one thing the query wants, or a field filter. */
export interface CompiledOperand {
  /** How the operand was typed (lower-case), e.g. `error`, `"error handling"`, `title:guide`. */
  label: string;
  /** Its FTS5 expression: the words as typed (analysed), no fuzzy variants. */
  expr: string;
  /**
   * The same with the fuzzy variants of its bare words OR-ed in (`("reciev" OR "receiv")`); null
   * when it has none (no expansion asked for, or no word has a variant).
   */
  fuzzy: string | null;
  /** Its terms to highlight; the operand is in a text holding every term of one of them. */
  highlights: HighlightTerm[];
  /** The fuzzy variants' terms to highlight (each a single term). */
  fuzzyHighlights: HighlightTerm[];
  /**
   * True for a word or phrase typed with a field (`title:guide`): a filter that every match holds,
   * like negations and `vault:`/`path:` (docs/design.md#whole-and-partial-matches), not a wanted
   * word.
   */
  filter?: boolean;
  /**
   * The single index terms its expression is an OR of (`"ref"`, `("ref" OR "refer")`), which the
   * vocabulary can count; absent for anything else (a phrase, a prefix, a field, an AND).
   */
  words?: string[] | null;
}

/** Terms to highlight: one term, or a phrase's terms in order; `prefix` applies to the last. */
export interface HighlightTerm {
  terms: string[];
  prefix: boolean;
}

/** A query ready to run. */
export interface CompiledQuery {
  /** The operands that must all match (strict AND); empty when only filters were typed. */
  required: CompiledOperand[];
  /** What must not match (the OR of the negated parts), or null. */
  exclude: string | null;
  /** FTS5 pre-filter for `path:dir/` (checked exactly afterwards), or null. */
  pathFilter: string | null;
  filters: QueryFilters;
  highlights: HighlightTerm[];
  /** The fuzzy variants' terms to highlight. */
  fuzzyHighlights: HighlightTerm[];
  /** The typed words, lower-case, in order (for the response's `terms`). */
  terms: string[];
  /** Typed stop words left out of `required` (see `isOptionalWord`), lower-case. */
  stopWords: string[];
}

/** How to compile. */
export interface CompileOptions {
  /** The fuzzy variants of an analysed term (none: exact only). */
  expand?: (term: string) => string[];
  /** The index terms of a typed prefix's stem family (query/typing.ts; none: the prefix only). */
  family?: (prefix: string) => string[];
  /** The index terms a typed prefix completes to (query/typing.ts; none: the prefix itself). */
  completions?: (prefix: string) => string[];
  /** True when some row holds an analysed term (the vocabulary; none: every term may be held). */
  holds?: (term: string) => boolean;
}

/** Analysed terms as one FTS5 phrase, quoted (the only way user text reaches `MATCH`). */
export const quote = (terms: readonly string[]) => `"${terms.join(' ').replace(/"/g, '""')}"`;

interface Piece {
  expr: string;
  /** With fuzzy variants; null when no word below has any. */
  fuzzy: string | null;
  label: string;
  /** `CompiledOperand.words`. */
  words: string[] | null;
}

class Compiler {
  private leaves = 0;
  readonly highlights: HighlightTerm[] = [];
  readonly fuzzyHighlights: HighlightTerm[] = [];
  readonly terms: string[] = [];
  private readonly analyzer: Analyzer;
  private readonly options: CompileOptions;

  constructor(analyzer: Analyzer, options: CompileOptions) {
    this.analyzer = analyzer;
    this.options = options;
  }

  node(node: QueryNode): Piece | null {
    switch (node.type) {
      case 'term':
      case 'phrase':
        return this.leaf(node);
      case 'or': {
        const parts = node.children.filter((c) => c.type !== 'not').map((c) => this.node(c));
        const kept = parts.filter((p): p is Piece => p !== null);
        if (kept.length <= 1) return kept[0] ?? null;
        const or = (pick: (p: Piece) => string) => `(${kept.map(pick).join(' OR ')})`;
        return {
          expr: or((p) => p.expr),
          words: kept.every((p) => p.words) ? kept.flatMap((p) => p.words!) : null,
          fuzzy: kept.some((p) => p.fuzzy) ? or((p) => p.fuzzy ?? p.expr) : null,
          label: `(${kept.map((p) => p.label).join(' OR ')})`,
        };
      }
      case 'and': {
        const { positives, negatives } = this.split(node.children);
        if (positives.length === 0) return null;
        const and = (pick: (p: CompiledOperand) => string) => {
          const all = positives.map(pick).join(' AND ');
          return negatives.length ? `((${all}) NOT (${negatives.join(' OR ')}))` : `(${all})`;
        };
        return {
          expr: and((p) => p.expr),
          words: null,
          fuzzy: positives.some((p) => p.fuzzy) ? and((p) => p.fuzzy ?? p.expr) : null,
          label: `(${positives.map((p) => p.label).join(' ')})`,
        };
      }
      case 'not':
        return null; // a negation alone cannot match anything; `and` handles it beside positives
    }
  }

  /** Compiles the children of an AND: positives and negations. */
  split(children: QueryNode[]): { positives: CompiledOperand[]; negatives: string[] } {
    const positives: CompiledOperand[] = [];
    const negatives: string[] = [];
    for (const child of children) {
      if (child.type === 'not') {
        const negated = this.withoutHighlights(() => this.node(child.child));
        if (negated) negatives.push(negated.expr);
      } else {
        const from = this.highlights.length;
        const fuzzyFrom = this.fuzzyHighlights.length;
        const piece = this.node(child);
        const filter = (child.type === 'term' || child.type === 'phrase') && child.field !== null;
        const operand = piece && {
          ...piece,
          highlights: this.highlights.slice(from),
          fuzzyHighlights: this.fuzzyHighlights.slice(fuzzyFrom),
          ...(filter ? { filter } : {}),
        };
        if (operand) positives.push(operand);
      }
    }
    return { positives, negatives };
  }

  private withoutHighlights<T>(run: () => T): T {
    const highlights = this.highlights.length;
    const fuzzyHighlights = this.fuzzyHighlights.length;
    const terms = this.terms.length;
    const result = run();
    this.highlights.length = highlights;
    this.fuzzyHighlights.length = fuzzyHighlights;
    this.terms.length = terms;
    return result;
  }

  /**
   * A word or phrase as typed: its FTS5 expression (with the completions of the word being typed
   * and the fuzzy variants of a bare word), highlights and label; null past `MAX_QUERY_LEAVES` or
   * when it analyses to no term.
   */
  private leaf(node: TermNode | PhraseNode): Piece | null {
    const { text, field } = node;
    // A word (`bare`), not a quoted phrase: only a word is typed as a prefix, or being typed.
    const bare = node.type === 'term';
    const prefix = bare && node.prefix;
    const typing = bare && node.typing === true;
    if (this.leaves >= MAX_QUERY_LEAVES) return null;
    const tokens = this.analyzer.tokens(text).slice(0, MAX_PHRASE_TERMS);
    if (tokens.length === 0) return null;
    this.leaves++;
    const terms = tokens.map((t) => t.term);
    const last = tokens[tokens.length - 1]!;
    // A lone CJK character is not an indexed bigram: match the bigrams it starts.
    const cjkSingle = isCjkTerm(last.term) && [...last.term].length === 1;
    if (prefix && !isCjkTerm(last.term)) {
      terms[terms.length - 1] = this.analyzer.prefixTerm(text.slice(last.start, last.end));
    }
    const isPrefix = prefix || cjkSingle;
    let exact = quote(terms) + (isPrefix ? ' *' : '');
    let fuzzy: string | null = null;
    this.highlights.push({ terms, prefix: isPrefix });
    // The word being typed: what it completes, which its fuzzy variants need not repeat; when
    // it completes to index terms, it has none (docs/design.md#the-word-being-typed).
    const completed =
      typing && terms.length === 1 && !isCjkTerm(last.term)
        ? typedPrefix(this.analyzer, text)
        : null;
    const words = completed === null ? undefined : this.options.completions?.(completed);
    let alternatives = field || isPrefix || terms.length > 1 ? null : terms;
    if (completed !== null)
      ({ expr: exact, words: alternatives } = this.completions(completed, terms[0]!, exact, words));
    // An identifier being typed: its last part completes within the phrase.
    if (
      typing &&
      terms.length > 1 &&
      !isPrefix &&
      !isCjkTerm(last.term) &&
      [...text.slice(last.start, last.end)].length >= TYPING_MIN_LENGTH
    ) {
      exact = this.openLastPart(text, terms, last, exact);
      alternatives = null;
    }
    this.terms.push(text.toLowerCase());
    if (bare && !isPrefix && terms.length === 1 && [...text].length >= FUZZY_MIN_LENGTH) {
      fuzzy = this.withVariants(exact, terms[0]!, completed, words);
    }
    const inField = (expr: string) => (field ? `{${COLUMN[field]}} : (${expr})` : expr);
    const label =
      (field ? `${field}:` : '') +
      (bare ? text.toLowerCase() + (prefix ? '*' : '') : `"${text.toLowerCase()}"`);
    return { expr: inField(exact), fuzzy: fuzzy && inField(fuzzy), label, words: alternatives };
  }

  /**
   * An identifier being typed ('shared_ptr', 'std::vec', 'range-bas') is a phrase of its parts:
   * its last part, when as long as a word that completes, completes within the phrase, the
   * phrase as typed ranked above its completions (docs/design.md#the-word-being-typed).
   */
  private openLastPart(text: string, terms: string[], last: AnalyzedToken, exact: string): string {
    const open = [
      ...terms.slice(0, -1),
      this.analyzer.prefixTerm(text.slice(last.start, last.end)),
    ];
    this.highlights.push({ terms: open, prefix: true });
    return `(${exact} OR ${quote(open)} *)`;
  }

  /**
   * `exact` OR the fuzzy variants of its word `term`, or null when it has none; a word being
   * typed (`completed`, its completions `words`) keeps only variants it does not complete to.
   */
  private withVariants(
    exact: string,
    term: string,
    completed: string | null,
    words: string[] | undefined,
  ): string | null {
    const variants = (this.options.expand?.(term) ?? []).filter(
      (v) => completed === null || (!words?.length && !completesAlready(completed, v)),
    );
    for (const variant of variants) this.fuzzyHighlights.push({ terms: [variant], prefix: false });
    return variants.length ? `(${[exact, ...variants.map((v) => quote([v]))].join(' OR ')})` : null;
  }

  /**
   * The word being typed (docs/design.md#the-word-being-typed): the word itself (`exact`), or
   * the index terms it completes to (`words`, each a word of its own; without them, the prefix),
   * or its stem family. A full word matches the word and a completion both, so it ranks above
   * the other completions. The word as typed when no row holds it ('refe') is left out: it adds
   * no row and nothing to a row's bm25, and without it the OR reads as the next keystroke's
   * ('refer'), whose statements and counts are then remembered (docs/benchmarks.md#typed-prefixes).
   */
  private completions(
    prefix: string,
    word: string,
    exact: string,
    words: string[] | undefined,
  ): Pick<Piece, 'expr' | 'words'> {
    const family = (this.options.family?.(prefix) ?? []).filter((t) => `"${t}"` !== exact);
    this.highlights.push({ terms: [prefix], prefix: true });
    for (const term of family) this.highlights.push({ terms: [term], prefix: false });
    // The word itself as all it completes to would be read twice for nothing to rank below it.
    const completed = words?.map((t) => quote([t])) ?? [`${quote([prefix])} *`];
    const alone = completed.length === 1 && completed[0] === exact && family.length === 0;
    const others = [...(alone ? [] : completed), ...family.map((t) => quote([t]))];
    const unheld = others.length > 0 && this.options.holds?.(word) === false;
    const expr = `(${[...(unheld ? [] : [exact]), ...others].join(' OR ')})`;
    // Single terms only when the prefix is spelled out as the terms it completes to.
    const spelled = words === undefined ? null : [...(alone ? [] : words), ...family];
    return { expr, words: spelled && [...(unheld ? [] : [word]), ...spelled] };
  }
}

/**
 * The FTS5 pre-filter of `path:dir/` filters: the path column holds the folder's words — at its
 * start for `path:/dir/` — (the exact test, a folder boundary, is search/topic.ts's `pathTest`).
 */
function compilePathFilter(prefixes: string[], analyzer: Analyzer): string | null {
  const parts: string[] = [];
  for (const prefix of prefixes) {
    const terms = analyzer.terms(prefix);
    if (terms.length === 0) return null; // a prefix with no terms cannot narrow anything
    const open = !/[^\p{L}\p{N}\p{M}]$/u.test(prefix); // `docs/han` continues; `docs/` ends a word
    if (open)
      terms[terms.length - 1] = analyzer.prefixTerm(
        prefix.slice(prefix.search(/[\p{L}\p{N}\p{M}]+$/u)),
      );
    parts.push(`${prefix.startsWith('/') ? '^' : ''}${quote(terms)}${open ? ' *' : ''}`);
  }
  if (parts.length === 0) return null;
  return `{path} : (${parts.join(' OR ')})`;
}

/**
 * True for a top-level operand that is a bare word (no quotes, field or `*`) made only of stop
 * words: "how do I embed a pdf" requires `embed` and `pdf`, not `how`, `do`, `i` or `a`. Anything
 * typed deliberately (a phrase, `title:the`, `-the`) stays as typed.
 */
function isOptionalWord(node: QueryNode, analyzer: Analyzer): boolean {
  return (
    node.type === 'term' && node.field === null && !node.prefix && analyzer.isStopWord(node.text)
  );
}

/**
 * Compiles a parsed query; never throws, whatever was typed. Stop words are left out unless the
 * query has no other positive operand (a query made only of stop words still works); every other
 * word is wanted, however common (its weight says how much it counts: search/ranking.ts).
 */
export function compileQuery(
  query: ParsedQuery,
  analyzer: Analyzer,
  options: CompileOptions = {},
): CompiledQuery {
  const root = query.root;
  const children = root === null ? [] : root.type === 'and' ? root.children : [root];
  const topical = children.filter((child) => !isOptionalWord(child, analyzer));
  let compiler = new Compiler(analyzer, options);
  let { positives, negatives } = compiler.split(topical);
  let stopWords = children.flatMap((child) =>
    topical.includes(child) ? [] : [(child as TermNode).text.toLowerCase()],
  );
  if (positives.length === 0 && stopWords.length > 0) {
    compiler = new Compiler(analyzer, options);
    ({ positives, negatives } = compiler.split(children));
    stopWords = [];
  }
  return {
    required: positives,
    exclude: negatives.length ? negatives.join(' OR ') : null,
    pathFilter: compilePathFilter(query.filters.pathPrefixes, analyzer),
    filters: query.filters,
    highlights: compiler.highlights,
    fuzzyHighlights: compiler.fuzzyHighlights,
    terms: compiler.terms,
    stopWords,
  };
}

/**
 * The FTS5 expression of the query's plain AND (`--strict`): every operand (with its fuzzy
 * variants when `fuzzy`), within the negations and the path pre-filter; null when nothing can
 * match.
 */
export function matchExpression(query: CompiledQuery, fuzzy = false): string | null {
  const positives = query.required.map((o) => (fuzzy ? (o.fuzzy ?? o.expr) : o.expr));
  if (query.pathFilter) positives.push(query.pathFilter);
  if (positives.length === 0) return null;
  const and = positives.length === 1 ? positives[0]! : `(${positives.join(' AND ')})`;
  return query.exclude ? `${and} NOT (${query.exclude})` : and;
}
