// Runs the watch storm of test/cli/watch-storm.test.ts many times, optionally beside processes
// spinning the CPU, and tallies how many ended equal to a clean index (docs/testing.md#watch-storms).
//
//   nice -n 10 npx node --experimental-strip-types scripts/watch-storms.ts --runs 50 --hogs 1
//
// Prints one JSON line per storm (seed, seconds, load average, documents, missing and extra
// document ids, error events), then `storms: N, equal: N, different: N, failed: N`. A storm that
// differs keeps its folder (vault, both databases, the timeline of `watch`'s events and the
// storm's steps, `watch`'s stderr) under --keep for replay from its seed.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { watchStorm } from '../test/engine/live/storm.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    hogs: { type: 'string', default: '0' },
    seed: { type: 'string' },
    keep: { type: 'string', default: join(tmpdir(), 'folio-storms-kept') },
  },
});
const runs = Number(values.runs);
const hogCount = Number(values.hogs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs ${values.runs}: a whole number ≥ 1`);
if (!Number.isInteger(hogCount) || hogCount < 0) throw new Error(`--hogs ${values.hogs}: ≥ 0`);

/** Documents (`cli ls --json` records) of `a` that `b` lacks, by id. */
function lacking(a: unknown, b: unknown): string[] {
  const docs = (list: unknown) => (list as { documents: Array<{ docId: string }> }).documents;
  const held = new Set(docs(b).map((d) => JSON.stringify(d)));
  return docs(a)
    .filter((d) => !held.has(JSON.stringify(d)))
    .map((d) => d.docId);
}

// Each hog also ends once this script is gone however it went (its parent changes): killed by
// SIGKILL, or by a closed pipe (`… | head`), a hog spun on for good.
const HOG =
  'const p = process.ppid; for (let i = 1; ; i++) if (i % 2 ** 27 === 0 && process.ppid !== p) break;';
const hogs: ChildProcess[] = Array.from({ length: hogCount }, () =>
  spawn(process.execPath, ['-e', HOG], { stdio: 'ignore' }),
);
// Stopped early (Ctrl-C, kill): the spinning processes must not outlive the script.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const hog of hogs) hog.kill();
    process.exit(130);
  });
}
const tally = { storms: 0, equal: 0, different: 0, failed: 0 };
try {
  for (let run = 0; run < runs; run++) {
    const seed = values.seed ? Number(values.seed) + run : Date.now() % 100_000;
    const dir = mkdtempSync(join(tmpdir(), 'folio-storms-'));
    const started = performance.now();
    tally.storms++;
    try {
      const outcome = await watchStorm(dir, seed, 300_000);
      const missing = lacking(outcome.clean, outcome.live);
      const extra = lacking(outcome.live, outcome.clean);
      const ok =
        missing.length === 0 &&
        extra.length === 0 &&
        outcome.errors.length === 0 &&
        outcome.watchStatus === 0 &&
        outcome.indexStatus === 0;
      if (ok) tally.equal++;
      else tally.different++;
      const docs = (outcome.clean as { documents: unknown[] }).documents.length;
      const secs = Math.round((performance.now() - started) / 1000);
      const load = +loadavg()[0]!.toFixed(1); // the last minute's, as the storm ends
      const line = { run, seed, secs, load, docs, missing, extra };
      console.log(JSON.stringify({ ...line, errors: outcome.errors, status: outcome.watchStatus }));
      if (!ok) {
        const kept = join(values.keep, String(seed));
        cpSync(dir, kept, { recursive: true });
        const lines = outcome.timeline.map((e) => JSON.stringify(e)).join('\n');
        writeFileSync(join(kept, 'timeline.jsonl'), `${lines}\n`);
        writeFileSync(join(kept, 'watch.stderr'), outcome.stderr);
      }
    } catch (error) {
      tally.failed++;
      console.log(JSON.stringify({ run, seed, failed: String(error) }));
      cpSync(dir, join(values.keep, String(seed)), { recursive: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  for (const hog of hogs) hog.kill();
}
console.log(
  `storms: ${tally.storms}, equal: ${tally.equal}, different: ${tally.different}, failed: ${tally.failed}`,
);
process.exitCode = tally.equal === tally.storms ? 0 : 1;
