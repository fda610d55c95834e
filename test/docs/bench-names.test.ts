// `npm run bench -- NAME` as the docs tell an engineer to type it: every NAME they give is a
// benchmark (`bench/NAME.bench.ts`), and a name that is none is one line and exit 2 — it was a
// run of nothing that exited 0 (docs/benchmarks.md).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
const benches = readdirSync(join(repo, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length));
const pages = [
  'README.md',
  ...readdirSync(join(repo, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

describe('npm run bench -- NAME', () => {
  it('every name the docs give is a benchmark', () => {
    const unknown: string[] = [];
    for (const page of pages) {
      // A command may break across lines of the page; `a|b` lists several.
      const text = readFileSync(join(repo, page), 'utf8').replace(/\s+/g, ' ');
      for (const [, names] of text.matchAll(/npm run bench -- ([a-z][a-z|-]*)/g)) {
        for (const name of names!.split('|')) {
          if (!benches.includes(name)) unknown.push(`${page}: ${name}`);
        }
      }
    }
    expect(benches.length).toBeGreaterThan(5);
    expect(unknown).toEqual([]);
  });

  it('a name that is no benchmark is one line naming it, exit 2', () => {
    const run = spawnSync(process.execPath, [join(repo, 'bench', 'run.ts'), 'serch'], {
      encoding: 'utf8',
    });
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `bench: no benchmark "serch" (there are: ${[...benches].sort().join(', ')})\n`,
    );
    expect(run.status).toBe(2);
  });
});
