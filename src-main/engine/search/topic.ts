// Stage 1 of a search (docs/architecture.md#search): one typed query → a topic ready to run — its
// wanted operands with their weights, and its filters. Filters always hold and never score: the
// vault scope (rowid ranges), the FTS5 restriction (field words, the path pre-filter, negations)
// and the per-file test (the exact path prefix). A new kind of filter plugs in here: parsed by
// query/parse.ts into `QueryFilters` (query/ast.ts), then either narrowed in FTS5 (`restriction`)
// or tested per file (`acceptsFile`), which the rank stage applies to every candidate before it
// can score.
import { passesDateFilters, type DatedFile } from '../dates/file-dates.ts';
import type { Analyzer } from '../analysis/analyzer.ts';
import type { ParsedQuery } from '../query/ast.ts';
import {
  compileQuery,
  type CompiledOperand,
  type CompiledQuery,
  type HighlightTerm,
} from '../query/compile.ts';
import type { Vocabulary } from '../query/fuzzy.ts';
import { parseQuery } from '../query/parse.ts';
import { markTyping, stemFamily, typedCompletions } from '../query/typing.ts';
import type { VaultRow } from '../store/index-reader.ts';
import { vaultRowidBase, VAULT_ROWID_SPAN } from '../store/node-rows.ts';
import { idf, type RankingOptions } from './ranking.ts';

/** A vault's rowids: the half-open range `[lo, hi)`. */
export interface VaultRange {
  lo: number;
  hi: number;
}

/** Where a topic may match: vault ranges to keep (null: all) and to drop. */
export interface Scope {
  include: VaultRange[] | null;
  exclude: VaultRange[];
}

/** A word, phrase or group the query wants (a plain operand, not a field filter). */
export interface Wanted {
  operand: CompiledOperand;
  /** Rows holding it (exactly), as estimated from the vocabulary or counted. */
  rows: number;
  /** Rows holding it or one of its fuzzy variants (the cost of listing them). */
  rowsWithVariants: number;
  /** Rows holding each fuzzy variant. */
  variantRows: number[];
  /** Its weight in the coverage: the idf of `rows`. */
  weight: number;
}

/** One query of a search, ready to run. */
export interface Topic {
  /** Its place among the search's topics (candidates and matches name their topic by it). */
  index: number;
  /**
   * Its place in the request's `queries`, which results name it by (empty queries are no topics,
   * so it can exceed `index`).
   */
  queryIndex: number;
  query: CompiledQuery;
  /** What it wants, in typed order (at most 32: coverage is kept as a bit mask). */
  wanted: Wanted[];
  /** The sum of the wanted weights. */
  weight: number;
  /** Labels of its field words (`title:guide`): filters every match holds. */
  filterLabels: string[];
  scope: Scope;
  /** What every FTS5 query of the topic is ANDed with (field words, path pre-filter), or null. */
  restriction: string | null;
  /** Negations, or null: rows matching it are never candidates. */
  exclude: string | null;
  /** The exact per-file test (path prefixes); FTS5 only pre-filters. */
  acceptsFile(file: DatedFile): boolean;
  /** Searched as it is typed, its last word unfinished (docs/design.md#the-word-being-typed). */
  typing: boolean;
  /** Its date filters that are no date, as typed (searched as words instead). */
  notDates: string[];
  /** The words after its first `MAX_QUERY_WORDS`, left out (query/lex.ts); null when none were. */
  leftOut: ParsedQuery['leftOut'] | null;
}

/**
 * True when a topic's filters are in its FTS5 expressions — `restriction` (field words, the path
 * pre-filter) ANDed, `exclude` (negations) NOT-ed: a row's bm25 is then FTS5's over more than the
 * wanted operands, which the bounds built from their ceilings do not describe ("filters score
 * too": those bounds are Infinity, docs/benchmarks.md#the-partial-sources-bound).
 */
export function filtersScore(topic: Topic): boolean {
  return topic.restriction !== null || topic.exclude !== null;
}

/** Wanted operands kept at most per topic (a 10 kB paste keeps its first ones). */
export const MAX_WANTED = 32;

/** The operand bits of a candidate holding every wanted operand of `topic` (`Candidate.exact`). */
export function allOperands(topic: Topic): number {
  return topic.wanted.length >= MAX_WANTED ? -1 : (1 << topic.wanted.length) - 1;
}

/** Whether a highlight term is one plain word: a single term, not a phrase, not a prefix. */
export function isPlainTerm(highlight: HighlightTerm): boolean {
  return highlight.terms.length === 1 && !highlight.prefix;
}

/** Whether an operand is one plain word: its only highlight term is (`isPlainTerm`). */
export function isPlainWord(operand: CompiledOperand): boolean {
  return operand.highlights.length === 1 && isPlainTerm(operand.highlights[0]!);
}

/** What planning a topic reads. */
export interface PlanContext {
  analyzer: Analyzer;
  vocabulary: Vocabulary;
  vaults: VaultRow[];
  /** Which fuzzy variants a word keeps (`misspellingRows`, `variantMaxRatio`). */
  options: Pick<RankingOptions, 'misspellingRows' | 'variantMaxRatio'>;
  /** Fuzzy matching on (the `fuzzyDistance` setting is 1) or off (0). */
  fuzzy: boolean;
  /** The query's last word is being typed (docs/design.md#the-word-being-typed). */
  typing?: boolean;
  /** Rows an FTS5 expression matches, counted up to `cap` (operands the vocabulary cannot tell). */
  countRows(expr: string, cap: number): number;
}

/** A topic's places: among the search's topics, and in the request's `queries`. */
export type TopicPlace = Pick<Topic, 'index' | 'queryIndex'>;

/** The place of a search's only query (eval and bench plan one query at a time). */
export const ONLY_QUERY: TopicPlace = { index: 0, queryIndex: 0 };

/** Parses, compiles and weighs one typed query, found at `place`. */
export function planTopic(text: string, place: TopicPlace, context: PlanContext): Topic {
  const { analyzer, vocabulary } = context;
  const parsed = context.typing ? markTyping(parseQuery(text), text) : parseQuery(text);
  const family = (prefix: string) => stemFamily(prefix, (term) => vocabulary.has(term));
  const expand = context.fuzzy ? (term: string) => variantsOf(term, context) : undefined;
  const completions = (prefix: string) => typedCompletions(vocabulary.beginning(prefix));
  const holds = (term: string) => vocabulary.has(term);
  const options = { family, completions, holds, ...(expand ? { expand } : {}) };
  const query = compileQuery(parsed, analyzer, options);
  const fields = query.required.filter((o) => o.filter);
  const plain = query.required.filter((o) => !o.filter).slice(0, MAX_WANTED);
  const typedAlone = context.typing === true && plain.length === 1;
  const wanted = plain.map((operand) => wantedOf(operand, typedAlone, context));
  const restriction = [...fields.map((o) => o.expr), query.pathFilter].filter(
    (expr): expr is string => expr !== null,
  );
  return {
    ...place,
    query,
    wanted,
    weight: wanted.reduce((sum, w) => sum + w.weight, 0),
    filterLabels: fields.map((o) => o.label),
    scope: scopeOf(parsed, context.vaults),
    restriction: restriction.length ? restriction.join(' AND ') : null,
    exclude: query.exclude,
    acceptsFile: fileTest(parsed),
    typing: context.typing === true,
    notDates: parsed.filters.notDates,
    leftOut: parsed.leftOut ?? null,
  };
}

/**
 * An operand weighed: the rows holding it (`rowsOf`; typed alone in its topic, `estimatedRows`),
 * those holding each of its fuzzy variants, and its weight, the idf of its rows.
 */
function wantedOf(operand: CompiledOperand, typedAlone: boolean, context: PlanContext): Wanted {
  const { vocabulary } = context;
  const total = Math.max(1, vocabulary.total);
  const rows = typedAlone
    ? Math.min(total, estimatedRows(operand, vocabulary))
    : rowsOf(operand, context);
  const variantRows = operand.fuzzyHighlights.map((h) => vocabulary.rows(h.terms[0]!));
  const variants = variantRows.reduce((sum, n) => sum + n, 0);
  return {
    operand,
    rows,
    rowsWithVariants: rows + variants,
    variantRows,
    weight: idf(rows, total),
  };
}

/**
 * The fuzzy variants of `term`: all of them for a word held by fewer than `misspellingRows` rows
 * (a misspelling is held by a handful of rows or none). A word held by more is meant as typed.
 * Typed, it has none: its neighbours as common as it ('move' → 'mode', 'more'; 'rvalue' →
 * 'value', 21,910 rows) only made each keystroke after it rank their rows (7–17 ms a keystroke,
 * docs/benchmarks.md#typed-prefixes). Untyped, it keeps those held by fewer than
 * `variantMaxRatio` times its rows: one far more common is another word ('lvalue', 160 rows of
 * msdocs-cpp, → 'value', 21,910), whose rows flooded the fuzzy source
 * (docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp); 'cdialog' (231) keeps 'dialog' (3,768).
 */
function variantsOf(term: string, context: PlanContext): string[] {
  const { vocabulary } = context;
  const { misspellingRows, variantMaxRatio } = context.options;
  const own = vocabulary.rows(term);
  if (own < misspellingRows) return vocabulary.variants(term);
  if (context.typing) return [];
  return vocabulary.variants(term).filter((v) => vocabulary.rows(v) < variantMaxRatio * own);
}

/** A cap for counting rows: past it a word is common anyway. */
const COUNT_CAP = 100_000;

/**
 * Rows holding an operand: from the vocabulary for a word or phrase (a phrase: its rarest word,
 * an upper bound; 0 when no row holds it), counted in FTS5 for anything else (prefixes, groups).
 */
function rowsOf(operand: CompiledOperand, context: PlanContext): number {
  const [only] = operand.highlights;
  if (operand.highlights.length === 1 && !only!.prefix) {
    const rows = phraseRows(only!.terms, context.vocabulary);
    // A phrase no row holds ('push_ba' → "push ba") is held by none, not by its rarest word's
    // rows: listed in the others' place, it would find nothing (one count, stopped at a row).
    if (only!.terms.length > 1 && rows > 0 && context.countRows(operand.expr, 1) === 0) return 0;
    return rows;
  }
  if (!operand.words) return context.countRows(operand.expr, COUNT_CAP);
  return unionRows(operand.words, context);
}

/**
 * Rows holding any of `words`, as the FTS5 count of their OR would say (at most `COUNT_CAP`):
 * words the index does not hold leave it unchanged and a word twice counts once, so a single
 * word held is its vocabulary row count, and several are the most common one's rows (the
 * vocabulary's) and the rows of the others without it (counted: the OR of the others, in order,
 * NOT it). A typed word's OR (its completions, family and the word as typed) then reads the same
 * from one keystroke to the next ('refe', 'refer', 'refere': the rows of "refer"), a count of it
 * is remembered (search/fts-statements.ts countRows), and FTS5 reads the rarer words' rows, not
 * the common one's: 'ref' OR 'refer', 65,279 rows of msdocs-cpp, 3.6 → 0.15 ms
 * (docs/benchmarks.md#typed-prefixes).
 */
function unionRows(words: string[], context: PlanContext): number {
  const { vocabulary } = context;
  const held = [...new Set(words)].filter((word) => vocabulary.has(word)).sort();
  if (held.length === 0) return 0;
  const common = held.reduce((a, b) => (vocabulary.rows(b) > vocabulary.rows(a) ? b : a));
  const rows = vocabulary.rows(common);
  if (held.length === 1 || rows >= COUNT_CAP) return Math.min(COUNT_CAP, rows);
  const others = held.filter((word) => word !== common).map((word) => `"${word}"`);
  return rows + context.countRows(`(${others.join(' OR ')}) NOT "${common}"`, COUNT_CAP - rows);
}

/**
 * An upper bound of the rows holding an operand, from the vocabulary alone: the sum of its
 * distinct terms' rows (a prefix's: of the terms it begins; a phrase's: of its rarest word).
 * Typed, an operand alone in its topic is not counted in FTS5: its weight is all of the topic's,
 * and every score takes weights as shares of it (~1–5 ms a keystroke for a typed word's
 * completions, docs/benchmarks.md#typed-prefixes).
 */
function estimatedRows(operand: CompiledOperand, vocabulary: Vocabulary): number {
  const rows = new Map<string, number>();
  for (const { terms, prefix } of operand.highlights) {
    if (prefix && terms.length === 1) {
      for (const [term, n] of vocabulary.beginning(terms[0]!)) rows.set(term, n);
    } else rows.set(terms.join(' '), phraseRows(terms, vocabulary));
  }
  let sum = 0;
  for (const n of rows.values()) sum += n;
  return sum;
}

/** Rows holding a word, or at most those holding a phrase: its rarest word's (the vocabulary's). */
function phraseRows(terms: readonly string[], vocabulary: Vocabulary): number {
  return Math.min(...terms.map((term) => vocabulary.rows(term)));
}

/** Where a query may match: its vault filters as rowid ranges. */
function scopeOf(parsed: ParsedQuery, vaults: VaultRow[]): Scope {
  const range = (v: VaultRow): VaultRange => ({
    lo: vaultRowidBase(v.id),
    hi: vaultRowidBase(v.id) + VAULT_ROWID_SPAN,
  });
  const { vaults: only, excludeVaults } = parsed.filters;
  return {
    include: only.length ? vaults.filter((v) => only.includes(v.name)).map(range) : null,
    exclude: vaults.filter((v) => excludeVaults.includes(v.name)).map(range),
  };
}

/** The exact per-file test of a query: its `path:` prefixes, then its date filters. */
function fileTest(parsed: ParsedQuery): (file: DatedFile) => boolean {
  const paths = pathTest(parsed);
  const dates = parsed.filters.dates;
  if (dates.length === 0) return paths;
  return (file) => paths(file) && passesDateFilters(dates, file);
}

/**
 * The exact `path:dir/` test of a query (FTS5 only pre-filters): the path continues from a folder
 * boundary — its start or after a `/` — so `path:api/` finds `api/x.md` and `docs/api/x.md`, not
 * `apis/x.md` or `rapi/x.md`; `path:/api/` (or `./api/`) only from the vault's root
 * (docs/design.md#the-query-language).
 */
function pathTest(parsed: ParsedQuery): (file: DatedFile) => boolean {
  const fold = (s: string) => s.normalize('NFC').toLowerCase();
  const include = parsed.filters.pathPrefixes.map(fold);
  const exclude = parsed.filters.excludePathPrefixes.map(fold);
  if (include.length === 0 && exclude.length === 0) return () => true;
  const at = (path: string, dir: string) =>
    dir.startsWith('/')
      ? path.startsWith(dir.slice(1))
      : path.startsWith(dir) || path.includes(`/${dir}`);
  return (file) => {
    const p = fold(file.path);
    return (
      (include.length === 0 || include.some((x) => at(p, x))) && !exclude.some((x) => at(p, x))
    );
  };
}
