// The forms of a topic's wanted operands, and which of them the partial source reads how
// (docs/search-quality.md#the-score). Each operand has one or two forms: as typed, and through its
// fuzzy variants only. A form held by few rows is listed: its rows are candidates
// (partial-candidates.ts). A common one is only looked up among the listed rows — unless every
// form is common: then the rarest is listed, narrowed (`listedForms`). Besides, the rarest common
// word lists its rows naming it in their title (`titleListedForm`), and the rarest common words
// lend their top rows (`toppedForms`). All of it is decided once per topic (`partialPlan`), when
// its sources are planned, and read with them. Planning the partial source bounds its rows by
// the operands' bm25 ceilings (`operandCeilings`, `titleRows`; candidate-sources.ts).
import type { IndexReader } from '../store/index-reader.ts';
import { countRows } from './fts-statements.ts';
import { not } from './fts-expressions.ts';
import { bm25Ceiling, type RankingOptions } from './ranking.ts';
import { ReaderMemo } from './reader-memo.ts';
import { filtersScore, type Topic, type Wanted } from './topic.ts';

/** One form of a wanted operand: as typed, or through its fuzzy variants only. */
export interface Form {
  operand: number;
  expr: string;
  /** Rows holding it (estimated). */
  rows: number;
  fuzzy: boolean;
}

/**
 * Which forms a topic's partial source reads and how, decided once when its sources are planned
 * (candidate-sources.ts: its bound, its ranked listings) and carried by them to every read
 * (partial-candidates.ts).
 */
export interface PartialPlan {
  /** Every form of the wanted operands, rarest first (`formsOf`). */
  forms: Form[];
  /** The forms whose rows are candidates (`listedForms`). */
  listed: ListedForms;
  /** The rarest common form, read in its title, whose rows are listed too (`titleListedForm`). */
  titleListed: Form | null;
  /** The common forms that lend their top rows (`toppedForms`). */
  topped: Form[];
}

/** A topic's partial plan. */
export function partialPlan(topic: Topic, options: RankingOptions): PartialPlan {
  const forms = formsOf(topic);
  const listed = listedForms(forms, options);
  return {
    forms,
    listed,
    titleListed: listed.narrowed ? null : titleListedForm(forms, options),
    topped: toppedForms(topic, forms, listed.forms, options),
  };
}

/** The forms of a topic's wanted operands, rarest first. */
function formsOf(topic: Topic): Form[] {
  const forms = topic.wanted.flatMap((w, operand) => {
    const exact = { operand, expr: w.operand.expr, rows: w.rows, fuzzy: false };
    if (!w.operand.fuzzy) return [exact];
    const variants = not(w.operand.fuzzy, w.operand.expr);
    return [exact, { operand, expr: variants, rows: w.rowsWithVariants - w.rows, fuzzy: true }];
  });
  return forms.sort((a, b) => a.rows - b.rows);
}

/** The forms whose rows are all candidates of the partial source (`listedForms`). */
export interface ListedForms {
  /** Rarest first; empty when no row holds any form. */
  forms: Form[];
  /** True when every form is common: the one listed is read `narrowed`. */
  narrowed: boolean;
}

/**
 * The forms a topic's partial source lists: every form held by at most `commonRows` rows (and by
 * one at least); when none is, the rarest form as typed that some row holds, narrowed to the rows
 * holding another operand too or naming it in its title.
 */
function listedForms(forms: Form[], options: RankingOptions): ListedForms {
  // A form no row holds lists nothing: it must not keep the common ones from being listed
  // ('vector zzqqxx' on a vault where "vector" is common would find nothing).
  const held = forms.filter((f) => f.rows > 0);
  const listed = held.filter((f) => f.rows <= options.commonRows);
  if (listed.length > 0) return { forms: listed, narrowed: false };
  const rarest = held.find((f) => !f.fuzzy);
  return { forms: rarest ? [rarest] : [], narrowed: true };
}

/**
 * The rarest common form as typed (held by more than `commonRows` rows, at most `titleListRows`),
 * as the form of its rows that name it in their title; null when there is none.
 */
function titleListedForm(forms: Form[], options: RankingOptions): Form | null {
  const form = forms.find(
    (f) => !f.fuzzy && f.rows > options.commonRows && f.rows <= options.titleListRows,
  );
  return form ? { ...form, expr: `{title} : (${form.expr})` } : null;
}

/**
 * The rarest common forms as typed that lend their top rows (`commonTopRows`): words, not a prefix
 * of any kind (`holdsPrefix`).
 */
function toppedForms(topic: Topic, forms: Form[], listed: Form[], options: RankingOptions) {
  if (options.commonTopRows <= 0) return [];
  const common = forms.filter(
    (f) =>
      !f.fuzzy &&
      !listed.includes(f) &&
      f.rows > 0 &&
      f.rows <= options.commonTopMaxRows &&
      !holdsPrefix(topic, f),
  );
  return common.slice(0, options.commonTopWords);
}

/**
 * Two notions of a prefix, each for its own rule. A prefix *typed as one* (`al*`) is one FTS5
 * prefix phrase, whose idf counts every row holding a word it begins: ~0 for a common one
 * (`a*`, 83,016 of msdocs-cpp's 113,094 rows), so it is not read in its title, where its idf
 * would be its titles' (`readInTitle`), and its common-word estimate is at most its bm25 ceiling
 * (`commonEstimate`; docs/search-quality.md#prefixes-read-in-their-title-2026-11-27-fixed). The
 * word being typed is not one: it is spelled out as the index terms it completes to, each scored
 * as a word (docs/design.md#the-word-being-typed), and read as a word is. Any prefix — typed as
 * one, the word being typed, an identifier's last part being typed — is no word, and only a
 * common word lends its top rows (`toppedForms`): a word being typed is another prefix at the
 * next key, so its rows remembered would not pay, and warming ranks the vocabulary's words
 * (warm-top-rows.ts).
 */
export function typedAsPrefix(topic: Topic, form: Form): boolean {
  const { highlights } = topic.wanted[form.operand]!.operand;
  return highlights.length === 1 && highlights[0]!.prefix;
}

/** Whether a form's operand holds a prefix of any kind (`typedAsPrefix` tells the two notions). */
function holdsPrefix(topic: Topic, form: Form): boolean {
  return topic.wanted[form.operand]!.operand.highlights.some((h) => h.prefix);
}

/**
 * Whether a narrowed form's rows naming it in their title are candidates (`narrowed`): not when it
 * is a prefix typed as one (`typedAsPrefix`). Read in its title, a form's idf is that of the
 * titles holding it, while its full matches have its idf over every row, ~0 for such a prefix: a
 * section naming one prefix in its title outscored every section holding them all ('a* b*' on
 * msdocs-cpp: bm25 5.8, coverage 0.65, against ~0;
 * docs/search-quality.md#prefixes-read-in-their-title-2026-11-27-fixed).
 */
export function readInTitle(topic: Topic, form: Form): boolean {
  return !typedAsPrefix(topic, form);
}

/**
 * The most each wanted operand can add to a partial candidate's bm25: its forms' bm25 ceilings
 * and its common-word estimate. All Infinity when filters score too (`filtersScore`); one
 * Infinity when its ceiling is unknown (a group). `inTitle`: an operand read in its title, a
 * phrase whose idf is its title rows' (`inTitleRows`; unknown as a phrase's own rows are: at least
 * 1), no fewer than the rows holding it anywhere (docs/benchmarks.md#the-partial-sources-bound).
 */
export function operandCeilings(
  topic: Topic,
  total: number,
  options: RankingOptions,
  inTitle = -1,
  inTitleRows = 1,
): number[] {
  const filtered = filtersScore(topic);
  return topic.wanted.map((w, i) => {
    if (filtered || w.operand.highlights.length !== 1) return Infinity;
    const rows = i === inTitle ? inTitleRows : ceilingRows(w);
    let sum = bm25Ceiling(rows, total);
    for (const variant of w.variantRows) sum += options.fuzzyWeight * bm25Ceiling(variant, total);
    return sum + options.commonWordBm25 * w.weight;
  });
}

/** Forms' title rows counted (`titleRows`), per reader and index generation. */
const TITLE_ROWS = new ReaderMemo<string, number>(2_000);

/**
 * The rows naming a form in their title: FTS5 takes a phrase's idf from the rows it matches
 * within its column filter, so these are the rows whose count gives the idf of the form read in
 * its title (`narrowed`). One count of the form's rows a word, remembered.
 */
export function titleRows(reader: IndexReader, expr: string): number {
  const memo = TITLE_ROWS.of(reader);
  let rows = memo.get(expr);
  if (rows === undefined) {
    rows = countRows(reader, `{title} : (${expr})`, Number.MAX_SAFE_INTEGER);
    memo.set(expr, rows);
  }
  return rows;
}

/**
 * The row count that gives an operand of one word or phrase its bm25 ceiling (`bm25Ceiling`): the
 * fewer rows, the higher. A word's own; a phrase's own count is unknown (its rarest word's is an
 * upper bound), so at least 1.
 */
export function ceilingRows(w: Wanted): number {
  return w.operand.highlights[0]!.terms.length > 1 ? 1 : w.rows;
}
