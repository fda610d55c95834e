// `npm run bench`: runs every `bench/*.bench.ts` (or the ones named: `npm run bench -- chunk`)
// one after another, each in its own process so that peak memory is measured per benchmark.
// Options after the names go to each benchmark run (`npm run bench -- ui --runs 5`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const wanted = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, [`${dir}/${file}`, ...options], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
