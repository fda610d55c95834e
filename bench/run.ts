// `npm run bench`: runs every `bench/*.bench.ts` (or the ones named: `npm run bench -- chunk`)
// one after another, each in its own process so that peak memory is measured per benchmark.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, [`${dir}/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
