// The watch storm shared by test/cli/watch-storm.test.ts and scripts/watch-storms.ts: 1,000 real
// file operations (edits, renames, deletes, new files, folder moves, atomic saves) on a vault of
// 150 notes while `cli watch` runs, then a clean `cli index` of the same folder to compare with.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../support/cli-main.ts';
import { listDocuments, READY_TIMEOUT_MS, startWatch, type WatchEvent } from './cli-process.ts';

/** A seeded generator of numbers in [0, 1): a failing storm is replayed from its seed. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function write(root: string, path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/**
 * One random operation on the vault; `files` (its notes, vault-relative) follows it, so no
 * operation lists the folder again (1,000 listings cost 1.5 s of CPU, more than the rest of the
 * test's own work).
 */
function operate(root: string, files: string[], next: () => number, op: number): void {
  const index = Math.floor(next() * files.length);
  const folder = `f${Math.floor(next() * 6)}`;
  const roll = next();
  const target = files[index];
  if (roll < 0.35 && target) write(root, target, `# Edit ${op}\n\nstormword${op}\n`);
  else if (roll < 0.55 && target) {
    mkdirSync(join(root, folder), { recursive: true });
    renameSync(join(root, target), join(root, folder, `renamed-${op}.md`));
    files[index] = `${folder}/renamed-${op}.md`;
  } else if (roll < 0.7 && target) {
    rmSync(join(root, target));
    files.splice(index, 1);
  } else if (roll < 0.85) {
    write(root, `${folder}/new-${op}.md`, `# New ${op}\n\n## Part\n\ntext ${op}\n`);
    files.push(`${folder}/new-${op}.md`);
  } else if (roll < 0.93 && target) {
    write(root, `${target}.tmp`, `# Atomic ${op}\n`); // temp file + rename over the original
    renameSync(join(root, `${target}.tmp`), join(root, target));
  } else if (existsSync(join(root, folder))) {
    renameSync(join(root, folder), join(root, `${folder}-moved-${op}`));
    const moved = (path: string) => `${folder}-moved-${op}${path.slice(folder.length)}`;
    files.forEach((path, i) => path.startsWith(`${folder}/`) && (files[i] = moved(path)));
  }
}

/** The notes under `root` (vault-relative, sorted): what the storm's list must hold. */
function listed(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .map((path) => path.split('\\').join('/'))
    .filter((path) => path.endsWith('.md'))
    .sort();
}

/** The events and the storm's steps in time order, in ms from the first operation. */
function timeline(
  events: WatchEvent[],
  times: number[],
  steps: Array<{ at: number; step: string }>,
) {
  const start = steps[0]?.at ?? 0;
  const all = [
    ...events.map((event, i) => ({ at: times[i]!, event: event as WatchEvent | string })),
    ...steps.map((s) => ({ at: s.at, event: s.step })),
  ].sort((a, b) => a.at - b.at);
  return all.map((e) => ({ ms: Math.round(e.at - start), event: e.event }));
}

/** What one storm left: the watched index and a clean one of the same folder (`cli ls --json`). */
export interface StormOutcome {
  seed: number;
  /** Exit status of `cli watch` after SIGTERM. */
  watchStatus: number | null;
  /** Exit status of the clean `cli index`. */
  indexStatus: number | null;
  live: unknown;
  clean: unknown;
  /** The `error` events `watch` printed. */
  errors: WatchEvent[];
  /**
   * What happened, for a storm that differs: each event of `watch` and the storm's own steps
   * (`sentinel written`, `SIGTERM`…), with its time in ms from the first operation; and what
   * `watch` wrote on stderr.
   */
  timeline: Array<{ ms: number; event: WatchEvent | string }>;
  stderr: string;
}

/**
 * Runs one storm in `dir` (a fresh folder): `watch` over a vault of 150 notes, 1,000 operations,
 * a sentinel note written last and reported, `idle` as the latest event for 1.5 s, SIGTERM; then
 * `index` of the same folder into a clean database. `timeoutMs`: how long `ready`, the sentinel
 * and `idle` are waited for (the tests' default; longer on a machine loaded on purpose).
 */
export async function watchStorm(
  dir: string,
  seed: number,
  timeoutMs?: number,
): Promise<StormOutcome> {
  const next = random(seed);
  const root = join(dir, 'vault');
  const files = Array.from({ length: 150 }, (_, i) => `f${i % 6}/note-${i}.md`);
  files.forEach((path, i) => write(root, path, `# Note ${i}\n\nbody ${i}\n`));
  const db = join(dir, 'storm.db');
  const watch = startWatch(db, [`${root}=storm`]);
  const steps: Array<{ at: number; step: string }> = [];
  const step = (name: string) => steps.push({ at: performance.now(), step: name });
  try {
    await watch.next((e) => e.event === 'ready', 'ready', true, timeoutMs ?? READY_TIMEOUT_MS);
    step('operations');
    for (let op = 0; op < 1000; op++) {
      operate(root, files, next, op);
      if (op % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const notes = listed(root);
    if (notes.join() !== [...files].sort().join())
      throw new Error(
        `the storm lost track of its notes: ${notes.length} on disk, ${files.length} listed`,
      );
    // Everything before the sentinel was reported before it; then `watch` must say it caught up
    // (a restart's whole reconcile can come seconds after the sentinel on a loaded machine).
    step('sentinel written');
    write(root, 'sentinel.md', '# Sentinel\n');
    const sentinel = (e: WatchEvent) => e.event === 'indexed' && e.path === 'sentinel.md';
    await watch.next(sentinel, 'the sentinel', false, timeoutMs);
    await watch.caughtUp(1500, timeoutMs);
  } finally {
    step('SIGTERM');
    watch.child.kill('SIGTERM');
  }
  const exited = await watch.exit;
  step(`exited ${exited.status ?? exited.signal}`);
  const clean = join(dir, 'clean.db');
  // The clean index in this process: the same main() as `cli index`, without starting Node.
  const indexStatus = (await cli('index', '--db', clean, `${root}=storm`)).status;
  return {
    seed,
    watchStatus: exited.status,
    indexStatus,
    live: await listDocuments(db),
    clean: await listDocuments(clean),
    errors: watch.events.filter((e) => e.event === 'error'),
    timeline: timeline(watch.events, watch.times, steps),
    stderr: exited.stderr,
  };
}
