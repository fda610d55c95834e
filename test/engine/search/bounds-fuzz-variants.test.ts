// Score bounds against a random vault of misspellings (search/candidate-sources.ts,
// docs/architecture.md#search), beside bounds-fuzz.test.ts: here the query's words are often rare
// misspellings whose common neighbours are their fuzzy variants, so the fuzzy source's rows reach
// the top, its bound before it is read (`fuzzyBound`) decides whether it is read at all, and
// sources fetch down to the floor. For every query a topic's top k have the scores of the first k
// of its top 1,000 (ties may swap), default and strict; every candidate is bounded by at least its
// score, typed too; and no row a source returns is bounded above the source's bound before it.
// (Found by it: a common word's top row holding the narrowed listed word too was a partial
// candidate of one operand, scored ~0 — '(string OR lvalue) buffer' lost its 3rd best row.)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planSources } from '../../../src-main/engine/search/candidate-sources.ts';
import { readSource } from '../../../src-main/engine/search/source-reading.ts';
import type { Candidate } from '../../../src-main/engine/search/candidate.ts';
import { mayHide, unflaggedShare } from '../../../src-main/engine/search/hidden-shares.ts';
import {
  RANKING_DEFAULTS,
  scoreBound,
  type RankingOptions,
} from '../../../src-main/engine/search/ranking.ts';
import type { Topic } from '../../../src-main/engine/search/topic.ts';
import { tempDir } from '../store/temp.ts';
import { planOn, rankingOn } from './plan-topic.ts';
import { vaultEngine } from './vault-engine.ts';

const COMMON = ['document', 'window', 'frame', 'value', 'handle', 'string', 'buffer'];
const NEAR = ['documents', 'windows', 'frames', 'rvalue', 'handles', 'strings', 'buffers'];
const OTHER = ['widow', 'flame', 'valve', 'candle', 'strong', 'buffet'];
const RARE = ['documnet', 'windw', 'farme', 'lvalue', 'hadnle', 'strnig', 'bufer'];
/** Words of the notes: the common ones twice as often. */
const WRITTEN = [...COMMON, ...COMMON, ...NEAR, ...OTHER, ...RARE];
/** Words of the queries: misspellings too that no note holds. */
const ASKED = [...COMMON, ...NEAR, ...OTHER, ...RARE, 'docment', 'windos', 'vlaue'];
const FOLDERS = ['a', 'b/Frame', 'DocumentWindow'];

/** A seeded generator of numbers in [0, 1). */
function random(seed: number): () => number {
  return () => (seed = (seed * 48271) % 2147483647) / 2147483647;
}

/** 160 notes of two to four sections; a rare word in about one pick of twelve. */
function writeVault(): string {
  const root = tempDir();
  const next = random(8);
  const any = (words: string[]) => words[Math.floor(next() * words.length)]!;
  const pick = () => (next() < 0.08 ? any(RARE) : any(WRITTEN));
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  const camel = () => `${cap(pick())}${cap(pick())}`;
  for (const folder of FOLDERS) mkdirSync(join(root, folder), { recursive: true });
  for (let n = 0; n < 160; n++) {
    const name = next() < 0.3 ? `${camel()}${n}` : next() < 0.5 ? `${pick()}-${n}` : `n${n}`;
    const title = next() < 0.5 ? `${cap(pick())} ${pick()}` : `Note ${n}`;
    const aliases = next() < 0.2 ? `---\naliases: [${pick()} ${pick()}]\n---\n` : '';
    let text = `${aliases}# ${title}\n\n`;
    const sections = 2 + Math.floor(next() * 3);
    for (let s = 0; s < sections; s++) {
      const heading = next() < 0.6 ? `${pick()} ${next() < 0.3 ? camel() : pick()}` : `Part ${s}`;
      const length = 2 + Math.floor(next() * 14);
      const body = Array.from({ length }, () => (next() < 0.45 ? pick() : 'the')).join(' ');
      text += `${'#'.repeat(2 + (s % 2))} ${heading}\n\n${body}.\n\n`;
    }
    writeFileSync(join(root, FOLDERS[n % 3]!, `${name}.md`), text);
  }
  return root;
}

/** 70 queries of fourteen shapes, most with a misspelling. */
function queries(): string[] {
  const next = random(9);
  const any = (words: string[]) => words[Math.floor(next() * words.length)]!;
  const pick = () => any(ASKED);
  const rare = () => (next() < 0.6 ? any(RARE) : pick());
  const shapes = [
    () => rare(),
    () => `${rare()} ${pick()}`,
    () => `${pick()} ${rare()}`,
    () => `${rare()} ${rare()}`,
    () => `${rare()} ${pick()} ${pick()}`,
    () => `"${pick()} ${pick()}" ${rare()}`,
    () => `${rare()} ${pick().slice(0, 3)}*`,
    () => `${rare()} -${pick()}`,
    () => `(${rare()} OR ${pick()}) ${pick()}`,
    () => `${rare()}-${pick()} ${rare()}`,
    () => `title:${pick()} ${rare()}`,
    () => `path:frame ${rare()} ${pick()}`,
    () => `${rare()} ${rare()} ${rare()} ${pick()}`,
    () => `${rare()} ${pick()} ${rare()} ${pick()} ${pick()}`,
  ];
  return [
    ...new Set([
      '(string OR lvalue) buffer',
      ...Array.from({ length: 70 }, (_, i) => shapes[i % 14]!()),
    ]),
  ];
}

/** The defaults; every form common; a few top rows of common words, a lighter fuzzy form. */
const OPTIONS: RankingOptions[] = [
  RANKING_DEFAULTS,
  { ...RANKING_DEFAULTS, commonRows: 10, commonTopRows: 0, splitListedRows: 0 },
  {
    ...RANKING_DEFAULTS,
    commonRows: 5,
    commonTopRows: 3,
    titleListRows: 40,
    fuzzyWeight: 0.2,
    coveragePower: 3,
  },
];

describe('score bounds on a random vault of misspellings', () => {
  const engine = vaultEngine(writeVault, 'variants');

  it.each(queries())('ranks as when nothing is pruned: %s', (q) => {
    for (const options of OPTIONS) {
      for (const strict of [false, true]) {
        const fresh = rankingOn(engine(), q, options, false, strict);
        const top = (k: number) =>
          fresh()
            .top(k)
            .map((c) => [c.rowid, Number(c.score.toFixed(9))] as const);
        const all = top(1000);
        const scoreOf = new Map(all);
        for (const k of [1, 2, 3, 5, 10]) {
          const read = top(k);
          const scores = (rows: ReadonlyArray<readonly [number, number]>) => rows.map((r) => r[1]);
          expect(scores(read), `top ${k}, strict ${strict}`).toEqual(scores(all.slice(0, k)));
          for (const [rowid, score] of read) expect(scoreOf.get(rowid), `row ${rowid}`).toBe(score);
        }
        const ranked = fresh();
        ranked.top(2);
        for (const c of ranked.top(1000))
          expect(c.bound, `row ${c.rowid}`).toBeGreaterThanOrEqual(c.score * (1 - 1e-12));
      }
    }
  });

  it.each(queries())(
    'bounds every candidate by its score while the last word is typed: %s',
    (q) => {
      for (const options of OPTIONS) {
        const ranked = rankingOn(engine(), q, options, true)();
        ranked.top(2);
        for (const c of ranked.top(1000))
          expect(c.bound, `row ${c.rowid}`).toBeGreaterThanOrEqual(c.score * (1 - 1e-12));
      }
    },
  );

  it.each(queries())('bounds what each source returns by its bound before: %s', (q) => {
    for (const options of OPTIONS) {
      for (const typing of [false, true]) {
        const { topic, context } = planOn(engine(), q, typing, options);
        const found = new Map<number, Candidate>();
        // The full source first, then the fuzzy and partial ones, each to its end.
        for (const source of planSources(topic, context, false)) {
          while (!source.done) {
            const bound = source.bound;
            for (const c of readSource(source, { topic, context, found }, 3)) {
              const unflagged = mayHide(source, c.rowid)
                ? unflaggedShare(topic, source.kind, options.fuzzyWeight)
                : 0;
              const { bm25, titled, contexted } = c;
              const coverage = coverageOf(c, topic, options);
              const of = { bm25, coverage, boost: 1, titled, contexted, unflagged };
              expect(scoreBound(of, options), `${source.kind} row ${c.rowid}`).toBeLessThanOrEqual(
                bound * (1 + 1e-12),
              );
            }
          }
        }
      }
    }
  });
});

/** A candidate's coverage as the rank stage takes it before visiting (topic-ranking.ts). */
function coverageOf(c: Candidate, topic: Topic, options: RankingOptions): number {
  if (topic.weight <= 0) return 1;
  let held = 0;
  topic.wanted.forEach((w, i) => {
    if (c.exact & (1 << i)) held += w.weight;
    else if (c.fuzzy & (1 << i)) held += options.fuzzyWeight * w.weight;
  });
  return held / topic.weight;
}
