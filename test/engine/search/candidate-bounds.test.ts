// The candidate sources' score bounds (search/candidate-sources.ts, docs/architecture.md#search): a
// source is read only while its bound can still reach the top k, so its bound must be a true
// upper bound of the score bound of every row it has not returned yet. The vault makes the fuzzy
// source long: 'value' is common and a fuzzy variant of the rare 'rvalue', so 'rvalue
// reference' has hundreds of rows holding 'value' in its place.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countRows, rowidsOf, scoredRows } from '../../../src-main/engine/search/fts-statements.ts';
import { allOf } from '../../../src-main/engine/search/fts-expressions.ts';
import {
  planSources,
  type Source,
  type WholeSource,
  type SourceContext,
} from '../../../src-main/engine/search/candidate-sources.ts';
import { readSource } from '../../../src-main/engine/search/source-reading.ts';
import { mayHide, unflaggedShare } from '../../../src-main/engine/search/hidden-shares.ts';
import {
  RANKING_DEFAULTS,
  scoreBound,
  type RankingOptions,
} from '../../../src-main/engine/search/ranking.ts';
import type { Topic } from '../../../src-main/engine/search/topic.ts';
import type { Candidate } from '../../../src-main/engine/search/candidate.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { tempDir } from '../store/temp.ts';
import { planOn, rankingOn } from './plan-topic.ts';
import { vaultEngine } from './vault-engine.ts';

const WORDS = ['value', 'reference', 'refer', 'rvalue', 'lvalue', 'move', 'copy', 'type'];
const FILLER = 'the compiler checks each expression and its operands before code is emitted';

/**
 * Pruning skips only rows that cannot rank, and every bound holds: `q`'s top k are the first k of
 * its top 1,000 (every source read whole), and every candidate a ranking keeps, read for its top
 * 2 (its sources past their first page) and then its top 1,000, is bounded by at least its score.
 */
function expectTrueBounds(engine: EngineService, q: string, options: RankingOptions): void {
  const fresh = rankingOn(engine, q, options);
  const top = (k: number) =>
    fresh()
      .top(k)
      .map((c) => [c.rowid, c.score]);
  const all = top(1000);
  expect(all.length).toBeGreaterThan(5);
  for (const k of [1, 2, 3, 5]) expect(top(k), `top ${k}`).toEqual(all.slice(0, k));
  const ranked = fresh();
  ranked.top(2);
  for (const c of ranked.top(1000))
    expect(c.bound, `row ${c.rowid}`).toBeGreaterThanOrEqual(c.score * (1 - 1e-12));
}

/** Every form common (held by more than 10 rows) and none lending top rows. */
const ALL_COMMON = { ...RANKING_DEFAULTS, commonRows: 10, commonTopRows: 0, splitListedRows: 0 };

/** 240 notes of three sections; word i is in a section with a share falling with i. */
function writeVault(): string {
  const root = tempDir();
  mkdirSync(join(root, 'notes'));
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const shares = [0.7, 0.25, 0.08, 0.03, 0.05, 0.2, 0.2, 0.4];
  for (let n = 0; n < 240; n++) {
    const section = (s: number) => {
      const words = WORDS.filter((_, i) => next() < shares[i]!);
      const title = words.slice(0, next() < 0.3 ? 1 : 0).join(' ');
      const body = words.map((w) => `${w} ${FILLER.slice(0, 10 + Math.floor(next() * 60))}`);
      return `## Part ${s} ${title}\n\n${body.join('. ')} ${FILLER}.\n`;
    };
    writeFileSync(
      join(root, 'notes', `n${n}.md`),
      `# Note ${n}\n\n${[1, 2, 3].map(section).join('\n')}`,
    );
  }
  return root;
}

describe('candidate score bounds', () => {
  let root = '';
  const engine = vaultEngine(() => (root = writeVault()), 'b');

  const plan = (q: string, typing: boolean, options?: RankingOptions) =>
    planOn(engine(), q, typing, options);

  /**
   * A candidate's score bound, as the rank stage computes it before visiting (topic-ranking.ts).
   */
  function boundOf(c: Candidate, topic: Topic, source: Source): number {
    let held = 0;
    topic.wanted.forEach((w, i) => {
      if (c.exact & (1 << i)) held += w.weight;
      else if (c.fuzzy & (1 << i)) held += RANKING_DEFAULTS.fuzzyWeight * w.weight;
    });
    const coverage = topic.weight > 0 ? held / topic.weight : 1;
    const { bm25, titled, contexted } = c;
    const share = unflaggedShare(topic, source.kind, RANKING_DEFAULTS.fuzzyWeight);
    const unflagged = mayHide(source, c.rowid) ? share : 0;
    const bound = { bm25, coverage, boost: 1, titled, contexted, unflagged };
    return scoreBound(bound, RANKING_DEFAULTS);
  }

  /**
   * Reads the sources of `kinds` ('partial': the partial rows, read whole or as ranked listings),
   * in that order, each to its end; checks every bound met.
   */
  function readChecked(
    q: string,
    typing: boolean,
    page: number,
    kinds: string[],
    options?: RankingOptions,
  ): number {
    const { topic, context } = plan(q, typing, options);
    const sources = planSources(topic, context, false);
    const found = new Map<number, Candidate>();
    let rows = 0;
    for (const kind of kinds) {
      const ofKind = (s: Source) => s.kind === kind || (kind === 'partial' && s.kind === 'listing');
      for (const source of sources.filter(ofKind)) {
        while (!source.done) {
          const bound = source.bound;
          for (const c of readSource(source, { topic, context, found }, page)) {
            expect(boundOf(c, topic, source), `${kind} row ${c.rowid}`).toBeLessThanOrEqual(bound);
            rows++;
          }
        }
      }
    }
    return rows;
  }

  // Every form common (`ALL_COMMON`): three or four operands' narrowed rows are read as
  // 2^(n-1) - 1 ranked listings, one per set of operands a row holds, and one of the titled rows
  // (ranked-listings.ts). 'rvalue' is listed, and its variant 'value' is in the titles of rows
  // holding it (looked up on a listing's page).
  it.each([
    'value reference type',
    'value move copy',
    'value move copy type',
    'rvalue move copy',
    'rvalue move copy type',
  ])(
    'a ranked listing bounds the rows it has not returned, and reads what the whole listing does: %s',
    (q) => {
      const { topic, context } = plan(q, false, ALL_COMMON);
      const sources = planSources(topic, context, false);
      const listings = sources.filter((s) => s.kind === 'listing');
      expect(listings.length).toBe(2 ** (topic.wanted.length - 1) - 1);
      expect(sources.filter((s) => s.kind === 'partial')).toEqual([]);
      let rows = 0;
      for (const page of [2, 7]) {
        for (const kinds of [['partial'], ['full', 'partial'], ['full', 'fuzzy', 'partial']])
          rows += readChecked(q, false, page, kinds, ALL_COMMON);
      }
      expect(rows).toBeGreaterThan(20);
      // The same candidates, with the same evidence, as the listing read whole.
      const paged = new Map<number, Candidate>();
      for (const source of listings)
        while (!source.done) readSource(source, { topic, context, found: paged }, 3);
      const shared = listings.flatMap((s) => (s.kind === 'listing' ? [s.plan] : []))[0]!;
      const whole: Source = {
        kind: 'partial',
        bound: Infinity,
        done: false,
        unflagged: 0,
        plan: shared,
      };
      const once = new Map<number, Candidate>();
      readSource(whole, { topic, context, found: once }, 3);
      const sorted = (m: Map<number, Candidate>) =>
        [...m.values()].sort((a, b) => a.rowid - b.rowid);
      expect(sorted(paged)).toEqual(sorted(once));
    },
  );

  // Read whole (not as ranked listings), the narrowed rows are scored with every operand's
  // phrases as typed, so their flags show where those are; only the fuzzy forms are looked up
  // (partial-candidates.ts `markFlags`). Each candidate is flagged exactly where FTS5 finds a
  // wanted form, as typed or a variant: in its title; its title, context or path; its own text.
  it.each([
    'value reference move type',
    'rvalue move copy type',
    'value reference move copy type',
    'lvalue reference move copy type',
    'rvalue reference move copy type',
  ])('the narrowed rows read whole are flagged where a wanted form is: %s', (q) => {
    const options = { ...ALL_COMMON, splitListedRows: Number.MAX_SAFE_INTEGER };
    const { topic, context } = plan(q, false, options);
    const sources = planSources(topic, context, false);
    const [partial, ...more] = sources.filter((s) => s.kind === 'partial');
    expect(more).toEqual([]);
    expect(sources.filter((s) => s.kind === 'listing')).toEqual([]);
    const read = readSource(partial!, { topic, context, found: new Map() }, 3);
    expect(read.length).toBeGreaterThan(5);
    const forms = topic.wanted.map((w) => w.operand.fuzzy ?? w.operand.expr).join(' OR ');
    const within = (columns: string) =>
      new Set(rowidsOf(context.reader, `${columns} : (${forms})`));
    const [title, places, own] = [
      '{title}',
      '{title context path path_components}',
      '{title body}',
    ].map(within);
    const flags = (c: Candidate) => [c.titled, c.contexted, c.own];
    const found = (c: Candidate) => [title!.has(c.rowid), places!.has(c.rowid), own!.has(c.rowid)];
    for (const c of read) expect(flags(c), `row ${c.rowid}`).toEqual(found(c));
    expect(read.some((c) => !c.titled)).toBe(true);
  });

  // Two operands, every form common: the narrowed rows are the listed form's titled rows, whose
  // bm25 takes the idf of its title rows, above its ceiling anywhere
  // (docs/benchmarks.md#the-partial-sources-bound).
  it.each(['value reference', 'reference value', 'move copy', 'value type', 'rvalue copy'])(
    'the partial source bounds its rows when every form of two operands is common: %s',
    (q) => {
      let rows = 0;
      for (const options of [ALL_COMMON, { ...ALL_COMMON, commonTopRows: 3 }]) {
        for (const page of [2, 7])
          for (const kinds of [['partial'], ['full', 'partial'], ['full', 'fuzzy', 'partial']])
            rows += readChecked(q, false, page, kinds, options);
      }
      expect(rows).toBeGreaterThan(2);
    },
  );

  // Prefixes typed as such are not read in their title (operand-forms.ts `readInTitle`):
  // every form common, two of them list nothing, three or four their rows holding another too,
  // read whole or as ranked listings. The bounds hold, and no partial candidate holds them all.
  it.each(['valu* refer*', 'valu* mov* cop*', 'refer* mov* cop* typ*', 'valu* refer* type'])(
    'the partial source of prefixes bounds its rows: %s',
    (q) => {
      const whole = { ...ALL_COMMON, splitListedRows: Number.MAX_SAFE_INTEGER };
      for (const options of [ALL_COMMON, whole]) {
        expectTrueBounds(engine(), q, options);
        for (const page of [2, 7])
          for (const kinds of [['partial'], ['full', 'partial']])
            readChecked(q, false, page, kinds, options);
        const { topic, context } = plan(q, false, options);
        const holding = new Set(
          rowidsOf(context.reader, allOf(topic.wanted.map((w) => w.operand.expr))),
        );
        const found = new Map<number, Candidate>();
        let read = 0;
        for (const source of planSources(topic, context, false)) {
          if (source.kind !== 'partial' && source.kind !== 'listing') continue;
          while (!source.done)
            for (const c of readSource(source, { topic, context, found }, 3)) {
              expect(holding.has(c.rowid), `row ${c.rowid}`).toBe(false);
              read++;
            }
        }
        expect(read > 0, `${read} partial rows`).toBe(topic.wanted.length > 2);
      }
    },
  );

  // A partial candidate lacks some operand in every form: a row holding each is the full or fuzzy
  // source's, scored there. Every form common, the listed one is read narrowed (its rows holding
  // another operand are not read), and a common form's top rows (`commonTopRows`) holding it too
  // were partial candidates of one operand: read before the full source, 'default constructor
  // -copy' on msdocs-cpp scored its best full match 0 so (partial-candidates.ts `markChecked`).
  it.each([
    'value reference',
    'reference value',
    'move copy',
    'value type',
    'value reference -copy',
  ])('the partial source gives no row holding every operand: %s', (q) => {
    let rows = 0;
    for (const commonTopRows of [3, 40]) {
      const { topic, context } = plan(q, false, { ...ALL_COMMON, commonTopRows });
      const forms = topic.wanted.map((w) => w.operand.fuzzy ?? w.operand.expr);
      const holding = new Set(rowidsOf(context.reader, forms.join(' AND ')));
      const found = new Map<number, Candidate>();
      for (const source of planSources(topic, context, false)) {
        if (source.kind !== 'partial') continue;
        while (!source.done) {
          for (const c of readSource(source, { topic, context, found }, 3)) {
            expect(holding.has(c.rowid), `row ${c.rowid}`).toBe(false);
            rows++;
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(2);
  });

  /** `q`'s ranking with every form common, fresh at each call. */
  const ranking = (q: string) => rankingOn(engine(), q, ALL_COMMON);

  /** `q`'s top candidates (rowid, score) with every form common, each call a fresh ranking. */
  function rankedTop(q: string): (k: number) => number[][] {
    const fresh = ranking(q);
    return (k) =>
      fresh()
        .top(k)
        .map((c) => [c.rowid, c.score]);
  }

  // The bound a candidate is queued with is at least the score its row gives it: one whose
  // heading holds what its flags do not show (a variant, an operand's words in another order)
  // is bounded with that share (hidden-shares.ts `hiddenRows`), its source read on while it may be
  // unread. Checked on every candidate a ranking keeps for its top 2, then its top 1,000 (every
  // source read whole; the first pages are short, so the sources find their hidden rows).
  it.each(['lvalue type', 'lvalue reference', 'rvalue reference', 'value reference', 'move copy'])(
    'every candidate is bounded by at least its score: %s',
    (q) => {
      const ranked = ranking(q)();
      ranked.top(2);
      const kept = ranked.top(1000);
      expect(kept.length).toBeGreaterThan(3);
      for (const c of kept)
        expect(c.bound, `row ${c.rowid}`).toBeGreaterThanOrEqual(c.score * (1 - 1e-12));
    },
  );

  // Pruning may skip only rows that cannot rank: a topic's top 3 are the first 3 of its top 1,000,
  // for which every source is read whole (an untrue bound left 'value reference''s best titled
  // rows unread for its top 3).
  it.each(['value reference', 'reference value', 'value type', 'move copy'])(
    'a topic ranks its top rows as when nothing is pruned: %s',
    (q) => {
      const top = rankedTop(q);
      const all = top(1000);
      expect(all.length).toBeGreaterThan(3);
      expect(all.length).toBeLessThan(1000);
      expect(top(3)).toEqual(all.slice(0, 3));
    },
  );

  // A full match's flags show only exact forms, while its heading may hold a variant ('value' of
  // 'lvalue'), which its heading share counts (heading-match.ts `headingShares`): bounded
  // without it, 'lvalue type' had a full match bounded 3.40 that scored 5.79, left unread for
  // its top 2 (docs/benchmarks.md#the-partial-sources-bound).
  it.each([
    ['lvalue type', 2],
    ['lvalue reference', 4],
  ])('a full match with a variant in its heading ranks as when nothing is pruned: %s', (q, k) => {
    const top = rankedTop(q);
    const all = top(1000);
    expect(all.length).toBeGreaterThan(k);
    for (let n = 1; n <= k; n++) expect(top(n), `top ${n}`).toEqual(all.slice(0, n));
  });

  it.each([
    ['rvalue reference', false],
    ['rvalue refe', true],
    ['lvalue rvalue', false],
    ['rvalue move copy', false],
    ['reference type', false],
    ['value', false],
    ['rvalue', false],
  ])('every source bounds the rows it has not returned: %s (typing %s)', (q, typing) => {
    expect(root).not.toBe('');
    let rows = 0;
    for (const page of [2, 7]) {
      // Each ranked source alone, then the partial source read before, between and after them.
      for (const kind of ['full', 'fuzzy']) rows += readChecked(q, typing, page, [kind]);
      for (const kinds of [['partial'], ['full', 'partial'], ['full', 'fuzzy', 'partial']])
        rows += readChecked(q, typing, page, kinds);
    }
    expect(rows).toBeGreaterThan(20);
  });

  // An unread fuzzy source is bounded by its forms' bm25 ceilings, less the exact form its rows
  // lack (the rows' bounds are checked against it above, read first or after the others); when a
  // ceiling is unknown (a phrase's idf within a column, a group, a prefix) or filters score, it
  // is read first, as before.
  it.each([
    ['rvalue reference', true],
    ['lvalue rvalue', true],
    ['rvalue', true],
    ['(rvalue OR copy) reference', false],
    ['rvalue refe*', false],
    ['rvalue title:reference', false],
    ['rvalue -move', false],
  ])('an unread fuzzy source has a finite bound when its ceilings are known: %s', (q, finite) => {
    const { topic, context } = plan(q, false);
    const fuzzy = planSources(topic, context, false).find((s) => s.kind === 'fuzzy');
    expect(fuzzy, 'a fuzzy source').toBeDefined();
    expect(Number.isFinite(fuzzy!.bound)).toBe(finite);
  });

  it.each([
    ['full', 'value'],
    ['fuzzy', 'rvalue reference'],
  ])(
    'a %s source read a page at a time returns every row of its statement once, best first: %s',
    (kind, q) => {
      const { topic, context } = plan(q, false);
      const source = planSources(topic, context, false).find((s) => s.kind === kind) as WholeSource;
      const { headingWeight: heading, contextWeight } = RANKING_DEFAULTS;
      const order = { heading, context: contextWeight };
      const rank = ([, bm25, , title, where]: number[]) =>
        bm25! * (1 + heading * title! + contextWeight * where!);
      const all = scoredRows(context.reader, source.expr, topic.scope, context.weights, order, {
        limit: -1,
        offset: 0,
      });
      // Page 2: the first statement fetches 2 rows, the second 8 pages, the third the rest.
      expect(all.length).toBeGreaterThan(2 + 8 * 2);
      const found = new Map<number, Candidate>();
      const read: number[] = [];
      while (!source.done) {
        for (const c of readSource(source, { topic, context, found }, 2)) read.push(c.rowid);
      }
      expect([...read].sort((a, b) => a - b)).toEqual(all.map((r) => r[0]).sort((a, b) => a - b));
      const byRow = new Map(all.map((r) => [r[0], rank(r)]));
      const ranks = read.map((rowid) => byRow.get(rowid)!);
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    },
  );

  // Past its first page, a full or fuzzy source with a floor to reach fetches the rows whose
  // order can still reach it, all of them, in place of the next eight pages; then its bound is
  // below that order, and read again (a larger top) it gives the rest. Every row once, best
  // first, and no row above the bound its source had before it was returned.
  it.each([
    ['full', 'value', 0.5],
    ['full', 'value', 0.9],
    ['fuzzy', 'rvalue reference', 0.5],
    ['fuzzy', 'rvalue reference', 0.05],
  ])(
    'a %s source wanted past its first page fetches the rows that can still count: %s (floor at %s)',
    (kind, q, at) => {
      const { topic, context } = plan(q, false);
      const source = planSources(topic, context, false).find((s) => s.kind === kind) as WholeSource;
      const { headingWeight: heading, contextWeight } = RANKING_DEFAULTS;
      const order = { heading, context: contextWeight };
      const all = scoredRows(context.reader, source.expr, topic.scope, context.weights, order, {
        limit: -1,
        offset: 0,
      });
      expect(all.length).toBeGreaterThan(2 + 8 * 2);
      // A floor: the bm25 of a row partway down (its bound without flags).
      const least = all[Math.floor(at * all.length)]![1]!;
      const found = new Map<number, Candidate>();
      const read: number[] = [];
      let fetchedDown = false;
      while (!source.done) {
        const bound = source.bound;
        for (const c of readSource(source, { topic, context, found }, 2, least)) {
          expect(boundOf(c, topic, source), `row ${c.rowid}`).toBeLessThanOrEqual(bound);
          read.push(c.rowid);
        }
        fetchedDown ||= source.fetchedDownTo !== null;
      }
      expect(fetchedDown).toBe(true);
      expect([...read].sort((a, b) => a - b)).toEqual(all.map((r) => r[0]).sort((a, b) => a - b));
      const rank = ([, bm25, , title, where]: number[]) =>
        bm25! * (1 + heading * title! + contextWeight * where!);
      const byRow = new Map(all.map((r) => [r[0], rank(r)]));
      const ranks = read.map((rowid) => byRow.get(rowid)!);
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    },
  );

  /** Every candidate of `source`, in one page (a typed topic's full source gives one only). */
  function readAll(source: Source, topic: Topic, context: SourceContext): Candidate[] {
    const read = readSource(source, { topic, context, found: new Map() }, Number.MAX_SAFE_INTEGER);
    expect(source.done).toBe(true);
    return read;
  }

  it('reads a word typed alone and held by many rows from its titled rows first', () => {
    const rowids = (cs: Candidate[]) => cs.map((c) => c.rowid).sort((a, b) => a - b);
    const whole = plan('valu', true);
    const [all, ...others] = planSources(whole.topic, whole.context, false);
    expect(others).toEqual([]);
    if (all?.kind !== 'full') throw new Error(`one full source, not ${all?.kind}`);
    // Typed alone, 'valu' is not counted: its rows are a bound from the vocabulary.
    expect(whole.counted).toEqual([]);
    expect(whole.topic.wanted[0]!.rows).toBeGreaterThanOrEqual(
      countRows(whole.context.reader, all.expr, Number.MAX_SAFE_INTEGER),
    );
    const everyRow = rowids(readAll(all, whole.topic, whole.context));

    const { topic, context } = plan('valu', true, { ...RANKING_DEFAULTS, typedTitledRows: 0 });
    const [titled, rest, ...none] = planSources(topic, context, false);
    expect(none).toEqual([]);
    expect([titled!.bound, rest!.bound]).toEqual([Infinity, 0]);
    const first = readAll(titled!, topic, context);
    const then = readAll(rest!, topic, context);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((c) => c.titled)).toBe(true);
    expect(then.some((c) => c.titled)).toBe(false);
    expect(rowids([...first, ...then])).toEqual(everyRow);
    // Searched literally, or with another word: every row from one source, counted.
    const literal = plan('value', false, context.options);
    expect(planSources(literal.topic, literal.context, false)).toHaveLength(1);
    expect(literal.counted).toEqual([]); // a word: the vocabulary says its rows
    const two = plan('move valu', true, context.options);
    // With another word its rows are exact: the vocabulary's or FTS5's count of its OR.
    const typed = two.topic.wanted[1]!;
    expect(typed.rows).toBe(countRows(two.context.reader, typed.operand.expr, 100_000));
    expect(
      planSources(two.topic, two.context, false).filter((s) => s.kind === 'full'),
    ).toHaveLength(1);
  });

  it('reads only the first page of the full source of a typed topic', () => {
    for (const typing of [false, true]) {
      const { topic, context } = plan('valu', typing);
      const [full] = planSources(topic, context, false);
      const page = readSource(full!, { topic, context, found: new Map() }, 5);
      expect(page).toHaveLength(5);
      expect(full!.done).toBe(typing);
    }
  });
});

// A path's camel-case names: the FTS5 path columns hold `DocumentFrame3` as one word, so a row's
// flags never show 'document' there; its heading context must not count it either, or the row
// scores above its bound and pruning skips it (heading-match.ts `headingTermsOf`). The file
// titles ('Note n') do not name the words; the path does, for a third of the notes.
describe('candidate score bounds with camel-case file names', () => {
  function writeNamedVault(): string {
    const root = tempDir();
    mkdirSync(join(root, 'notes'));
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let n = 0; n < 120; n++) {
      const name = n % 3 === 0 ? `DocumentFrame${n}` : `frame${n}`;
      const words = ['document', 'window', 'frame', 'view'].filter(() => next() < 0.4);
      const body = `## Part one\n\n${words.join(' and ')} are drawn.\n\n## Part two\n\nThe window shows.\n`;
      writeFileSync(join(root, 'notes', `${name}.md`), `# Note ${n}\n\n${body}`);
    }
    return root;
  }
  const engine = vaultEngine(writeNamedVault, 'named');

  it.each(['document window', 'window document', 'document view'])(
    'a topic ranks its top rows as when nothing is pruned, each bounded by its score: %s',
    (q) => {
      for (const options of [RANKING_DEFAULTS, ALL_COMMON]) expectTrueBounds(engine(), q, options);
    },
  );
});

// A full match whose heading or context holds what its flags cannot show, in each of the places
// `hiddenRows` looks (hidden-shares.ts): a variant in the file title around a section ('value' of
// 'rvalue'), a variant in the section's own heading while its path holds an operand as typed
// (its context flag is set, its title flag is not), an operand phrase's words in its heading in
// another order ("Move and copy" for "copy move"). Each is a third of the notes, their bm25
// interleaved; left out of the hidden rows, each left a row bounded below its score.
describe('candidate score bounds with headings that hide a share', () => {
  function writeHidingVault(): string {
    const root = tempDir();
    mkdirSync(join(root, 'notes'));
    let seed = 13;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let n = 0; n < 90; n++) {
      const [name, title, heading] = [
        [`n${n}`, `Value note ${n}`, 'Part one'],
        [`move-${n}`, `Note ${n}`, 'Value part'],
        [`n${n}`, `Note ${n}`, 'Move and copy'],
      ][n % 3]!;
      const filler = FILLER.slice(0, 10 + Math.floor(next() * 60));
      const body = `The rvalue copy move ${filler}.\n\n## Part two\n\nThe value shows.\n`;
      writeFileSync(join(root, 'notes', `${name}.md`), `# ${title}\n\n## ${heading}\n\n${body}`);
    }
    return root;
  }
  const engine = vaultEngine(writeHidingVault, 'hiding');

  it.each(['rvalue move', 'move rvalue', '"copy move" rvalue'])(
    'a topic ranks its top rows as when nothing is pruned, each bounded by its score: %s',
    (q) => {
      for (const options of [RANKING_DEFAULTS, ALL_COMMON]) expectTrueBounds(engine(), q, options);
    },
  );
});
