// Search benchmark (issue 3): indexes msdocs-cpp into a temporary database, then runs `cli bench`
// on it with bench/queries-msdocs-cpp.json: the full search (parse, FTS5, merge, snippets)
// against a raw FTS5 `MATCH … ORDER BY bm25(…) LIMIT 20` of the same terms, same connection.
// Then the SQL floor (`search-floor.ts`): what the ranked query of
// docs/design.md#hierarchical-merging alone costs.
//   npm run bench -- search            (FOLIO_BENCH_CORPUS / FOLIO_BENCH_QUERIES to change them)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src-main/cli/bin.ts';
import { corpusDir } from '../test/support/corpora.ts';
import { measureSqlFloor } from './search-floor.ts';

const corpus = process.env.FOLIO_BENCH_CORPUS ?? corpusDir('msdocs-cpp');
const queries =
  process.env.FOLIO_BENCH_QUERIES ?? join(import.meta.dirname, 'queries-msdocs-cpp.json');
const io = { stdout: process.stdout, stderr: process.stderr, signal: new AbortController().signal };

const dir = mkdtempSync(join(tmpdir(), 'folio-search-bench-'));
const db = join(dir, 'bench.db');
try {
  if ((await main(['index', '--db', db, corpus], io)) !== 0) process.exit(1);
  const status = await main(['bench', '--db', db, '--queries', queries, '--rounds', '5'], io);
  process.exitCode = status;
  if (status === 0) await measureSqlFloor(db, queries);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
