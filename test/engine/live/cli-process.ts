// Real `cli` processes for the crash-safety and `watch` tests: run one to the end, or start
// `watch --json` and wait on the events it prints. What a test only reads afterwards (`cli ls`,
// a clean index to compare with) runs in the test's own process: the same `main()`, without
// the start of a Node process that loads the CLI from source (about 1.5 s of CPU each).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { EVENT_TIMEOUT_MS } from './helpers.ts';
import { cli } from '../../support/cli-main.ts';
import { CORPORA_DIR } from '../../support/corpora.ts';

/** The repository root (commands run from there, like `npm run cli`). */
export const REPO = join(import.meta.dirname, '../../..');

/** The corpora shared by the benchmarks and tests (outside the repository). */
export const CORPORA = CORPORA_DIR;

const NODE_ARGS = ['--disable-warning=ExperimentalWarning', '--experimental-strip-types'];

/** Starts `cli ARGS…` as a child process (with this process's environment unless `env`). */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, [...NODE_ARGS, join(REPO, 'src-main/cli/bin.ts'), ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
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

/** `cli ls --json` of a database (in process): every document with its hash, nodes and links. */
export async function listDocuments(db: string): Promise<unknown> {
  const run = await cli('ls', '--db', db, '--json');
  if (run.status !== 0) throw new Error(`ls failed (${run.status}): ${run.err}`);
  return JSON.parse(run.out);
}

/** `cli index --db DB DIRS…` run to the end in process; throws unless it exits 0. */
export async function indexInProcess(db: string, dirs: string[]): Promise<void> {
  const run = await cli('index', '--db', db, ...dirs);
  if (run.status !== 0) throw new Error(`index failed (${run.status}): ${run.err}`);
}

/** `cli ls --json` of a clean index of `dirs`, made in process in a new database `db`. */
export async function cleanIndex(db: string, dirs: string[]): Promise<unknown> {
  await indexInProcess(db, dirs);
  return listDocuments(db);
}

/**
 * How long `ready` may take: it comes once Node has loaded the CLI from source (about 1 s of CPU,
 * stripping types), the index worker has started (as much again) and the initial index is
 * committed — 20 to 40 s at a load average of 30 on two cores, so more than EVENT_TIMEOUT_MS.
 */
export const READY_TIMEOUT_MS = 90_000;

/** A JSON event printed by `watch --json`. */
export type WatchEvent = { event: string; vault?: string; path?: string | null; message?: string };

/** A running `watch --json` process. */
export interface WatchProcess {
  child: ChildProcess;
  events: WatchEvent[];
  /** When each event arrived (`performance.now()`), in the order of `events`. */
  times: number[];
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
  /** Resolves at `ready` (the initial index committed), waiting up to READY_TIMEOUT_MS. */
  ready(): Promise<WatchEvent>;
  /** Resolves once `quietMs` passed without a new event. */
  quiet(quietMs: number): Promise<void>;
  /**
   * Resolves once `watch` says it has caught up — its latest event is `idle` and `quietMs`
   * passed without another; rejects after `timeoutMs` naming the last events.
   */
  caughtUp(quietMs: number, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit of the process. */
  exit: Promise<CliRun>;
}

/** Starts `watch --db DB --json DIRS…`. */
export function startWatch(db: string, dirs: string[], env?: NodeJS.ProcessEnv): WatchProcess {
  const child = spawnCli(['watch', '--db', db, '--json', ...dirs], env);
  const events: WatchEvent[] = [];
  const times: number[] = [];
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
      times.push(lastEventAt);
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
  const caughtUp = async (quietMs: number, timeoutMs = EVENT_TIMEOUT_MS) => {
    const until = performance.now() + timeoutMs;
    for (;;) {
      if (events.at(-1)?.event === 'idle' && performance.now() - lastEventAt >= quietMs) return;
      const left = until - performance.now();
      const last = () => JSON.stringify(events.slice(-5));
      if (left <= 0)
        throw new Error(`watch did not catch up in ${timeoutMs} ms; events: ${last()}`);
      if (events.at(-1)?.event !== 'idle')
        await next((e) => e.event === 'idle', `idle within ${timeoutMs} ms`, false, left);
      else
        await new Promise((resolve) =>
          setTimeout(resolve, lastEventAt + quietMs - performance.now()),
        );
    }
  };
  const ready = () => next((e) => e.event === 'ready', 'ready', true, READY_TIMEOUT_MS);
  return { child, events, times, next, ready, quiet, caughtUp, exit };
}
