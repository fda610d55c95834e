// Queries too big to type (docs/benchmarks.md#huge-queries-2026-11-28): a pasted paragraph and a
// pasted page of msdocs-cpp's prose, 1,000 words each in one note only, 100 KB of prose, one
// 100 KB word, 20,000 characters of operator soup, and 32 topics of 20,000 characters — per query,
// the median CPU milliseconds of a search and of a search as typed, the results and what the
// answer says it left out (docs/decisions.md#a-query-searches-its-first-32-words).
//   npm run bench -- huge-query   (FOLIO_BENCH_DB=FILE: that index; otherwise msdocs-cpp is
//   indexed into a temporary one; FOLIO_BENCH_ROUNDS=N, default 3)
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { SearchRequest } from '#shared/contract/api.ts';
import { median } from '../src-main/cli/stats.ts';
import { corpusDir } from '../test/support/corpora.ts';
import { withBenchIndex } from './bench-index.ts';

const rounds = Number(process.env.FOLIO_BENCH_ROUNDS ?? 3);
const corpus = corpusDir('msdocs-cpp');

/** A page's prose as a reader would copy it: no front matter, code, link targets or markup. */
function prose(file: string): string[] {
  return readFileSync(join(corpus, file), 'utf8')
    .replace(/^---[^]*?---/, '')
    .replace(/```[^]*?```/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*`>|]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** `n` words of `words`, from the start again as often as needed. */
function take(words: string[], n: number): string {
  return Array.from({ length: n }, (_, i) => words[i % words.length]).join(' ');
}

/** Words of six letters or more that only one note of the folder holds, in a fixed order. */
function rareWords(folder: string, n: number): string[] {
  const notes = new Map<string, number>();
  for (const file of readdirSync(join(corpus, folder), { recursive: true }) as string[]) {
    if (!file.endsWith('.md')) continue;
    const text = readFileSync(join(corpus, folder, file), 'utf8').toLowerCase();
    for (const word of new Set(text.match(/\b[a-z]{6,}\b/g) ?? [])) {
      notes.set(word, (notes.get(word) ?? 0) + 1);
    }
  }
  return [...notes]
    .filter(([, count]) => count === 1)
    .map(([word]) => word)
    .sort()
    .slice(0, n);
}

/** Every other word wrapped in an operator: quotes, groups, negations, fields, `OR`, `*`. */
function soup(words: string[], chars: number): string {
  const wrap = ['OR %', '-%', '(%', '%)', '"%', 'title:%', '%*', '%'];
  let text = '';
  for (let i = 0; text.length < chars; i++) {
    text += `${wrap[i % wrap.length]!.replace('%', words[i % words.length]!)} `;
  }
  return text.slice(0, chars);
}

const page = prose('overview/cpp-conformance-improvements-2019.md');
const cases: Array<[string, SearchRequest]> = [
  ['32 words of prose', { queries: [take(page, 32)] }],
  ['50 words (a paragraph)', { queries: [take(page, 50)] }],
  ['200 words', { queries: [take(page, 200)] }],
  ['1,000 words (a page)', { queries: [take(page, 1_000)] }],
  ['10,000 words', { queries: [take(page, 10_000)] }],
  ['100 KB of prose', { queries: [take(page, 20_000).slice(0, 100_000)] }],
  ['1,000 rare words', { queries: [rareWords('mfc', 1_000).join(' ')] }],
  ['one 100 KB word', { queries: ['a'.repeat(100_000)] }],
  ['20,000 chars of soup', { queries: [soup(page, 20_000)] }],
  [
    '32 topics × 20,000 chars',
    {
      queries: Array.from({ length: 32 }, (_, i) =>
        take(page.slice(i * 97), 4_000).slice(0, 20_000),
      ),
    },
  ],
];

/** CPU milliseconds (all threads) of `run`. */
async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

await withBenchIndex('huge-query', async (engine) => {
  await engine.search({ queries: ['warm up the reader'] });
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(`median CPU ms of ${rounds} rounds; load average ${load}`);
  console.log('query | search | as typed | results | left out');
  for (const [name, request] of cases) {
    const plain: number[] = [];
    const typed: number[] = [];
    let answer = await engine.search(request);
    for (let round = 0; round < rounds; round++) {
      plain.push(await cpuOf(async () => (answer = await engine.search(request))));
      typed.push(await cpuOf(() => engine.search({ ...request, typing: true })));
    }
    const left = (answer.wordsLeftOut ?? []).reduce((sum, l) => sum + l.words, 0);
    const cells = [median(plain).toFixed(0), median(typed).toFixed(0), answer.results.length];
    console.log(`${name} | ${cells.join(' | ')} | ${left.toLocaleString('en')} words`);
  }
});
