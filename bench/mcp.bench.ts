// MCP benchmark (issue 11): the warm round trip of the `search` tool over stdio, as an assistant
// sees it — the SDK's own client sends `tools/call` to a `cli mcp` process serving msdocs-cpp
// read-only and waits for the answer (engine search, JSON, pipe both ways, the client's check of
// the structured result against the output schema). Beside it, in this process, the same search
// in the engine, the raw FTS5 query of the same terms, and the same server and client linked in
// memory (the protocol's own cost, without the pipe and the second process), interleaved query by
// query so that all see the same machine load. Also: a second call sent at once after each answer
// (the server has not idled: what waking it costs), the time per call of the server's main thread
// on a core and waiting for one (Linux) beside this process's CPU per search (more work in the
// server, or waiting); then, in a second pass, the round trip of a server answering from recorded
// answers (`mcp-recorded-server.ts`: everything but the search) and the engine's search repeated
// at once (what the bench reported as the engine's search before: a hot repeat). The server warms
// its index first, as for an assistant (the measured calls start once it logs that it is warmed);
// the warm-up round's calls are each query's first, and after the rounds it sends queries of
// another set once each (`queries-msdocs-cpp-200.json`: an assistant's queries are new ones).
// The machine is shared: read the ratios, run it several times (docs/benchmarks.md#mcp).
//   npm run bench -- mcp     (FOLIO_BENCH_CORPUS / FOLIO_BENCH_QUERIES / FOLIO_BENCH_NEW_QUERIES /
//   FOLIO_BENCH_ROUNDS;
//   FOLIO_BENCH_DB=FILE serves that index instead of indexing the corpus into a temporary one)
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src-main/cli/bin.ts';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';
import { createFolioMcpServer } from '../src-main/mcp/server.ts';
import { corpusDir } from '../test/support/corpora.ts';
import { percentile } from '../src-main/cli/stats.ts';
import { rawQueries } from './bench-index.ts';
import type { EngineService } from '#shared/contract/engine.ts';

const corpus = process.env.FOLIO_BENCH_CORPUS ?? corpusDir('msdocs-cpp');
const queriesFile =
  process.env.FOLIO_BENCH_QUERIES ?? join(import.meta.dirname, 'queries-msdocs-cpp.json');
const rounds = Number(process.env.FOLIO_BENCH_ROUNDS ?? 5);
/** Queries none of the rounds sends (an assistant's are new ones): each sent once at the end. */
const newQueriesFile =
  process.env.FOLIO_BENCH_NEW_QUERIES ?? join(import.meta.dirname, 'queries-msdocs-cpp-200.json');
/** The server's idle spell before each new query: about the rounds' own (their in-process work). */
const NEW_QUERY_IDLE_MS = 8;
const LIMIT = 10; // the search tool's default
const NS_PER_MS = 1e6;
/** How long the bench waits for the server to say its index is warmed, at most. */
const WARMING_WAIT_MS = 60_000;
const io = { stdout: process.stdout, stderr: process.stderr, signal: new AbortController().signal };

/**
 * A process's main thread so far (Linux `schedstat`, nanoseconds: exact, unlike `stat`'s ticks):
 * milliseconds on a core, and waiting for one while ready to run. Null elsewhere.
 */
function mainThreadTimes(pid: number | null): { cpu: number; waiting: number } | null {
  try {
    const [cpu, waiting] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
    return { cpu: Number(cpu) / NS_PER_MS, waiting: Number(waiting) / NS_PER_MS };
  } catch {
    return null;
  }
}

const sleepWord = new Int32Array(new SharedArrayBuffer(4));
/** 50 µs asleep: the kernel brings this thread's CPU time up to date when it switches it out. */
const settleCpu = () => Atomics.wait(sleepWord, 0, 0, 0.05);

/**
 * CPU milliseconds this thread spends on `work`. `threadCpuUsage` (Linux getrusage of the thread)
 * counts a running thread's time up to its last scheduler tick or switch only (a tick every 4 ms
 * here), so a reading taken right after busy work misses up to 4 ms of it — ~1 ms per search on
 * average (docs/benchmarks.md#the-servers-cpu-per-call-read-right): each reading comes after a
 * moment asleep.
 */
async function threadCpu(work: () => unknown): Promise<number> {
  settleCpu();
  const before = process.threadCpuUsage();
  await work();
  settleCpu();
  const used = process.threadCpuUsage(before);
  return (used.user + used.system) / 1000;
}

function line(name: string, samples: number[]): string {
  const p = (q: number) => percentile(samples, q).toFixed(3).padStart(8);
  return `${name.padEnd(26)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  p99 ${p(0.99)} ms`;
}

async function time(work: () => unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * After the measured rounds, so that the server's idle spell between its calls stays as it was (a
 * longer one makes the next call slower, docs/benchmarks.md#mcp): the round trip to the same
 * server answering from answers recorded at start (`mcp-recorded-server.ts`: all but the search),
 * and the engine's search made again at once (every row, page and line of code just used).
 */
async function secondPass(queries: string[], engine: EngineService) {
  const client = new Client({ name: 'folio-bench-recorded', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(import.meta.dirname, 'mcp-recorded-server.ts'), db, queriesFile, String(LIMIT)],
      stderr: 'inherit',
    }),
  );
  await client.listTools();
  const recorded: number[] = [];
  const first: number[] = []; // the engine's search of the query, beside `again` in this pass
  const again: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    for (const query of queries) {
      const arguments_ = { query, limit: LIMIT };
      let failed: unknown;
      const answer = await time(async () => {
        const result = await client.callTool({ name: 'search', arguments: arguments_ });
        if (result.isError) failed = result.content;
      });
      // An error answer is no recorded answer: timing it would say nothing about the round trip.
      if (failed) throw new Error(`the recorded-answers server failed: ${JSON.stringify(failed)}`);
      const search = () => engine.search({ queries: [query], limit: LIMIT });
      const once = await time(search);
      const repeat = await time(search);
      if (round === 0) continue;
      recorded.push(answer);
      first.push(once);
      again.push(repeat);
    }
  }
  await client.close();
  return { recorded, first, again };
}

const dir = mkdtempSync(join(tmpdir(), 'folio-mcp-bench-'));
const db = process.env.FOLIO_BENCH_DB ?? join(dir, 'bench.db');
try {
  if (!process.env.FOLIO_BENCH_DB && (await main(['index', '--db', db, corpus], io)) !== 0)
    process.exit(1);
  const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as string[];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      '--disable-warning=ExperimentalWarning',
      '--experimental-strip-types',
      join(import.meta.dirname, '../src-main/cli/bin.ts'),
      'mcp',
      '--db',
      db,
    ],
    stderr: 'inherit', // a refusal (e.g. a database of another schema) says why
  });
  const client = new Client({ name: 'folio-bench', version: '1.0.0' });
  const warmed = new Promise<void>((resolve) =>
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      if (String(notification.params.data).includes('index warmed')) resolve();
    }),
  );
  const connected = performance.now();
  await client.connect(transport);
  // As an assistant does: the tool list first (the client then checks each result's structured
  // content against the tool's output schema).
  await client.listTools();
  // An assistant's first call comes seconds after it starts the server, which warms its index
  // meanwhile (docs/mcp.md#speed): the measured calls start once it says it is warmed.
  let timer: NodeJS.Timeout | undefined;
  const warmedIn = await Promise.race([
    warmed.then(() => `warmed in ${((performance.now() - connected) / 1000).toFixed(1)} s`),
    new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('not warmed after 60 s'), WARMING_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  // Both engines in this process warmed as the server's is (`cli mcp`: nodes, vocabulary, top
  // rows): a warmed engine's search of a query searched before costs ~10 % more CPU
  // (docs/benchmarks.md#the-servers-cpu-per-call-read-right), so an unwarmed one is not the
  // server's search.
  const warmedEngine = async () => {
    const warming = await createEngine({
      dbPath: db,
      readOnly: true,
      warm: true,
      warmContents: false,
    });
    await engineInternals(warming).warmed();
    return warming;
  };
  const engine = await warmedEngine();
  // The same server and client in this process, linked in memory: what the protocol, the
  // argument and result checks and the rendering cost without a pipe and a second process. On
  // an engine of its own, so that `engine` searches each query first, as the server does: the
  // same search again at once is cheaper (every row and page just read; docs/benchmarks.md#mcp).
  const localEngine = await warmedEngine();
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await createFolioMcpServer({ engine: localEngine, version: 'bench', log: console.error }).connect(
    serverSide,
  );
  const local = new Client({ name: 'folio-bench-local', version: '1.0.0' });
  await local.connect(clientSide);
  await local.listTools();
  const raw = rawQueries(engine, queries);
  const samples = {
    mcp: [] as number[],
    first: [] as number[], // round 0: each query's first call (of the server's session)
    atOnce: [] as number[],
    local: [] as number[],
    engine: [] as number[],
    fts5: [] as number[],
  };
  let failures = 0;
  let ownCpu = 0; // this thread's, over the in-memory call and the engine search
  let serverFrom: ReturnType<typeof mainThreadTimes> = null;
  // Round 0 warms every cache on both sides and is not recorded.
  for (let round = 0; round <= rounds; round++) {
    if (round === 1) serverFrom = mainThreadTimes(transport.pid);
    for (let i = 0; i < queries.length; i++) {
      const arguments_ = { query: queries[i]!, limit: LIMIT };
      let isError = false;
      const mcp = await time(async () => {
        const result = await client.callTool({ name: 'search', arguments: arguments_ });
        isError = result.isError === true;
      });
      if (isError) failures++;
      // Another query (none of its rows just read), sent as soon as the answer came.
      const other = queries[(i + queries.length / 2) % queries.length]!;
      const atOnce = await time(() =>
        client.callTool({ name: 'search', arguments: { query: other, limit: LIMIT } }),
      );
      let local_ = 0;
      let inProcess = 0;
      // One interval for both: the kernel settles a running thread's CPU time at its next
      // scheduler event, so short intervals of their own would trade time between them.
      const pairCpu = await threadCpu(async () => {
        local_ = await time(() => local.callTool({ name: 'search', arguments: arguments_ }));
        inProcess = await time(() => engine.search({ queries: [queries[i]!], limit: LIMIT }));
      });
      const rawQuery = raw[i];
      const fts5 = rawQuery ? await time(rawQuery) : null;
      if (round === 0) {
        samples.first.push(mcp);
        continue;
      }
      samples.mcp.push(mcp);
      samples.atOnce.push(atOnce);
      ownCpu += pairCpu;
      samples.local.push(local_);
      samples.engine.push(inProcess);
      if (fts5 !== null) samples.fts5.push(fts5);
    }
  }
  const serverTo = mainThreadTimes(transport.pid);
  // An assistant's case: a query the server has not searched, after a short idle spell.
  const newQueries = (JSON.parse(readFileSync(newQueriesFile, 'utf8')) as string[]).filter(
    (query) => !queries.includes(query),
  );
  const newCalls: number[] = [];
  const newFrom = mainThreadTimes(transport.pid);
  for (const query of newQueries) {
    await new Promise((resolve) => setTimeout(resolve, NEW_QUERY_IDLE_MS));
    newCalls.push(
      await time(() => client.callTool({ name: 'search', arguments: { query, limit: LIMIT } })),
    );
  }
  const newTo = mainThreadTimes(transport.pid);
  await client.close();
  await local.close();
  const second = await secondPass(queries, engine);
  await engine.close();
  await localEngine.close();
  const ratio = (a: number[], b: number[]) =>
    `p50 ${(percentile(a, 0.5) / percentile(b, 0.5)).toFixed(2)}×  p95 ${(percentile(a, 0.95) / percentile(b, 0.95)).toFixed(2)}×`;
  console.log(
    `${queries.length} queries × ${rounds} rounds (after a warm-up round), limit ${LIMIT}, ${failures} tool errors; server ${warmedIn}`,
  );
  console.log(line('MCP search round trip', samples.mcp));
  console.log(line('MCP, sent at once after', samples.atOnce));
  console.log(line("MCP, a query's first call", samples.first));
  console.log(line(`MCP, ${newQueries.length} new queries once`, newCalls));
  console.log(line('MCP in process (in memory)', samples.local));
  console.log(line('engine search (in process)', samples.engine));
  console.log(line('raw FTS5 query', samples.fts5));
  console.log(`round trip / engine search  ${ratio(samples.mcp, samples.engine)}`);
  console.log(`in memory / engine search   ${ratio(samples.local, samples.engine)}`);
  console.log(`round trip / raw FTS5       ${ratio(samples.mcp, samples.fts5)}`);
  const calls = rounds * queries.length;
  const perCall = (ms: number) => `${(ms / calls).toFixed(2)} ms`;
  console.log(
    `CPU per search in this process (the in-memory call's and the engine search's average): ${perCall(ownCpu / 2)}`,
  );
  // The server answered two calls per query (the one after idling and the one sent at once).
  const server =
    serverFrom && serverTo
      ? `on a core ${perCall((serverTo.cpu - serverFrom.cpu) / 2)}, waiting for one ${perCall((serverTo.waiting - serverFrom.waiting) / 2)}`
      : 'n/a (no /proc schedstat)';
  console.log(`server's main thread per call: ${server}`);
  console.log(
    `server's main thread per new query: ${
      newFrom && newTo
        ? `on a core ${((newTo.cpu - newFrom.cpu) / newQueries.length).toFixed(2)} ms, waiting for one ${((newTo.waiting - newFrom.waiting) / newQueries.length).toFixed(2)} ms`
        : 'n/a (no /proc schedstat)'
    }`,
  );
  console.log('after those rounds, in a second pass:');
  console.log(line('MCP, recorded answers', second.recorded));
  console.log(line('engine search, first', second.first));
  console.log(line('engine, same search again', second.again));
  const p50 = percentile(samples.mcp, 0.5);
  const p95 = percentile(samples.mcp, 0.95);
  console.log(
    `goal p50 ≤ 5 ms, p95 ≤ 20 ms: ${p50 <= 5 && p95 <= 20 ? 'met' : 'NOT met'} (p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms)`,
  );
  if (failures > 0) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
