// Where a search's time goes, against the raw FTS5 query of `cli bench`: its topic, candidate and
// score stages alone (every FTS5 query it runs and every candidate it scores, without merging or
// building results) for the same queries. What is left of a ratio's budget after them is what
// merging and 20 results with snippets may spend.
import { readFileSync } from 'node:fs';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';
import { Vocabulary } from '../src-main/engine/query/fuzzy.ts';
import { compileQuery, matchExpression } from '../src-main/engine/query/compile.ts';
import { parseQuery } from '../src-main/engine/query/parse.ts';
import { TopicRanking } from '../src-main/engine/search/topic-ranking.ts';
import { SearchTree } from '../src-main/engine/search/tree.ts';
import { countRows, weightParams } from '../src-main/engine/search/fts-statements.ts';
import { RANKING_DEFAULTS } from '../src-main/engine/search/ranking.ts';
import { ONLY_QUERY, planTopic } from '../src-main/engine/search/topic.ts';
import { median } from '../src-main/cli/stats.ts';

const ROUNDS = 5;
const LIMIT = 20;

/** The raw FTS5 query and a search's topic, candidate and score stages, per query. */
function sides(internals: ReturnType<typeof engineInternals>) {
  const { reader } = internals;
  const analyzer = internals.analyzer();
  const vocabulary = new Vocabulary(reader.vocabulary(), reader.rowCount());
  const planning = {
    analyzer,
    vocabulary,
    vaults: reader.vaults(),
    options: RANKING_DEFAULTS,
    fuzzy: true,
    countRows: (expr: string, cap: number) => countRows(reader, expr, cap),
  };
  const weights = weightParams(
    internals.settings().columnWeights,
    RANKING_DEFAULTS.contextColumnWeight,
  );
  const raw = reader.db.prepare(
    'SELECT rowid, bm25(fts, ?, ?, ?, ?, ?, ?) AS rank FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT 20',
  );
  return {
    expression: (q: string) => matchExpression(compileQuery(parseQuery(q), analyzer)),
    raw: (c: { expr: string }) => raw.all(...weights, c.expr),
    stages: (c: { q: string }) => {
      const topic = planTopic(c.q, ONLY_QUERY, planning);
      const context = {
        reader,
        tree: new SearchTree(reader),
        analyzer,
        options: RANKING_DEFAULTS,
        weights,
        total: vocabulary.total,
        strict: false,
        boostOf: () => 1,
        boostMax: 1,
      };
      return new TopicRanking(topic, context).top(LIMIT * RANKING_DEFAULTS.rawPerResult);
    },
  };
}

/** Prints the p50 of the raw query and of a search's first three stages for `queriesFile`. */
export async function measureSqlFloor(db: string, queriesFile: string): Promise<void> {
  const engine = await createEngine({ dbPath: db, watch: false });
  try {
    const internals = engineInternals(engine);
    await internals.ready();
    const run = sides(internals);
    const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as string[];
    const cases = queries.flatMap((q) => {
      const expr = run.expression(q);
      return expr ? [{ q, expr }] : [];
    });
    const samples = { raw: [] as number[], stages: [] as number[] };
    for (let round = 0; round <= ROUNDS; round++) {
      for (const c of cases) {
        for (const side of ['raw', 'stages'] as const) {
          const started = performance.now();
          run[side](c);
          if (round > 0) samples[side].push(performance.now() - started);
        }
      }
    }
    const rawP50 = median(samples.raw);
    const stageP50 = median(samples.stages);
    console.log(
      `Stages: raw FTS5 LIMIT 20 p50 ${rawP50.toFixed(3)} ms; a search's topic, candidate and ` +
        `score stages p50 ${stageP50.toFixed(3)} ms (${(stageP50 / rawP50).toFixed(2)}×)`,
    );
  } finally {
    await engine.close();
  }
}
