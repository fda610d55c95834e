// The search-quality regression test: each committed labelled set is run through the real engine
// on a temporary index of its vault (one index per vault), with and without partial matches;
// MRR@10 and recall@10 must stay at or above the floors measured when they were set (a little
// below the numbers reached). Raise a floor when a ranking change lifts its metric; never lower
// one to let a change through — that is what the evaluation is for. The held-out msdocs-cpp set
// was written by someone who never saw the ranking work; it guards against tuning to the others.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../src-main/engine/create-engine.ts';
import { runEval } from '../../src-main/engine/eval/run-eval.ts';
import { loadSet, QUERY_SETS } from './query-sets.ts';

/** Metrics a set must keep, per mode. */
interface Floors {
  mrr10: number;
  recall10: number;
}

// Each floor is the value `cli eval` measured when it was last raised, less about 0.02; the
// measurements and their history are in docs/search-quality.md.
const f = (mrr10: number, recall10: number): Floors => ({ mrr10, recall10 });
const FLOORS: Record<string, { partial: Floors; strict: Floors }> = {
  'rust-book.queries.json': { partial: f(0.89, 0.98), strict: f(0.73, 0.78) },
  'dendron-vault.queries.json': { partial: f(0.77, 0.89), strict: f(0.51, 0.57) },
  'sample-vault.queries.json': { partial: f(0.87, 0.98), strict: f(0.59, 0.59) },
  'msdocs-cpp.queries.json': { partial: f(0.86, 0.95), strict: f(0.7, 0.76) },
  'msdocs-cpp-heldout.queries.json': { partial: f(0.7, 0.83), strict: f(0.42, 0.48) },
  'msdocs-cpp-questions.queries.json': { partial: f(0.42, 0.59), strict: f(0.29, 0.37) },
  'msdocs-cpp-questions-heldout.queries.json': { partial: f(0.48, 0.63), strict: f(0.24, 0.3) },
  'dendron-questions.queries.json': { partial: f(0.66, 0.78), strict: f(0.46, 0.46) },
  'dendron-questions-heldout.queries.json': { partial: f(0.64, 0.88), strict: f(0.27, 0.28) },
  'rust-book-questions.queries.json': { partial: f(0.75, 0.95), strict: f(0.53, 0.58) },
  'rust-book-questions-heldout.queries.json': { partial: f(0.78, 0.98), strict: f(0.49, 0.53) },
};

const dir = mkdtempSync(join(tmpdir(), 'folio-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The committed sets that have floors. A new labelled set gets its floors from the ranking work
 * that first measures it (docs/labelled-sets.md); until then labels.test.ts checks its labels.
 */
const FLOORED = QUERY_SETS.filter((set) => set.file in FLOORS);

/** The floored sets grouped by the vault they label, so that each vault is indexed once. */
const VAULTS = [...new Set(FLOORED.map((set) => set.vault))].map((vault) => ({
  vault,
  sets: FLOORED.filter((set) => set.vault === vault),
}));

describe.each(VAULTS)('vault $vault', ({ vault, sets }) => {
  let engine: EngineService;

  beforeAll(async () => {
    engine = await createEngine({
      dbPath: join(dir, `${vault}.db`),
      vaults: [{ root: sets[0]!.root, name: vault }],
      watch: false,
    });
    await engineInternals(engine).indexed(vault);
  }, 300_000); // msdocs-cpp: 9,700 files (minutes on a busy 2-core machine)

  afterAll(async () => {
    await engine?.close();
  });

  describe.each(sets)('$file', (committed) => {
    const set = loadSet(committed);
    const floors = FLOORS[committed.file]!;

    it.each([
      ['partial matches', false],
      ['strict AND', true],
    ] as const)(
      'keeps its quality with %s',
      async (_mode, strict) => {
        const { report, warnings } = await runEval(engine, set, { vault, limit: 20, strict });
        expect(warnings).toEqual([]);
        expect(report.queries).toBe(set.queries.length);
        const floor = strict ? floors.strict : floors.partial;
        // On failure the message lists the misses, which is where the analysis starts.
        const misses = report.misses.map((miss) => `${miss.q} → ${miss.expected}`).join('\n');
        expect(
          report.mrr10,
          `MRR@10 below ${floor.mrr10}; misses:\n${misses}`,
        ).toBeGreaterThanOrEqual(floor.mrr10);
        expect(
          report.recall10,
          `recall@10 below ${floor.recall10}; misses:\n${misses}`,
        ).toBeGreaterThanOrEqual(floor.recall10);
      },
      120_000,
    ); // a set of questions on msdocs-cpp: ~30 s on a busy 2-core machine
  });
});
