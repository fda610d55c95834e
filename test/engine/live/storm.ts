// The watch storm shared by test/cli/watch-storm.test.ts and scripts/watch-storms.ts: 1,000 real
// file operations (edits, renames, deletes, new files, folder moves, atomic saves) on a vault of
// 150 notes while `cli watch` runs, then a clean `cli index` of the same folder to compare with.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listDocuments, runCli, startWatch, type WatchEvent } from './cli-process.ts';

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

/** The markdown files under `root` (relative paths), to pick operation targets from. */
function files(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .map((path) => path.split('\\').join('/'))
    .filter((path) => path.endsWith('.md'));
}

/** One random operation on the vault. */
function operate(root: string, next: () => number, op: number): void {
  const existing = files(root);
  const pick = () => existing[Math.floor(next() * existing.length)];
  const folder = `f${Math.floor(next() * 6)}`;
  const roll = next();
  const target = pick();
  if (roll < 0.35 && target) write(root, target, `# Edit ${op}\n\nstormword${op}\n`);
  else if (roll < 0.55 && target) {
    mkdirSync(join(root, folder), { recursive: true });
    renameSync(join(root, target), join(root, folder, `renamed-${op}.md`));
  } else if (roll < 0.7 && target) rmSync(join(root, target));
  else if (roll < 0.85)
    write(root, `${folder}/new-${op}.md`, `# New ${op}\n\n## Part\n\ntext ${op}\n`);
  else if (roll < 0.93 && target) {
    write(root, `${target}.tmp`, `# Atomic ${op}\n`); // temp file + rename over the original
    renameSync(join(root, `${target}.tmp`), join(root, target));
  } else if (existsSync(join(root, folder))) {
    renameSync(join(root, folder), join(root, `${folder}-moved-${op}`));
  }
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
}

/**
 * Runs one storm in `dir` (a fresh folder): `watch` over a vault of 150 notes, 1,000 operations,
 * a sentinel note written last and reported, 1.5 s without events, SIGTERM; then `index` of the
 * same folder into a clean database. `timeoutMs`: how long `ready` and the sentinel are waited
 * for (the tests' default; longer on a machine loaded on purpose).
 */
export async function watchStorm(
  dir: string,
  seed: number,
  timeoutMs?: number,
): Promise<StormOutcome> {
  const next = random(seed);
  const root = join(dir, 'vault');
  for (let i = 0; i < 150; i++) write(root, `f${i % 6}/note-${i}.md`, `# Note ${i}\n\nbody ${i}\n`);
  const db = join(dir, 'storm.db');
  const watch = startWatch(db, [`${root}=storm`]);
  try {
    await watch.next((e) => e.event === 'ready', 'ready', false, timeoutMs);
    for (let op = 0; op < 1000; op++) {
      operate(root, next, op);
      if (op % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // Everything before the sentinel was reported before it; then let the last batch settle.
    write(root, 'sentinel.md', '# Sentinel\n');
    const sentinel = (e: WatchEvent) => e.event === 'indexed' && e.path === 'sentinel.md';
    await watch.next(sentinel, 'the sentinel', false, timeoutMs);
    await watch.quiet(1500);
  } finally {
    watch.child.kill('SIGTERM');
  }
  const watchStatus = (await watch.exit).status;
  const clean = join(dir, 'clean.db');
  const indexStatus = (await runCli(['index', '--db', clean, `${root}=storm`])).status;
  return {
    seed,
    watchStatus,
    indexStatus,
    live: await listDocuments(db),
    clean: await listDocuments(clean),
    errors: watch.events.filter((e) => e.event === 'error'),
  };
}
