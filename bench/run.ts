// `npm run bench`: runs every `bench/*.bench.ts` (or the ones named: `npm run bench -- chunk` runs
// `chunk.bench.ts`) one after another, each in its own process so that peak memory is measured
// per benchmark.
// Options after the names go to each benchmark run (`npm run bench -- ui --runs 5`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const wanted = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const known = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();
// A name is a whole bench's name: `search` is not also search-first and search-scale, and a
// misspelt one is said, not a run of nothing that exits 0.
const unknown = wanted.find((name) => !known.includes(name));
if (unknown !== undefined) {
  console.error(`bench: no benchmark "${unknown}" (there are: ${known.join(', ')})`);
  process.exit(2);
}
const benches = known
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .map((name) => `${name}.bench.ts`);

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, [`${dir}/${file}`, ...options], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
