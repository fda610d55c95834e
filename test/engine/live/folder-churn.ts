// Run as a process of its own by recreated-folder.test.ts (the disk changes while the watcher's
// process is busy, as in a watch storm): `folder-churn.ts ROOT SEED OPS` moves the folders f0–f2
// of ROOT away (to `fN-mOP`) and writes new notes into them (making them again), in an order and
// with pauses drawn from SEED, and prints nothing.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [root, seedArg, opsArg] = process.argv.slice(2);
if (!root || !seedArg || !opsArg) throw new Error('usage: folder-churn.ts ROOT SEED OPS');
let state = Number(seedArg) >>> 0;
const next = () => (state = (state * 1664525 + 1013904223) >>> 0) / 4294967296;
const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
for (let op = 0; op < Number(opsArg); op++) {
  const folder = `f${Math.floor(next() * 3)}`;
  if (next() < 0.25 && existsSync(join(root, folder))) {
    renameSync(join(root, folder), join(root, `${folder}-m${op}`));
  } else {
    mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, folder, `n${op}.md`), `# Note ${op}\n`);
  }
  spin(next() * next() * 4);
}
