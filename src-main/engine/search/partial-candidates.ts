// The partial source of a topic's candidates read (candidate-sources.ts): sections holding some,
// not all, of the wanted operands (a section holding each in some form is the full or fuzzy
// source's). Its listed forms' rows (operand-forms.ts) are candidates, scored by bm25; a common
// form is only looked up among them, its part of bm25 estimated from its weight — a row holding
// only common words cannot reach the top, since coverage weighs words by rarity
// (docs/search-quality.md#the-score) — unless its heading names the rarest common word
// (`titleListRows`), or it is among the best rows of the rarest ones (`commonTopRows`,
// top-rows.ts).
import { rowidsOf, rowOrderOf, scoredRows, type ScoredRow } from './fts-statements.ts';
import { Candidate } from './candidate.ts';
import { and, inFilters, not, or } from './fts-expressions.ts';
import type { SourceContext } from './candidate-sources.ts';
import type { TopicReading } from './source-reading.ts';
import { readInTitle, typedAsPrefix, type Form, type PartialPlan } from './operand-forms.ts';
import { bm25Ceiling } from './ranking.ts';
import { allOperands, filtersScore, type Topic } from './topic.ts';
import { topRows } from './top-rows.ts';

/**
 * A page of one of a topic's ranked listings (ranked-listings.ts): its rows, the operands each of
 * them holds as typed (bits; the others it does not), and the look-ups the listings made.
 */
export interface ListedPage {
  rows: ScoredRow[];
  held: number;
  lookUps: Map<string, number[]>;
}

/** Reads the partial candidates of a topic, its listed forms' rows whole (found ones are kept). */
export function readPartial(reading: TopicReading, plan: PartialPlan): Candidate[] {
  const { topic, context, found } = reading;
  const { forms, listed, titleListed } = plan;
  if (listed.forms.length === 0) return [];
  // Narrowed, two prefixes list nothing: their rows holding both are full matches, and they are
  // not read in their title (`readInTitle`).
  if (listed.narrowed && narrowed(topic, listed.forms[0]!).length === 0) return [];
  const fresh = new Map<number, Candidate>();
  const take = takeInto(fresh, found);
  for (const form of listed.forms) listForm(topic, context, form, listed.narrowed, take);
  // The rarest common word's rows naming it in their heading (its bm25 is estimated below, as a
  // common word's is): docs/search-quality.md#the-score.
  if (titleListed) listForm(topic, context, titleListed, false, take, 0);
  const among = or([...listed.forms, ...(titleListed ? [titleListed] : [])].map((f) => f.expr));
  const topped = new Map<Form, number[]>();
  for (const form of plan.topped) topped.set(form, listTop(topic, context, form, take));
  const checked = forms.filter((f) => !listed.forms.includes(f));
  const marking: Marking = {
    topic,
    context,
    candidates: fresh,
    checked,
    among,
    lookUp: lookUpWith(context),
    topped,
    // Narrowed, `among` is the one listed form's rows.
    narrowedForm: listed.narrowed ? listed.forms[0]! : undefined,
    // The top rows' flags are not looked up (`listTop`): only the words they hold are.
    // Narrowed, the listed rows are scored with every other operand's phrases (`narrowed`), or
    // hold none of them (its titled rows), so their flags show where those are.
    flagsShown: listed.narrowed && topic.restriction === null,
  };
  markChecked(marking);
  markFlags(marking);
  return partialOnly(topic, fresh, found);
}

/**
 * Reads a page of one of a topic's ranked listings (ranked-listings.ts) as partial candidates
 * (found ones are kept). Its topic's forms are all common and none lends top rows (else it has no
 * listings): the page's rows are the one listed form's, its flags show where its operands are.
 */
export function readListedPage(
  reading: TopicReading,
  { forms, listed }: PartialPlan,
  page: ListedPage,
): Candidate[] {
  const { topic, context, found } = reading;
  if (listed.forms.length === 0) return [];
  const fresh = new Map<number, Candidate>();
  listPage(listed.forms[0]!, page, takeInto(fresh, found));
  const among = or(listed.forms.map((f) => f.expr));
  const checked = forms.filter((f) => !listed.forms.includes(f));
  const marking: Marking = {
    topic,
    context,
    candidates: fresh,
    checked,
    among,
    lookUp: lookUpWith(context, page.lookUps),
    topped: new Map(),
    page,
    flagsShown: true,
  };
  markChecked(marking);
  markFlags(marking);
  return partialOnly(topic, fresh, found);
}

/** Gives a row's candidate in `fresh`, made on first ask; null for a row `found` already. */
function takeInto(fresh: Map<number, Candidate>, found: ReadonlyMap<number, Candidate>) {
  return (rowid: number): Candidate | null => {
    if (found.has(rowid)) return null;
    let c = fresh.get(rowid);
    if (!c) fresh.set(rowid, (c = new Candidate(rowid)));
    return c;
  };
}

/** Adds the candidates of `fresh` that are partial to `found`, and returns them. */
function partialOnly(
  topic: Topic,
  fresh: Map<number, Candidate>,
  found: Map<number, Candidate>,
): Candidate[] {
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
  const expr = inFilters(topic, form.expr);
  const order = rowOrderOf(options);
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
  /** The top rows of the common forms that lend them (`listTop`), by form: they hold it. */
  topped: ReadonlyMap<Form, number[]>;
  /** A ranked listing's page: it says which operands its rows hold as typed. */
  page?: ListedPage;
  /** The one listed form when its rows are narrowed (`narrowed`), `among` being its rows. */
  narrowedForm?: Form;
  /** The rows' flags show where the operands as typed are (`markFlags`). */
  flagsShown: boolean;
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
 * says which operands its rows hold as typed: only fuzzy forms are looked up.
 */
function markChecked(m: Marking): void {
  const { topic, context, candidates, among, topped, page, narrowedForm } = m;
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
      if (narrowedForm && others.length === 0)
        mark(m, looked, (c) => (c.exact |= 1 << narrowedForm.operand));
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
 * listed forms' rows). `flagsShown`: the rows' flags show where the operands as typed are — a
 * ranked listing's page ('virtual base class' at ten copies of msdocs-cpp looked up 'class' and two
 * flags among 40,000 rows of 'virtual', ~30 ms, for a page of 330), or the narrowed rows read whole,
 * scored with every operand's phrases as typed or holding no other ('how to set the C++ language
 * standard version' at ten copies looked up three flags among 24,720 rows of 'languag', 26 ms;
 * docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp) — so only fuzzy forms are looked up.
 */
function markFlags(m: Marking): void {
  const { topic, checked, candidates, among, flagsShown } = m;
  if (checked.length === 0) return;
  const fields = flagsShown ? [] : topic.query.required.filter((o) => o.filter).map((o) => o.expr);
  let words = or(checked.map((f) => f.expr));
  if (flagsShown) {
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
 * A listed form's rows when every form is common (`PartialPlan.listed`): those holding another
 * operand too, and those naming it in their title (`readInTitle`). Of two operands, a row holding the
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
  // ms; docs/benchmarks.md#scale-ten-copies-of-msdocs-cpp). The skip was made for topics without
  // filters in their expressions (`filtersScore`); with them, the titled rows keep FTS5's NOT.
  return [and(form.expr, other), filtersScore(topic) ? not(titled, other) : titled];
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
