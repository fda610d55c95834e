// Indexing benchmark (issue 3): a full index of msdocs-cpp (parsing included), then the same
// vault again unchanged (it must do no work), the database size against the source bytes, and
// the peak memory of this process (the index worker thread included). Times are wall-clock and
// CPU time of the whole process (every thread): on a shared machine compare CPU times.
//   npm run bench -- index            (FOLIO_BENCH_CORPUS=path to use another folder)
import { readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';
import { corpusDir } from '../test/support/corpora.ts';

const corpus = process.env.FOLIO_BENCH_CORPUS ?? corpusDir('msdocs-cpp');

function sourceBytes(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(md|markdown|mdx|txt)$/i.test(entry.name)) {
      files++;
      bytes += statSync(join(entry.parentPath, entry.name)).size;
    }
  }
  return { files, bytes };
}

async function indexOnce(dbPath: string) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const engine = await createEngine({ dbPath, watch: false });
  const known = (await engine.listVaults())[0];
  if (known) await engine.reindexVault({ name: known.name });
  else await engineInternals(engine).indexed((await engine.addVault({ root: corpus })).name);
  const name = (await engine.listVaults())[0]!.name;
  const summary = engineInternals(engine).summary(name)!;
  await engine.close();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, summary };
}

const dir = mkdtempSync(join(tmpdir(), 'folio-index-bench-'));
const dbPath = join(dir, 'bench.db');
try {
  const source = sourceBytes(corpus);
  const first = await indexOnce(dbPath);
  const second = await indexOnce(dbPath);
  const db = new Database(dbPath);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const dbBytes = statSync(dbPath).size;
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  console.log(`corpus: ${corpus} (${source.files} files, ${mb(source.bytes)})`);
  console.log(
    `full index: ${(first.ms / 1000).toFixed(2)} s, CPU ${(first.cpuMs / 1000).toFixed(2)} s (${first.summary.added} added, ${first.summary.errors} errors)`,
  );
  console.log(
    `second run, unchanged: ${(second.ms / 1000).toFixed(2)} s — ${second.summary.added} added, ${second.summary.modified} modified, ${second.summary.removed} removed, ${second.summary.touched} re-hashed, ${second.summary.unchanged} unchanged`,
  );
  console.log(
    `database: ${mb(dbBytes)} = ${(dbBytes / source.bytes).toFixed(2)} × the source bytes`,
  );
  console.log(`peak memory (RSS): ${mb(process.resourceUsage().maxRSS * 1024)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
