// The part of a search that docs/design.md#hierarchical-merging fixes in SQL, timed against the raw
// FTS5 query of `cli bench`: the same terms fetched as N = 10 × limit raw matches
// (docs/design.md#hierarchical-merging) through the engine's own ranked statement (which also says
// where the words are). What is left of issue 3's 1.5× budget after it is all the JavaScript may
// spend: parsing, tiers, merging and 20 results with snippets.
import { readFileSync } from 'node:fs';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';
import { compileQuery, matchExpression } from '../src-main/engine/query/compile.ts';
import { parseQuery } from '../src-main/engine/query/parse.ts';
import { matchStatement, weightParams } from '../src-main/engine/search/match-statement.ts';
import { ENGINE_DEFAULTS } from '../src-main/engine/settings/settings.ts';

const LIMIT = 20;
const ROUNDS = 5;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Prints the p50 of the raw query and of the engine's SQL for the queries of `queriesFile`. */
export async function measureSqlFloor(db: string, queriesFile: string): Promise<void> {
  const engine = await createEngine({ dbPath: db, watch: false });
  try {
    const internals = engineInternals(engine);
    await internals.ready();
    const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as string[];
    const expressions = queries
      .map((q) => matchExpression(compileQuery(parseQuery(q), internals.analyzer())))
      .filter((expr) => expr !== null);
    const weights = weightParams(internals.settings().columnWeights, ENGINE_DEFAULTS.contextWeight);
    const raw = internals.reader.db.prepare(
      'SELECT rowid, bm25(fts, ?, ?, ?, ?, ?, ?) AS rank FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT 20',
    );
    const engineSql = matchStatement(internals.reader, {
      rangeCount: 0,
      excludeCount: 0,
      boostCount: 0,
    });
    const sides = {
      raw: (expr: string) => raw.all(...weights, expr),
      engine: (expr: string) => engineSql.all(...weights, expr, LIMIT * 10),
    };
    const samples = { raw: [] as number[], engine: [] as number[] };
    for (let round = 0; round <= ROUNDS; round++) {
      for (const expr of expressions) {
        for (const side of ['raw', 'engine'] as const) {
          const started = performance.now();
          sides[side](expr);
          if (round > 0) samples[side].push(performance.now() - started);
        }
      }
    }
    const rawP50 = median(samples.raw);
    const engineP50 = median(samples.engine);
    console.log(
      `SQL floor: raw FTS5 LIMIT 20 p50 ${rawP50.toFixed(3)} ms; the engine's ranked query of ` +
        `N = ${LIMIT * 10} raw matches p50 ${engineP50.toFixed(3)} ms (${(engineP50 / rawP50).toFixed(2)}×); ` +
        `a 1.5× p50 leaves ${(1.5 * rawP50 - engineP50).toFixed(3)} ms for everything else`,
    );
  } finally {
    await engine.close();
  }
}
