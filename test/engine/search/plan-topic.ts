// One query planned as a topic on an engine's index, as a search plans it (search/topic.ts), with
// what reading its candidate sources needs (search/candidate-sources.ts), for tests of both.
import type { EngineService } from '#shared/contract/engine.ts';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import { Vocabulary } from '../../../src-main/engine/query/fuzzy.ts';
import { countRows, weightParams } from '../../../src-main/engine/search/fts-statements.ts';
import { RANKING_DEFAULTS, type RankingOptions } from '../../../src-main/engine/search/ranking.ts';
import { TopicRanking } from '../../../src-main/engine/search/topic-ranking.ts';
import { ONLY_QUERY, planTopic } from '../../../src-main/engine/search/topic.ts';
import { SearchTree } from '../../../src-main/engine/search/tree.ts';

/** The topic of `q` and its sources' context; `counted`: the expressions counted in FTS5. */
export function planOn(
  engine: EngineService,
  q: string,
  typing: boolean,
  options: RankingOptions = RANKING_DEFAULTS,
) {
  const internals = engineInternals(engine);
  const { reader } = internals;
  const vocabulary = new Vocabulary(reader.vocabulary(), reader.rowCount());
  const counted: string[] = [];
  const topic = planTopic(q, ONLY_QUERY, {
    analyzer: internals.analyzer(),
    vocabulary,
    vaults: reader.vaults(),
    options,
    fuzzy: true,
    typing,
    countRows: (expr: string, cap: number) => (counted.push(expr), countRows(reader, expr, cap)),
  });
  const weights = weightParams(internals.settings().columnWeights, 0);
  return { topic, counted, context: { reader, options, weights, total: vocabulary.total } };
}

/**
 * `q`'s topic ranked as a search ranks it (no boosts), a fresh ranking at each call; `typing`: its
 * last word being typed; `strict`: full matches only.
 */
export function rankingOn(
  engine: EngineService,
  q: string,
  options: RankingOptions = RANKING_DEFAULTS,
  typing = false,
  strict = false,
): () => TopicRanking {
  const internals = engineInternals(engine);
  const { topic, context } = planOn(engine, q, typing, options);
  return () =>
    new TopicRanking(topic, {
      ...context,
      tree: new SearchTree(context.reader),
      analyzer: internals.analyzer(),
      strict,
      boostOf: () => 1,
      boostMax: 1,
    });
}
