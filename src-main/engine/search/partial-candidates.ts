// The partial source of a topic's candidates (candidate-sources.ts): sections holding some, not
// all, of the wanted operands (a section holding each in some form is the full or fuzzy source's).
// Each operand has one or two forms (as typed; through its fuzzy variants only). A form held by few
// rows is listed: its rows are candidates, scored by bm25. A common one is only looked up among the
// listed rows, its part of bm25 estimated from its weight — a row holding only common words cannot
// reach the top, since coverage weighs words by rarity (docs/search-quality.md#the-score) — unless
// its heading names the rarest common word (`titleListRows`), or it is among the best rows of the
// rarest ones (`commonTopRows`, top-rows.ts).
import type { IndexReader } from '../store/index-reader.ts';
import { countRows, rowidsOf, scoredRows, type ScoredRow } from './fts-statements.ts';
import { Candidate } from './candidate.ts';
import { and, inFilters, not, or } from './fts-expressions.ts';
import type { SourceContext } from './candidate-sources.ts';
import { bm25Ceiling, type RankingOptions } from './ranking.ts';
import { ReaderMemo } from './reader-memo.ts';
import { allOperands, type Topic } from './topic.ts';
import { topRows } from './top-rows.ts';

/** One form of a wanted operand: as typed, or through its fuzzy variants only. */
export interface Form {
  operand: number;
  expr: string;
  /** Rows holding it (estimated). */
  rows: number;
  fuzzy: boolean;
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
function typedAsPrefix(topic: Topic, form: Form): boolean {
  const { highlights } = topic.wanted[form.operand]!.operand;
  return highlights.length === 1 && highlights[0]!.prefix;
}

/** Whether a form's operand holds a prefix of any kind (`typedAsPrefix` tells the two notions). */
function holdsPrefix(topic: Topic, form: Form): boolean {
  return topic.wanted[form.operand]!.operand.highlights.some((h) => h.prefix);
}

/** The forms of a topic's wanted operands, rarest first. */
export function formsOf(topic: Topic): Form[] {
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
export function listedForms(forms: Form[], options: RankingOptions): ListedForms {
  // A form no row holds lists nothing: it must not keep the common ones from being listed
  // ('vector zzqqxx' on a vault where "vector" is common would find nothing).
  const held = forms.filter((f) => f.rows > 0);
  const listed = held.filter((f) => f.rows <= options.commonRows);
  if (listed.length > 0) return { forms: listed, narrowed: false };
  const rarest = held.find((f) => !f.fuzzy);
  return { forms: rarest ? [rarest] : [], narrowed: true };
}

/**
 * The most each wanted operand can add to a partial candidate's bm25: its forms' bm25 ceilings
 * and its common-word estimate. All Infinity when filters score too; one Infinity when its
 * ceiling is unknown (a group). `titled`: an operand read in its title, a phrase whose idf is its
 * title rows' (`titledRows`; unknown as a phrase's own rows are: at least 1), no fewer than the
 * rows holding it anywhere (docs/benchmarks.md#the-partial-sources-bound).
 */
export function operandCeilings(
  topic: Topic,
  total: number,
  options: RankingOptions,
  titled = -1,
  titledRows = 1,
): number[] {
  const filtered = topic.restriction !== null || topic.exclude !== null;
  return topic.wanted.map((w, i) => {
    const [only] = w.operand.highlights;
    if (filtered || w.operand.highlights.length !== 1) return Infinity;
    // A phrase's own row count is unknown (its rarest word's is an upper bound): at least 1.
    const rows = i === titled ? titledRows : only!.terms.length > 1 ? 1 : w.rows;
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
 * The rarest common form as typed (held by more than `commonRows` rows, at most `titleListRows`),
 * as the form of its rows that name it in their title; null when there is none.
 */
function titledForm(forms: Form[], options: RankingOptions): Form | null {
  const form = forms.find(
    (f) => !f.fuzzy && f.rows > options.commonRows && f.rows <= options.titleListRows,
  );
  return form ? { ...form, expr: `{title} : (${form.expr})` } : null;
}

/**
 * A page of one of a topic's ranked listings (ranked-listings.ts): its rows, the operands each of
 * them holds as typed (bits; the others it does not), and the look-ups the listings made.
 */
export interface ListedPage {
  rows: ScoredRow[];
  held: number;
  lookUps: Map<string, number[]>;
}

/**
 * Reads the partial candidates of a topic (rows already found are left as they are); `page`: one
 * page of a ranked listing in place of the whole listing.
 */
export function readPartial(
  topic: Topic,
  context: SourceContext,
  found: Map<number, Candidate>,
  page?: ListedPage,
): Candidate[] {
  const forms = formsOf(topic);
  const listed = listedForms(forms, context.options);
  if (listed.forms.length === 0) return [];
  // Narrowed, two prefixes list nothing: their rows holding both are full matches, and they are
  // not read in their title (`readInTitle`).
  if (listed.narrowed && !page && narrowed(topic, listed.forms[0]!).length === 0) return [];
  const fresh = new Map<number, Candidate>();
  const take = (rowid: number) => {
    if (found.has(rowid)) return null;
    let c = fresh.get(rowid);
    if (!c) fresh.set(rowid, (c = new Candidate(rowid)));
    return c;
  };
  if (page) listPage(listed.forms[0]!, page, take);
  else for (const form of listed.forms) listForm(topic, context, form, listed.narrowed, take);
  // The rarest common word's rows naming it in their heading (its bm25 is estimated below, as a
  // common word's is): docs/search-quality.md#the-score.
  const titled = listed.narrowed ? null : titledForm(forms, context.options);
  if (titled) listForm(topic, context, titled, false, take, 0);
  const among = or([...listed.forms, ...(titled ? [titled] : [])].map((f) => f.expr));
  const topped = new Map<Form, number[]>();
  for (const form of toppedForms(topic, forms, listed.forms, context.options))
    topped.set(form, listTop(topic, context, form, take));
  const checked = forms.filter((f) => !listed.forms.includes(f));
  const lookUp = lookUpWith(context, page?.lookUps);
  const marking: Marking = { topic, context, candidates: fresh, checked, among, lookUp };
  // Narrowed and read whole, `among` is the one listed form's rows.
  const held = listed.narrowed && !page ? listed.forms[0]! : undefined;
  markChecked(marking, topped, page, held);
  // The top rows' flags are not looked up (`listTop`): only the words they hold are.
  // Narrowed, the listed rows are scored with every other operand's phrases (`narrowed`), or
  // hold none of them (its titled rows), so their flags show where those are.
  markFlags(marking, page !== undefined || (listed.narrowed && topic.restriction === null));
  const all = allOperands(topic);
  const partial: Candidate[] = [];
  for (const [rowid, c] of fresh) {
    // A fuzzy form counted where the exact one holds too: the exact one wins.
    c.fuzzy &= ~c.exact;
    // A row holding every operand in some form is the full or fuzzy source's, scored there by its
    // bm25 (here its common words' share is estimated):
    // docs/benchmarks.md#the-partial-sources-bound.
    if (((c.exact | c.fuzzy) & all) === all) continue;
    found.set(rowid, c);
    partial.push(c);
  }
  return partial;
}

/**
 * The rarest common forms as typed that lend their top rows (`commonTopRows`): words, not a prefix
 * of any kind (`holdsPrefix`).
 */
export function toppedForms(topic: Topic, forms: Form[], listed: Form[], options: RankingOptions) {
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
 * Adds a common form's top rows (top-rows.ts) to the candidates `take` gives, and returns their
 * rowids. Its bm25 is estimated as on the other rows holding it (`markChecked`): its own bm25
 * only picks the rows.
 */
function listTop(
  topic: Topic,
  context: SourceContext,
  form: Form,
  take: (rowid: number) => Candidate | null,
): number[] {
  const { reader, weights, options } = context;
  const order = { heading: options.headingWeight, context: options.contextWeight };
  const expr = inFilters(topic, form.expr);
  const taken: number[] = [];
  for (const row of topRows(reader, expr, topic.scope, weights, order, options.commonTopRows)) {
    const c = take(row[0]);
    if (!c) continue;
    taken.push(row[0]);
    // A row no listed form brought (bm25 0): its other words' places are not looked up, so its
    // bound takes them as in its heading (a title-listed row is titled already).
    if (c.bm25 === 0) c.titled = c.contexted = true;
    c.addRow(row, 0);
    c.exact |= 1 << form.operand;
  }
  return taken;
}

/** Adds the rows of a listed form to the candidates `take` gives (null: not one of them). */
function listForm(
  topic: Topic,
  context: SourceContext,
  form: Form,
  narrow: boolean,
  take: (rowid: number) => Candidate | null,
  scale = form.fuzzy ? context.options.fuzzyWeight : 1,
): void {
  const { reader, weights } = context;
  const bit = 1 << form.operand;
  // Every row is read, so in no particular order (their bounds order the candidates).
  const all = { limit: -1, offset: 0 };
  const exprs = narrow ? narrowed(topic, form) : [form.expr];
  // The rows of the first (narrowed: holding another operand too), which the next skips.
  const first = new Set<number>();
  for (const [i, expr] of exprs.entries()) {
    for (const row of scoredRows(reader, inFilters(topic, expr), topic.scope, weights, null, all)) {
      if (i > 0 && first.has(row[0])) continue;
      if (i === 0 && exprs.length > 1) first.add(row[0]);
      const c = take(row[0]);
      if (!c) continue;
      c.addRow(row, scale);
      if (form.fuzzy) c.fuzzy |= bit;
      else c.exact |= bit;
    }
  }
}

/** FTS5 look-ups: the rowids of `expr` among `within`. */
type LookUp = (expr: string, within: string) => number[];

/** Look-ups in the index, remembered in `memo` when given (a ranked listing's, across its pages). */
function lookUpWith(context: SourceContext, memo?: Map<string, number[]>): LookUp {
  return (expr, within) => {
    const key = and(expr, within);
    let rowids = memo?.get(key);
    if (!rowids) {
      rowids = rowidsOf(context.reader, key);
      memo?.set(key, rowids);
    }
    return rowids;
  };
}

/** What marking a read's candidates with its common forms needs (`markChecked`, `markFlags`). */
interface Marking {
  topic: Topic;
  context: SourceContext;
  candidates: ReadonlyMap<number, Candidate>;
  /** The common forms, not listed: their rows are looked up, not read. */
  checked: Form[];
  /** The listed forms' rows (an OR of their expressions), where the common forms are looked up. */
  among: string;
  lookUp: LookUp;
}

/** Calls `set` on the candidates among `rowids`. */
function mark(m: Marking, rowids: Iterable<number>, set: (c: Candidate) => void): void {
  for (const rowid of rowids) {
    const c = m.candidates.get(rowid);
    if (c) set(c);
  }
}

/**
 * Marks which common forms each candidate holds, with their estimated bm25 (looked up among the
 * rows of the listed forms, `among`, and of the topped ones). A topped form is not looked up among
 * its own top rows, which hold it: 'move constructor' read all 2,831 rows of 'constructor' so
 * (docs/benchmarks.md#statements-per-search-and-what-they-cost). A ranked listing's page (`page`)
 * says which operands its rows hold as typed: only fuzzy forms are looked up. `held`: the one
 * listed form when its rows are `narrowed`, `among` being its rows.
 */
function markChecked(
  m: Marking,
  topped: ReadonlyMap<Form, number[]>,
  page: ListedPage | undefined,
  held: Form | undefined,
): void {
  const { topic, context, candidates, among } = m;
  for (const form of m.checked) {
    const bit = 1 << form.operand;
    const estimate = commonEstimate(topic, form, context);
    const others = [...topped.keys()].filter((f) => f !== form).map((f) => f.expr);
    // Each candidate holding the form once, whether looked up or among its top rows.
    let rowids: Iterable<number>;
    if (page && !form.fuzzy) rowids = page.held & bit ? candidates.keys() : [];
    else {
      const looked = m.lookUp(form.expr, or([among, ...others]));
      // Narrowed, the listed form's rows are not all read: a row looked up among them alone (a
      // common form's top row) holds it too — of two operands, a full match, the full source's.
      if (held && others.length === 0) mark(m, looked, (c) => (c.exact |= 1 << held.operand));
      const found = new Set(looked);
      for (const rowid of topped.get(form) ?? []) found.add(rowid);
      rowids = found;
    }
    mark(m, rowids, (c) => {
      if (form.fuzzy && c.exact & bit) return;
      c.bm25 += estimate;
      if (form.fuzzy) c.fuzzy |= bit;
      else c.exact |= bit;
    });
  }
}

/**
 * Marks whether a common form is in a candidate's title, context or own text (looked up among the
 * listed forms' rows). `shown`: the rows' flags show where the operands as typed are — a ranked
 * listing's page ('virtual base class' at ten copies of msdocs-cpp looked up 'class' and two flags
 * among 40,000 rows of 'virtual', ~30 ms, for a page of 330), or the narrowed rows read whole,
 * scored with every operand's phrases as typed or holding no other ('how to set the C++ language
 * standard version' at ten copies looked up three flags among 24,720 rows of 'languag', 26 ms;
 * docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp) — so only fuzzy forms are looked up.
 */
function markFlags(m: Marking, shown: boolean): void {
  const { topic, checked, candidates, among } = m;
  if (checked.length === 0) return;
  const fields = shown ? [] : topic.query.required.filter((o) => o.filter).map((o) => o.expr);
  let words = or(checked.map((f) => f.expr));
  if (shown) {
    // The fuzzy forms stay grouped, as among several forms: `{title} : (("malloc" OR "alloc"))
    // NOT ("malloc")` alone would leave the NOT outside the column filter.
    const fuzzy = checked.filter((f) => f.fuzzy).map((f) => f.expr);
    if (fuzzy.length === 0) return;
    words = `(${fuzzy.join(' OR ')})`;
  }
  // A flag every candidate has already (from its listed rows) is not looked up.
  let titled = true;
  let contexted = true;
  let own = true;
  for (const c of candidates.values()) {
    titled &&= c.titled;
    contexted &&= c.contexted;
    own &&= c.own;
  }
  if (!titled) mark(m, m.lookUp(`{title} : ${grouped(words)}`, among), (c) => (c.titled = true));
  if (!contexted) {
    const places = `{title context path path_components} : ${grouped(words)}`;
    mark(m, m.lookUp(places, among), (c) => (c.contexted = true));
  }
  if (!own) {
    const ownText = `{title body} : ${grouped(or([words, ...fields]))}`;
    mark(m, m.lookUp(ownText, among), (c) => (c.own = true));
  }
}

/**
 * The bm25 credited to a row for a common form it holds, which is not scored: `commonWordBm25` per
 * unit of its weight — for a prefix typed as one (`typedAsPrefix`), at most what FTS5 can give it
 * (`bm25Ceiling`), else a row holding another prefix is credited more than a full match's ~0
 * scores ('a* b* c*' on msdocs-cpp: ~0.3 a prefix,
 * docs/search-quality.md#prefixes-read-in-their-title-2026-11-27-fixed).
 */
function commonEstimate(topic: Topic, form: Form, context: SourceContext): number {
  const { options, total } = context;
  const weight = (form.fuzzy ? options.fuzzyWeight : 1) * topic.wanted[form.operand]!.weight;
  const estimate = weight * options.commonWordBm25;
  return typedAsPrefix(topic, form) ? Math.min(estimate, bm25Ceiling(form.rows, total)) : estimate;
}

/**
 * `expr` as the operand of a column filter: a field word's own filter in parentheses (FTS5
 * rejects `{title} : {title} : …`; 'title:NOT OR + heron' failed so), anything else as it is.
 */
const grouped = (expr: string) => (expr.startsWith('{') ? `(${expr})` : expr);

/**
 * A listed form's rows when every form is common (`listedForms`): those holding another operand
 * too, and those naming it in their title (`readInTitle`). Of two operands, a row holding the
 * other too holds both, a full match `readPartial` drops: they are not read ('const refe' typed
 * would read 5,195 rows for nothing, docs/benchmarks.md#typed-prefixes).
 */
function narrowed(topic: Topic, form: Form): string[] {
  const others = topic.wanted.flatMap((w, i) => (i === form.operand ? [] : [w.operand.expr]));
  const other = or(others);
  const titled = `{title} : (${form.expr})`;
  if (!readInTitle(topic, form)) return topic.wanted.length === 2 ? [] : [and(form.expr, other)];
  if (topic.wanted.length === 2) return [not(titled, other)];
  // Of more operands, the titled rows holding another are the first statement's: `listForm`
  // skips them, where FTS5 would find the rows of `titled AND other` to leave them out ('how to
  // check the type of a template argument at compile time' at ten copies of msdocs-cpp: 11 → 3
  // ms; docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp). With filters, as they read.
  const filtered = topic.restriction !== null || topic.exclude !== null;
  return [and(form.expr, other), filtered ? not(titled, other) : titled];
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

/** Adds a page of a ranked listing to the candidates `take` gives. */
function listPage(form: Form, page: ListedPage, take: (rowid: number) => Candidate | null): void {
  const bit = 1 << form.operand;
  for (const row of page.rows) {
    const c = take(row[0]);
    if (!c) continue;
    c.addRow(row, 1);
    c.exact |= bit;
  }
}
