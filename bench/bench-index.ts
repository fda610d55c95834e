// What the in-process search benches share: their index — `FOLIO_BENCH_DB`, or msdocs-cpp
// indexed into a temporary database removed afterwards — and the raw FTS5 query they measure
// Folio against, `cli bench`'s (every word, AND, ranked by bm25 with the column weights, LIMIT 20,
// on the engine's own connection; docs/benchmarks.md#search).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineService } from '#shared/contract/engine.ts';
import { main } from '../src-main/cli/bin.ts';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';
import { compileQuery, matchExpression } from '../src-main/engine/query/compile.ts';
import { parseQuery } from '../src-main/engine/query/parse.ts';
import { weightParams } from '../src-main/engine/search/fts-statements.ts';
import { RANKING_DEFAULTS } from '../src-main/engine/search/ranking.ts';
import { corpusDir } from '../test/support/corpora.ts';

const io = { stdout: process.stdout, stderr: process.stderr, signal: new AbortController().signal };

/** Runs `work` on a read-only engine of the bench's index (`name` names its temporary folder). */
export async function withBenchIndex(
  name: string,
  work: (engine: EngineService) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `folio-${name}-`));
  try {
    const db = process.env.FOLIO_BENCH_DB ?? join(dir, 'bench.db');
    if (!process.env.FOLIO_BENCH_DB) {
      if ((await main(['index', '--db', db, corpusDir('msdocs-cpp')], io)) !== 0) process.exit(1);
    }
    const engine = await createEngine({ dbPath: db, readOnly: true, watch: false });
    try {
      await engineInternals(engine).ready();
      await work(engine);
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each query's raw FTS5 query on `engine`'s index, to run and time (null: no word to match). */
export function rawQueries(
  engine: EngineService,
  queries: string[],
): Array<(() => unknown) | null> {
  const internals = engineInternals(engine);
  const raw = internals.reader.db.prepare(
    'SELECT rowid, bm25(fts, ?, ?, ?, ?, ?, ?) AS rank FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT 20',
  );
  const weights = weightParams(
    internals.settings().columnWeights,
    RANKING_DEFAULTS.contextColumnWeight,
  );
  return queries.map((q) => {
    const expr = matchExpression(compileQuery(parseQuery(q), internals.analyzer()));
    return expr ? () => raw.all(...weights, expr) : null;
  });
}
