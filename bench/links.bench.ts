// Links benchmark (issue 13): a full index of obsidian-hub (~6,600 notes), then what its link graph
// holds and how fast each note's links and backlinks are read.
//   - the links found, resolved and unresolved, and where the `[[…]]` left out sit (HTML
//     comments, %%comments%%, code), counted from the files themselves;
//   - `links(docId)` (up to 200 outgoing links and 200 backlinks with their context, as the app
//     asks) for every note: p50, p95 and the slowest, then the same unpaged (every backlink) for
//     the notes with the most backlinks. Each call is timed in wall time and in CPU time of this
//     process (on a shared machine a call's wall time includes waiting for a core; CPU time does
//     not); each note's time is the median of three calls (one call's time may hold a garbage
//     collection or the index worker's last work, which no note causes).
//   npm run bench -- links            (FOLIO_BENCH_CORPUS=folder to use another vault)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';
import { corpusDir } from '../test/support/corpora.ts';
import { median, percentile } from '../src-main/cli/stats.ts';

const corpus = process.env.FOLIO_BENCH_CORPUS ?? corpusDir('obsidian-hub');

const wikilink = /!?\[\[[^\]\n]*\]\]/g;
const attachment = /\.(png|jpe?g|gif|svg|webp|pdf|mp4|canvas)(\||#|\]\])/i;
const count = (text: string) =>
  [...text.matchAll(wikilink)].filter((m) => !attachment.test(m[0])).length;

/** Where the `[[…]]` of the files are: in all, and inside each kind of hidden text. */
function rawCounts(root: string, paths: string[]) {
  const totals = { all: 0, htmlComments: 0, percentComments: 0 };
  for (const path of paths) {
    const text = readFileSync(join(root, path), 'utf8').replace(/^---\n[^]*?\n---\n/, '');
    totals.all += count(text);
    for (const m of text.matchAll(/<!--[^]*?-->/g)) totals.htmlComments += count(m[0]);
    const rest = text.replace(/<!--[^]*?-->/g, '');
    for (const m of rest.matchAll(/%%[^]*?%%/g)) totals.percentComments += count(m[0]);
  }
  return totals;
}

const dir = mkdtempSync(join(tmpdir(), 'folio-links-bench-'));
try {
  const started = performance.now();
  const engine = await createEngine({ dbPath: join(dir, 'bench.db'), watch: false });
  const name = (await engine.addVault({ root: corpus })).name;
  await engineInternals(engine).indexed(name);
  const indexSeconds = (performance.now() - started) / 1000;
  const reader = engineInternals(engine).reader;
  const docs = reader.documents().map((d) => d.path);
  const stats = reader.db
    .prepare(
      `SELECT count(*) AS links, count(to_file) AS resolved, sum(kind & 2 = 2) AS embeds,
        sum(kind & 1) AS markdown FROM links`,
    )
    .get() as { links: number; resolved: number; embeds: number; markdown: number };
  const raw = rawCounts(corpus, docs);
  console.log(
    `corpus: ${corpus} (${docs.length} documents), full index ${indexSeconds.toFixed(1)} s`,
  );
  console.log(
    `links: ${stats.links} (${stats.resolved} resolved, ${stats.links - stats.resolved} unresolved; ${stats.embeds} embeds, ${stats.markdown} Markdown links)`,
  );
  console.log(
    `[[…]] in the files (attachments and frontmatter aside): ${raw.all}, of which ${raw.htmlComments} in HTML comments and ${raw.percentComments} in %%comments%% (not links)`,
  );

  const timed = async (limit?: number) => {
    const times: Array<{ wall: number; cpu: number; path: string; out: number; back: number }> = [];
    for (const path of docs) {
      const docId = `${name}:${path}`;
      const [walls, cpus] = [[] as number[], [] as number[]];
      let links = await engine.links({ docId, limit });
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        const cpu = process.cpuUsage();
        links = await engine.links({ docId, limit });
        const used = process.cpuUsage(cpu);
        walls.push(performance.now() - t);
        cpus.push((used.user + used.system) / 1000);
      }
      times.push({
        wall: median(walls),
        cpu: median(cpus),
        path,
        out: links.outgoingCount,
        back: links.backlinkCount,
      });
    }
    return times;
  };
  const times = await timed(); // each note's first call warms (statements, pages, caches)
  for (const measure of ['wall', 'cpu'] as const) {
    const ms = times.map((t) => t[measure]);
    const slowest = times.reduce((a, b) => (b[measure] > a[measure] ? b : a));
    console.log(
      `links(docId), every note, default page (200 of each list, median of 3), ${measure} time: p50 ${percentile(ms, 0.5).toFixed(2)} ms, p95 ${percentile(ms, 0.95).toFixed(2)} ms, p99 ${percentile(ms, 0.99).toFixed(2)} ms, max ${slowest[measure].toFixed(2)} ms (${slowest.path}: ${slowest.out} outgoing, ${slowest.back} backlinks)`,
    );
  }
  const most = times.reduce((a, b) => (b.back > a.back ? b : a));
  const hubs = times
    .sort((a, b) => b.back - a.back)
    .slice(0, 5)
    .map((t) => t.path);
  for (const limit of [undefined, 100_000]) {
    for (const path of hubs) {
      const runs: number[] = [];
      let backlinks = 0;
      for (let i = 0; i < 5; i++) {
        const cpu = process.cpuUsage();
        backlinks = (await engine.links({ docId: `${name}:${path}`, limit })).backlinks.length;
        const used = process.cpuUsage(cpu);
        runs.push((used.user + used.system) / 1000);
      }
      runs.sort((a, b) => a - b);
      console.log(
        `  ${limit ? 'unpaged' : 'paged'}: ${path}: ${backlinks} backlinks in ${runs[2]!.toFixed(2)} ms CPU (median of 5)`,
      );
    }
  }
  console.log(`most linked: ${most.path} (${most.back} backlinks)`);
  await engine.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
