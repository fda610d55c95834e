// Chunking benchmark (issue 2): throughput and peak memory on msdocs-cpp (43 MiB, 9,746 files,
// 106k headings) of
//   - a straightforward single-threaded commonmark.js pass (read, decode, parse): the yardstick;
//   - chunkDocument in one thread (read, chunk);
//   - the worker pool (createChunkPool, one worker per core; the main thread reads);
//   - the real `cli chunk` with its output sent to /dev/null: as it runs by default, and with
//     one worker thread fewer than cores beside its main thread (`--workers N`).
// Then long setext headings (a paragraph of N lines under `---`, the audit's case): chunkDocument
// time for 0.6 and 1.8 MB of each shape, beside the same text without `---`; linear means ~3× the
// time for 3× the size (it was quadratic: 1.8 MB took 50 s).
// Each mode runs in its own process, three times; the best and the median wall times are printed
// with the CPU time (all threads) and peak resident memory of the best run (the CLI's are sampled
// from /proc, so Linux only). On a shared machine, CPU time is the steadier number.
//   npm run bench -- chunk           (FOLIO_BENCH_CORPUS=folder, FOLIO_BENCH_RUNS=n to change)
// Each child process loads only what its mode needs (imports are dynamic), so that whole-process
// times compare like with like: the commonmark.js pass is a plain script (list, read, parse).
import { spawn, spawnSync } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { corpusDir } from '../test/support/corpora.ts';

const repo = join(import.meta.dirname, '..');
const corpus = process.env.FOLIO_BENCH_CORPUS ?? corpusDir('msdocs-cpp');
const runs = Number(process.env.FOLIO_BENCH_RUNS ?? 3);
const nodeFlags = ['--disable-warning=ExperimentalWarning', '--experimental-strip-types'];
const modes = ['commonmark', 'chunk', 'pool', 'cli', 'cliWorkers'] as const;
const cliWorkers = Math.max(1, availableParallelism() - 1);
type Mode = (typeof modes)[number];

interface Measure {
  /** The measured work alone (for the CLI: the whole process). */
  seconds: number;
  /** The whole process, from spawn to exit: Node start-up, module loading and walk included. */
  processSeconds: number;
  /** CPU time of the process, all threads (user + system). */
  cpuSeconds: number;
  peakMb: number;
  /** Headings found (commonmark.js) or nodes built (chunker): proof the work was done. */
  count: number;
}

/** Markdown files under the corpus, skipping dot folders and node_modules as vaults do. */
function listFiles(): Array<{ path: string; absPath: string; size: number }> {
  return readdirSync(corpus, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(md|markdown|mdx)$/i.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((absPath) => !/[\\/](\.|node_modules[\\/])/.test(absPath.slice(corpus.length)))
    .sort()
    .map((absPath) => ({ absPath, path: absPath.slice(corpus.length + 1), size: 0 }));
}

/** One measured run of `mode`, inside this (child) process. */
async function runMode(mode: 'commonmark' | 'chunk' | 'pool'): Promise<Measure> {
  const files = listFiles();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let count = 0;
  if (mode === 'commonmark') {
    const commonmark = await import('commonmark');
    const parser = new commonmark.Parser();
    for (const file of files) {
      const document = parser.parse(readFileSync(file.absPath, 'utf8'));
      for (let node = document.firstChild; node; node = node.next)
        if (node.type === 'heading') count++;
    }
  } else if (mode === 'chunk') {
    const { chunkDocument } = await import('../src-main/engine/chunk/chunk-document.ts');
    for (const file of files) {
      const bytes = readFileSync(file.absPath);
      count += chunkDocument({ vault: 'v', path: file.path, bytes }).nodes.length;
    }
  } else {
    const { createChunkPool } = await import('../src-main/engine/chunk/chunk-pool.ts');
    const pool = createChunkPool({ workers: availableParallelism() });
    let next = 0;
    const lane = async () => {
      while (next < files.length) {
        const file = files[next++]!;
        const bytes = readFileSync(file.absPath);
        const document = await pool.chunk({ vault: 'v', path: file.path, bytes });
        count += document.nodes.length;
      }
    };
    await Promise.all(Array.from({ length: pool.size * 8 }, lane));
    await pool.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  return { seconds, processSeconds: 0, cpuSeconds, peakMb, count };
}

/** `cli chunk` over the corpus to /dev/null; peak memory sampled from /proc while it runs. */
async function runCli(args: string[]): Promise<Measure> {
  const devNull = openSync('/dev/null', 'w');
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeFlags, 'src-main/cli/bin.ts', 'chunk', ...args, corpus],
    {
      cwd: repo,
      stdio: ['ignore', devNull, 'ignore'],
    },
  );
  let peakKb = 0;
  let cpuTicks = 0;
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      // utime and stime, fields 14 and 15 of /proc/PID/stat (after the command's parentheses)
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpuTicks = Number(fields[11]) + Number(fields[12]);
    } catch {
      // not Linux, or already gone
    }
  };
  const timer = setInterval(sample, 10);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`cli chunk exited with ${code}`);
  // Clock ticks are 1/100 s on Linux; the last ~10 ms before exit are not sampled.
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    processSeconds: seconds,
    cpuSeconds: cpuTicks / 100,
    peakMb: peakKb / 1024,
    count: 0,
  };
}

function measureInChild(mode: 'commonmark' | 'chunk' | 'pool'): Measure {
  const started = performance.now();
  const result = spawnSync(process.execPath, [...nodeFlags, import.meta.filename, '--mode', mode], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const processSeconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${mode}: ${result.stderr}`);
  return { ...(JSON.parse(result.stdout) as Measure), processSeconds };
}

async function main(): Promise<void> {
  const { readMarkdown } = await import('../src-main/engine/chunk/chunk-document.ts');
  const { decodeSource } = await import('../src-main/engine/chunk/source-text.ts');
  const files = listFiles();
  const bytes = files.reduce((sum, file) => sum + readFileSync(file.absPath).length, 0);
  const mb = bytes / 1e6;
  console.log(`corpus ${corpus}: ${files.length} markdown files, ${mb.toFixed(1)} MB`);
  const deferred = files.filter(
    (file) => readMarkdown(decodeSource(readFileSync(file.absPath))).parser !== 'scanner',
  ).length;
  console.log(`the fast block scanner read ${files.length - deferred}, micromark ${deferred}`);
  console.log(`${availableParallelism()} cores; ${runs} runs per mode, each in a fresh process\n`);
  const labels: Record<Mode, string> = {
    commonmark: 'commonmark.js pass, 1 thread',
    chunk: 'chunkDocument, 1 thread',
    pool: `chunk pool, ${availableParallelism()} workers`,
    cli: 'cli chunk > /dev/null',
    cliWorkers: `cli chunk --workers ${cliWorkers}`,
  };
  const best: Partial<Record<Mode, Measure>> = {};
  console.log(
    'mode                           best s  median s   MB/s  process s  CPU s  peak MB  count',
  );
  for (const mode of modes) {
    const measures: Measure[] = [];
    for (let run = 0; run < runs; run++) {
      if (mode === 'cli') measures.push(await runCli([]));
      else if (mode === 'cliWorkers') measures.push(await runCli(['--workers', `${cliWorkers}`]));
      else measures.push(measureInChild(mode));
    }
    measures.sort((a, b) => a.seconds - b.seconds);
    const top = measures[0]!;
    const median = measures[Math.floor(measures.length / 2)]!;
    best[mode] = top;
    console.log(
      `${labels[mode].padEnd(30)} ${top.seconds.toFixed(2).padStart(6)}  ${median.seconds.toFixed(2).padStart(8)}` +
        `  ${(mb / top.seconds).toFixed(1).padStart(5)}  ${top.processSeconds.toFixed(2).padStart(9)}` +
        `  ${top.cpuSeconds.toFixed(2).padStart(5)}  ${top.peakMb.toFixed(0).padStart(7)}  ${top.count || ''}`,
    );
  }
  // Whole processes against whole processes: both start Node, load their modules and list files.
  const ratio = best.cli!.processSeconds / best.commonmark!.processSeconds;
  const work = best.cli!.seconds / best.commonmark!.seconds;
  console.log(
    `\ncli chunk / commonmark.js pass: ${ratio.toFixed(2)}× as processes (goal ≤ 1.5×),` +
      ` ${work.toFixed(2)}× against the commonmark.js parse loop alone`,
  );
  await longHeadings();
  // Other processes compete for the cores; say how busy the machine was.
  console.log(
    `load average during the run: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
}

/** The shapes of long setext heading text the audit found quadratic, line `i` of each. */
const longShapes: Record<string, (line: number) => string> = {
  'one code span at the end': (line) => `line ${line} and code`,
  '*emph* and a backtick a line': (line) => `line ${line} with *emph* and \`code`,
};

/** chunkDocument on long setext headings of each shape (best of 3, in this process). */
async function longHeadings(): Promise<void> {
  const { chunkDocument } = await import('../src-main/engine/chunk/chunk-document.ts');
  const time = (text: string) => {
    const bytes = new TextEncoder().encode(text);
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      chunkDocument({ vault: 'v', path: 'long.md', bytes });
      best = Math.min(best, performance.now() - started);
    }
    return { mb: bytes.length / 1e6, ms: best };
  };
  console.log('\nlong setext heading (chunkDocument)     MB  heading ms  no --- ms');
  for (const [name, line] of Object.entries(longShapes)) {
    for (const lines of [30_000, 90_000]) {
      const paragraph = Array.from({ length: lines }, (_, at) => line(at)).join('\n');
      const heading = time(`${paragraph} \`x\`\n---\n\nbody\n`);
      const plain = time(`${paragraph} \`x\`\n\nbody\n`);
      console.log(
        `${name.padEnd(36)} ${heading.mb.toFixed(1).padStart(5)}  ${heading.ms.toFixed(0).padStart(10)}` +
          `  ${plain.ms.toFixed(0).padStart(9)}`,
      );
    }
  }
}

const modeArg = process.argv.indexOf('--mode');
if (modeArg !== -1) {
  const mode = process.argv[modeArg + 1] as 'commonmark' | 'chunk' | 'pool';
  process.stdout.write(JSON.stringify(await runMode(mode)));
} else {
  await main();
}
