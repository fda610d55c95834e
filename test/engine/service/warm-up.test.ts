// Warming an open index in the background (src-main/engine/service/warm-up.ts,
// search/warm-walk.ts, search/warm-nodes.ts): the warmer works only away from searches, in
// slices, stops when the index changes and starts again later; an engine opened with `warm` holds
// every node, file content and the vocabulary of a small index once warmed, and answers exactly
// as one without it;
// the common words' top rows (search/warm-top-rows.ts) are the ones a plain query then reads.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { NodeWarming } from '../../../src-main/engine/search/warm-nodes.ts';
import { SearchTree } from '../../../src-main/engine/search/tree.ts';
import type { WarmStep } from '../../../src-main/engine/search/warm-walk.ts';
import { IndexWarmer, inTurn } from '../../../src-main/engine/service/warm-up.ts';
import type { Vocabulary } from '../../../src-main/engine/query/fuzzy.ts';
import { VocabularyWarming } from '../../../src-main/engine/search/warm-vocabulary.ts';
import { TopRowsWarming } from '../../../src-main/engine/search/warm-top-rows.ts';
import { rememberedTopRows } from '../../../src-main/engine/search/top-rows.ts';
import { Searcher } from '../../../src-main/engine/search/searcher.ts';
import { RANKING_DEFAULTS } from '../../../src-main/engine/search/ranking.ts';
import { weightParams } from '../../../src-main/engine/search/fts-statements.ts';
import { tempDir } from '../store/temp.ts';

const FIXTURE_VAULT = join(import.meta.dirname, '../../fixtures/search/vault');

/** A warming that answers `script` in turn (then `done`), logging its calls. */
function scripted(script: Array<WarmStep | 'throw'>) {
  const log: string[] = [];
  let at = 0;
  return {
    log,
    warming: {
      restart: () => void log.push('restart'),
      step: (): WarmStep => {
        const next = script[at++] ?? 'done';
        log.push(next);
        if (next === 'throw') throw new Error('database is locked');
        return next;
      },
    },
  };
}

/** Runs `warming` to its end with no search in its way, the index state read from `indexState`. */
async function quietWaitsOf(
  warming: ReturnType<typeof scripted>['warming'],
  indexState: () => number,
) {
  const warmer = new IndexWarmer({ warming, sinceSearch: () => Infinity, indexState, quietMs: 5 });
  warmer.start();
  await warmer.finished();
}

describe('IndexWarmer', () => {
  it('steps until done, then finishes', async () => {
    const { log, warming } = scripted(['more', 'more', 'more']);
    const warmer = new IndexWarmer({ warming, sinceSearch: () => Infinity, sliceMs: 0 });
    warmer.start();
    await warmer.finished();
    expect(log).toEqual(['restart', 'more', 'more', 'more', 'done']);
  });

  it('waits while searches run and until the last one is `afterSearchMs` old', async () => {
    const { log, warming } = scripted(['more']);
    let searchEnded = -Infinity;
    let searching = true;
    const sinceSearch = () => (searching ? 0 : performance.now() - searchEnded);
    const warmer = new IndexWarmer({ warming, sinceSearch, afterSearchMs: 40 });
    warmer.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(log).toEqual(['restart']);
    searching = false;
    searchEnded = performance.now();
    const stepped = warmer.finished().then(() => performance.now() - searchEnded);
    expect(await stepped).toBeGreaterThanOrEqual(35);
    expect(log).toEqual(['restart', 'more', 'done']);
  });

  it('after the index changed (or a step failed) starts again `quietMs` later', async () => {
    const { log, warming } = scripted(['more', 'changed', 'more', 'throw', 'more']);
    const warmer = new IndexWarmer({ warming, sinceSearch: () => Infinity, quietMs: 10 });
    warmer.start();
    await warmer.finished();
    expect(log).toEqual([
      'restart',
      'more',
      'changed',
      'restart',
      'more',
      'throw',
      'restart',
      'more',
      'done',
    ]);
  });

  it('starts again only once the index has stayed unchanged for `quietMs`', async () => {
    const { log, warming } = scripted(['changed', 'more']);
    // The state read when warming stops (1), at the first quiet timer (2: an edit was saved
    // meanwhile), again as the second wait begins (2) and at its timer (2: unchanged).
    const states = [1, 2, 2, 2];
    const indexState = () => {
      log.push('state');
      return states.shift() ?? 2;
    };
    await quietWaitsOf(warming, indexState);
    expect(log).toEqual([
      'restart',
      'changed',
      ...Array(4).fill('state'),
      'restart',
      'more',
      'done',
    ]);
  });

  it('waits on while the index state cannot be read', async () => {
    const { log, warming } = scripted(['changed']);
    let failing = 2;
    const indexState = () => {
      log.push('state');
      if (failing-- > 0) throw new Error('database is locked');
      return 7;
    };
    await quietWaitsOf(warming, indexState);
    expect(log).toEqual(['restart', 'changed', ...Array(4).fill('state'), 'restart', 'done']);
  });

  it('runs warmings in turn, each from its start, and all again after a change', async () => {
    const first = scripted(['more', 'done', 'done']);
    const second = scripted(['changed', 'done']);
    const both = inTurn(first.warming, second.warming);
    const warmer = new IndexWarmer({ warming: both, sinceSearch: () => Infinity, quietMs: 5 });
    warmer.start();
    await warmer.finished();
    expect(first.log).toEqual(['restart', 'more', 'done', 'restart', 'done']);
    expect(second.log).toEqual(['restart', 'changed', 'restart', 'done']);
  });

  it('stops for good when stopped', async () => {
    const { log, warming } = scripted(['more', 'changed']);
    const warmer = new IndexWarmer({ warming, sinceSearch: () => Infinity, quietMs: 5 });
    warmer.start();
    warmer.stop();
    await warmer.finished();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(log).toEqual(['restart']);
  });
});

describe('an engine opened with warm', () => {
  const dbPath = join(tempDir(), 'warm.db');
  let cold: EngineService;
  let warm: EngineService;
  beforeAll(async () => {
    const indexer = await createEngine({
      dbPath,
      vaults: [{ root: FIXTURE_VAULT, name: 'fx' }],
      watch: false,
    });
    await engineInternals(indexer).ready();
    await indexer.close();
    cold = await createEngine({ dbPath, watch: false, readOnly: true });
    warm = await createEngine({ dbPath, watch: false, readOnly: true, warm: true });
  });
  afterAll(async () => {
    await cold?.close();
    await warm?.close();
  });

  it('holds every node once warmed, and answers as an engine without warming', async () => {
    await engineInternals(warm).warmed();
    const reader = engineInternals(warm).reader;
    const nodes = reader.db.prepare('SELECT id FROM nodes').pluck().all() as number[];
    expect(nodes.length).toBeGreaterThan(10);
    const tree = new SearchTree(reader);
    expect(nodes.every((id) => tree.keyOf(id) !== undefined)).toBe(true);
    const stored = reader.db.prepare('SELECT sum(length(content)) FROM files').pluck().get();
    expect(reader.contentBytesHeld).toBe(stored); // the fixture's files are small and raw
    for (const request of [
      { queries: ['ferrule'] },
      { queries: ['wings nest'] },
      { queries: ['heron', 'ferrule'] },
      { queries: ['fer'], typing: true },
      { queries: ['wings ne'], typing: true },
    ]) {
      const [a, b] = [await cold.search(request), await warm.search(request)];
      a.tookMs = b.tookMs = 0;
      expect(b).toEqual(a);
    }
  });

  it('reads the whole vocabulary in batches, as one read gives it', () => {
    const reader = engineInternals(cold).reader;
    let adopted: Vocabulary | undefined;
    const warming = new VocabularyWarming(reader, (vocabulary, version) => {
      expect(version).toBe(reader.version);
      adopted = vocabulary;
    });
    warming.restart();
    let steps = 1;
    while (warming.step() === 'more') steps += 1;
    const whole = reader.vocabulary();
    expect(whole.length).toBeGreaterThan(20);
    expect(steps).toBeGreaterThan(1);
    expect(adopted!.beginning('')).toEqual(whole);
    expect(adopted!.total).toBe(reader.rowCount());
  });

  it('ranks the common words top rows a plain query reads, which answers as without them', () => {
    // The fixture is small: "common" here is held by 5 to 8 rows (msdocs-cpp: 1,001 to 10,000) —
    // "bird" 8, "garden" 6, "heron" 5; "osprey" (3 rows) is listed.
    const options = { ...RANKING_DEFAULTS, commonRows: 4, commonTopMaxRows: 8, commonTopRows: 3 };
    const [coldReader, warmReader] = [cold, warm].map((e) => engineInternals(e).reader);
    const settings = engineInternals(warm).settings();
    const analyzer = engineInternals(warm).analyzer();
    const weights = weightParams(settings.columnWeights, options.contextColumnWeight);
    warmReader!.clearCaches(); // a fresh memo for this reader
    const warming = new TopRowsWarming(warmReader!, () => ({ weights, options }), 2);
    warming.adopt(warmReader!.vocabulary());
    warming.restart();
    const [coldSearcher, warmSearcher] = [coldReader!, warmReader!].map(
      (reader) => new Searcher(reader, { ranking: options }),
    );
    const answers = (searcher: Searcher, query: string) => {
      const answer = searcher.search({ queries: [query] }, settings, analyzer);
      answer.tookMs = 0;
      return answer;
    };
    // The most common words first, one a step, up to the bound; a search between the steps and
    // after them answers as one without warming, and finds a warmed word's rows remembered.
    const steps: WarmStep[] = [];
    for (const word of ['bird', 'garden', 'heron']) {
      steps.push(warming.step());
      const [cold, warmed] = [rememberedTopRows(coldReader!), rememberedTopRows(warmReader!)];
      const query = `osprey ${word}`;
      expect(answers(warmSearcher!, query)).toEqual(answers(coldSearcher!, query));
      expect(answers(warmSearcher!, query).results.length).toBeGreaterThan(0);
      expect(rememberedTopRows(coldReader!)).toBe(cold + 1); // the query ranks the word's top rows
      expect(rememberedTopRows(warmReader!)).toBe(word === 'heron' ? warmed + 1 : warmed);
    }
    expect(steps).toEqual(['more', 'more', 'done']);
    warmReader!.clearCaches(); // what a commit by another connection does at the next read
    expect(warming.step()).toBe('changed');
  });

  it('warms at most its bound, and stops when the index state moved', () => {
    const reader = engineInternals(cold).reader;
    const warming = new NodeWarming(reader, () => engineInternals(cold).analyzer(), 5);
    reader.clearCaches(); // a fresh tree for this reader
    warming.restart();
    const steps: WarmStep[] = [];
    for (let step = warming.step(); steps.push(step) < 10 && step === 'more';) {
      step = warming.step();
    }
    expect(steps).toEqual(['more', 'done']);
    expect(new SearchTree(reader).loadedCount).toBeGreaterThanOrEqual(5);
    reader.clearCaches(); // what a commit by another connection does at the next read
    expect(warming.step()).toBe('changed');
  });
});
