// Real `cli` processes for the crash-safety and `watch` tests: run one to the end, or start
// `watch --json` and wait on the events it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { EVENT_TIMEOUT_MS } from './helpers.ts';
import { CORPORA_DIR } from '../../support/corpora.ts';

/** The repository root (commands run from there, like `npm run cli`). */
export const REPO = join(import.meta.dirname, '../../..');

/** The corpora shared by the benchmarks and tests (outside the repository). */
export const CORPORA = CORPORA_DIR;

const NODE_ARGS = ['--disable-warning=ExperimentalWarning', '--experimental-strip-types'];

/** Starts `cli ARGS…` as a child process. */
export function spawnCli(args: string[]): ChildProcess {
  return spawn(process.execPath, [...NODE_ARGS, join(REPO, 'src-main/cli/bin.ts'), ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** What a finished command printed, and its exit status. */
export interface CliRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Resolves when `child` exits, with everything it printed. */
export function finished(child: ChildProcess): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr!.on('data', (data: Buffer) => (stderr += data.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** Runs `cli ARGS…` to the end. */
export function runCli(args: string[]): Promise<CliRun> {
  return finished(spawnCli(args));
}

/** `cli ls --json` of a database: every document with its hash and node count. */
export async function listDocuments(db: string): Promise<unknown> {
  const run = await runCli(['ls', '--db', db, '--json']);
  if (run.status !== 0) throw new Error(`ls failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** A JSON event printed by `watch --json`. */
export type WatchEvent = { event: string; vault?: string; path?: string | null; message?: string };

/** A running `watch --json` process. */
export interface WatchProcess {
  child: ChildProcess;
  events: WatchEvent[];
  /**
   * Resolves with the first event (from now on, or already printed when `seen`) `match` accepts;
   * rejects after `timeoutMs` (default `EVENT_TIMEOUT_MS`).
   */
  next(
    match: (event: WatchEvent) => boolean,
    what: string,
    seen?: boolean,
    timeoutMs?: number,
  ): Promise<WatchEvent>;
  /** Resolves once `quietMs` passed without a new event. */
  quiet(quietMs: number): Promise<void>;
  /** Resolves with the exit of the process. */
  exit: Promise<CliRun>;
}

/** Starts `watch --db DB --json DIRS…`. */
export function startWatch(db: string, dirs: string[]): WatchProcess {
  const child = spawnCli(['watch', '--db', db, '--json', ...dirs]);
  const events: WatchEvent[] = [];
  const waiters = new Set<(event: WatchEvent) => void>();
  let lastEventAt = performance.now();
  let buffered = '';
  const exit = finished(child);
  child.stdout!.on('data', (data: Buffer) => {
    buffered += data.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      const event = JSON.parse(line) as WatchEvent;
      events.push(event);
      lastEventAt = performance.now();
      for (const waiter of [...waiters]) waiter(event);
    }
  });
  const next = (
    match: (event: WatchEvent) => boolean,
    what: string,
    seen = false,
    timeoutMs = EVENT_TIMEOUT_MS,
  ) =>
    new Promise<WatchEvent>((resolve, reject) => {
      const earlier = seen ? events.find(match) : undefined;
      if (earlier) return resolve(earlier);
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(
          new Error(`timed out waiting for ${what}; events: ${JSON.stringify(events.slice(-5))}`),
        );
      }, timeoutMs);
      const waiter = (event: WatchEvent) => {
        if (!match(event)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(event);
      };
      waiters.add(waiter);
      void exit.then((run) => {
        if (!waiters.has(waiter)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        reject(new Error(`watch exited (${run.status}) before ${what}: ${run.stderr}`));
      });
    });
  const quiet = async (quietMs: number) => {
    for (;;) {
      const wait = lastEventAt + quietMs - performance.now();
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  return { child, events, next, quiet, exit };
}
