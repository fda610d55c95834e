// Partial matches (docs/design.md#whole-and-partial-matches) on the ranking fixtures: found however long the
// query, ranked with full matches by how much of the query's weight they hold, field words kept
// as filters, and common words looked up only among the rows of rarer ones.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import type { RankingOptions } from '../../../src-main/engine/search/ranking.ts';
import { Searcher } from '../../../src-main/engine/search/searcher.ts';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

const VAULT = join(import.meta.dirname, '../../fixtures/ranking/partial');
const engine = vaultEngine(VAULT, 'p');

const search = async (q: string) => (await engine().search({ queries: [q] })).results;

/** The results of a search with other ranking options. */
function searchRanked(q: string, ranking: Partial<RankingOptions>) {
  const internals = engineInternals(engine());
  return new Searcher(internals.reader, { ranking }).search(
    { queries: [q] },
    internals.settings(),
    internals.analyzer(),
  ).results;
}

/** The result ids of a search with other ranking options. */
function idsRanked(q: string, ranking: Partial<RankingOptions>): string[] {
  return searchRanked(q, ranking).map((r) => r.id);
}

describe('partial matches', () => {
  it('are found however many words the query has', async () => {
    // Seven required words; the best section holds four of them, nothing holds more.
    const [first] = await search('measure less often when the battery is low in cold weather');
    expect(first).toMatchObject({ id: 'p:winter.md#winter-mode', partial: true });
    expect([...first!.matchedTerms].sort()).toEqual(['battery', 'cold', 'low', 'measure']);
  });

  it('rank by how much of the query they hold, not by how often', async () => {
    const results = await search('calibrate gauge battery monday');
    // The field log holds three of the words once each; the gauge note two, many times.
    expect(results.map((r) => [r.id, r.matchedTerms.length])).toEqual([
      ['p:log.md#field-log', 3],
      ['p:gauge.md', 2],
      ['p:winter.md#winter-mode', 1],
    ]);
    expect(results.every((r) => r.partial)).toBe(true);
  });

  it('keep field words, which are filters, and drop only plain words', async () => {
    // Without the filter, the gauge note (calibrate, gauge) would lead the partial matches.
    const titled = await search('title:log calibrate gauge');
    expect(titled.map((r) => [r.id, r.partial, [...r.matchedTerms].sort()])).toEqual([
      ['p:log.md#field-log', true, ['calibrate', 'title:log']],
    ]);
    // Nothing holds the field word: no partial match at all, however many plain words match.
    expect(await search('title:zebra calibrate gauge battery')).toEqual([]);
    expect(await search('path:weather battery cold')).toMatchObject([
      { id: 'p:weather.md#cold-snaps', partial: true, matchedTerms: ['cold', 'path:weather'] },
    ]);
  });

  it('are found beside groups, even one no row holds', async () => {
    // A group's bm25 ceiling is unknown: a second group, or a group nothing holds, made the
    // partial source's bound NaN, and the topic had no partial match at all.
    const ids = async (q: string) => (await search(q)).map((r) => [r.id, r.partial]);
    const missing = await ids('calibrate gauge zzqqxx');
    expect(missing).toEqual([
      ['p:gauge.md', true],
      ['p:log.md#field-log', true],
    ]);
    expect(await ids('calibrate gauge (zzqqxx OR yyqq)')).toEqual(missing);
    expect(await ids('(calibrate OR measure) (battery OR zzqq)')).toEqual([
      ['p:log.md#field-log', false],
      ['p:winter.md#winter-mode', false],
      ['p:gauge.md#rain-gauge', true],
    ]);
  });

  it('are found beside a word no row holds, however common the others are', () => {
    // Over a cap of one row, "cold" (two rows) is common; "zzqqxx" is in no row. Listed in its
    // place, it found nothing ('vector zzqqxx', 'vector push_ba' on msdocs-cpp): now the common
    // word's rows naming it in their title are candidates, as when every word is common.
    const ids = (q: string) => idsRanked(q, { commonRows: 1 });
    expect(ids('cold zzqqxx')).toEqual(['p:weather.md#cold-snaps']);
    expect(ids('cold (zzqqxx OR yyqq)')).toEqual(['p:weather.md#cold-snaps']);
    // A phrase no row holds, though each of its words is somewhere ("battery monday").
    expect(ids('cold battery_monday')).toEqual(['p:weather.md#cold-snaps']);
  });

  it('look up common words only among the rows of rarer ones', () => {
    // Over a cap of one row, "battery" and "cold" (two rows each) are common: only the rows of
    // "monday" are candidates (their top rows left out); with the default cap, the section
    // holding the other two is too.
    const ids = (ranking: Partial<RankingOptions>) => idsRanked('battery monday cold', ranking);
    expect(ids({ commonRows: 1, commonTopRows: 0 })).toEqual(['p:log.md#field-log']);
    expect(ids({})).toEqual([
      'p:log.md#field-log',
      'p:winter.md#winter-mode',
      'p:weather.md#cold-snaps',
    ]);
  });

  it('take the rows naming the rarest common word in their heading, beside rarer words', () => {
    // Over a cap of one row, "cold" (two rows) is the rarest common word ("battery" has as many
    // and comes after it): the section titled "Cold snaps" is a candidate although it holds
    // neither "monday" nor "battery" — unless the common word is held by more than `titleListRows`.
    const ids = (ranking: Partial<RankingOptions>) => idsRanked('monday cold battery', ranking);
    const rule = { commonRows: 1, commonTopRows: 0 };
    expect(ids(rule)).toEqual(['p:log.md#field-log', 'p:weather.md#cold-snaps']);
    expect(ids({ ...rule, titleListRows: 1 })).toEqual(['p:log.md#field-log']);
  });

  it("take the top rows of the rarest common words, scored with the query's other words", () => {
    // Over a cap of one row, "cold" and "battery" (two rows each) are common, and the title rule
    // is off: their best rows by their own bm25 are candidates; "Winter mode" holds both.
    const ids = (ranking: Partial<RankingOptions>) =>
      idsRanked('monday cold battery', { commonRows: 1, titleListRows: 1, ...ranking });
    const all = ['p:log.md#field-log', 'p:winter.md#winter-mode', 'p:weather.md#cold-snaps'];
    expect(ids({})).toEqual(all);
    // "Cold snaps" names "cold" in its heading: its best row.
    expect(ids({ commonTopRows: 1, commonTopWords: 1 })).toEqual([
      'p:log.md#field-log',
      'p:weather.md#cold-snaps',
    ]);
    // A top row holding only its own word has that word's bm25 estimate, as any row holding
    // a common word has: it is marked so without looking the word up among its own top rows.
    const snaps = searchRanked('monday cold battery', {
      commonRows: 1,
      titleListRows: 1,
      commonTopRows: 1,
      commonTopWords: 1,
    }).find((r) => r.id === 'p:weather.md#cold-snaps');
    expect(snaps).toMatchObject({ partial: true, matchedTerms: ['cold'] });
    expect(snaps!.score).toBeGreaterThan(0);
    // Only words held by at most `commonTopMaxRows` rows lend rows.
    expect(ids({ commonTopMaxRows: 1 })).toEqual(['p:log.md#field-log']);
    expect(ids({ commonTopRows: 0 })).toEqual(['p:log.md#field-log']);
  });
});

describe('partial matches of prefixes', () => {
  // "al*" and "be*" are each held by more than half the sections; "Beacons" names "be*" in its
  // title and holds no "al*" word. Every form common (as on a large vault), the partial source
  // read the rarest, "be*", in its title, where its idf is that of the few titles holding it,
  // while FTS5's idf of a prefix held by most rows is near 0 in every full match: 'a* b*' on
  // msdocs-cpp gave ten partial results, none holding "a*", above sections holding both.
  const NOTES: Record<string, string> = {
    'bears.md': '# Alpine bears\n\nAlpine bears bed down in alder thickets all winter.\n',
    'beetles.md': '# Alder beetles\n\nBeetles bore into alder bark along the creek.\n',
    'album.md': '# Album of berries\n\nBerries, all labelled and pressed.\n',
    'beacons.md': '# Beacons\n\n## Keepers\n\nKeepers light the lamp at dusk.\n',
    ...Object.fromEntries(
      ['rivers', 'lakes', 'hills', 'roads', 'fields'].map((place) => [
        `${place}.md`,
        `# ${place}\n\nIt has been raining all day on the ${place}.\n`,
      ]),
    ),
    ...Object.fromEntries(
      ['ponds', 'woods', 'meadows', 'caves', 'dunes'].map((place) => [
        `${place}.md`,
        `# ${place}\n\nFoxes also roam the ${place}.\n`,
      ]),
    ),
  };
  const prefixes = vaultEngine(() => {
    const root = tempDir();
    for (const [name, text] of Object.entries(NOTES)) writeFileSync(join(root, name), text);
    return root;
  }, 'x');
  const allCommon = { commonRows: 0, commonTopRows: 0, titleListRows: 0 };
  const searchAllCommon = (q: string) => {
    const internals = engineInternals(prefixes());
    return new Searcher(internals.reader, { ranking: allCommon }).search(
      { queries: [q] },
      internals.settings(),
      internals.analyzer(),
    ).results;
  };

  it('never rank a section holding one prefix in its title above those holding them all', () => {
    const results = searchAllCommon('al* be*');
    expect(results.length).toBeGreaterThan(3);
    expect(results.filter((r) => r.partial).map((r) => r.id)).toEqual([]);
    expect(results.slice(0, 2).map((r) => r.id)).toEqual(['x:bears.md', 'x:beetles.md']);
  });

  it('credit a common prefix no more than FTS5 gives it in a full match', () => {
    // Of three prefixes, a section holding two is a partial candidate, the one it holds beside
    // the listed "be*" credited a common word's estimate — for "al*", held by most sections, far
    // more than FTS5 gives it in a full match (~0): the five notes holding "al*" and "th*" only
    // (0.34) ranked above the five holding all three in the same words (0.21).
    const ids = searchAllCommon('al* be* th*').map((r) => r.id);
    const at = (place: string) => ids.indexOf(`x:${place}.md#${place}`);
    const whole = ['rivers', 'lakes', 'hills', 'roads', 'fields'].map(at);
    const lacking = ['ponds', 'woods', 'meadows', 'caves', 'dunes'].map(at);
    expect([...whole, ...lacking].every((i) => i >= 0)).toBe(true);
    expect(Math.max(...whole)).toBeLessThan(Math.min(...lacking));
  });
});
