// A storm of 1,000 real file operations (edits, renames, deletes, new files, folder moves, atomic
// saves) while `cli watch` runs converges to an index equal to a clean index of the folder.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listDocuments, runCli, startWatch } from '../engine/live/cli-process.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';

const dir = tempDir('folio-storm-');

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
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

describe('a storm of changes', () => {
  it('converges to a clean index after 1,000 renames, edits and deletes', async () => {
    const seed = Date.now() % 100_000;
    const next = random(seed);
    const root = join(dir, 'vault');
    for (let i = 0; i < 150; i++)
      write(root, `f${i % 6}/note-${i}.md`, `# Note ${i}\n\nbody ${i}\n`);
    const db = join(dir, 'storm.db');
    const watch = startWatch(db, [`${root}=storm`]);
    await watch.next((e) => e.event === 'ready', 'ready');

    for (let op = 0; op < 1000; op++) {
      operate(root, next, op);
      if (op % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // Everything before the sentinel was reported before it; then let the last batch settle.
    write(root, 'sentinel.md', '# Sentinel\n');
    await watch.next((e) => e.event === 'indexed' && e.path === 'sentinel.md', 'the sentinel');
    await watch.quiet(1500);
    watch.child.kill('SIGTERM');
    expect((await watch.exit).status).toBe(0);

    const clean = join(dir, 'clean.db');
    expect((await runCli(['index', '--db', clean, `${root}=storm`])).status).toBe(0);
    const live = await listDocuments(db);
    expect(live, `seed ${seed}`).toEqual(await listDocuments(clean));
    expect(
      watch.events.filter((e) => e.event === 'error'),
      `seed ${seed}`,
    ).toEqual([]);
  });
});
