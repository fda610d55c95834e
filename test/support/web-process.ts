// `npm run web` as a child process, for the browser tests and the UI benchmark: started with
// `--no-build` and the arguments given, ready once it has printed its URL and its vaults.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ApiResult } from '#shared/contract/api.ts';

const REPO = join(import.meta.dirname, '..', '..');
const WEB_ENTRY = join(REPO, 'src-main', 'bridge', 'web.ts');

/** A `npm run web` process that has printed its URL. */
export interface WebProcess {
  child: ChildProcess;
  origin: string;
  token: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Calls the API as the page would; throws on an error result. */
  call<T>(method: string, argument?: unknown): Promise<T>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

/** Starts `npm run web --no-build ARGS…` and waits until it serves. */
export async function spawnWeb(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<WebProcess> {
  const child = spawn(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      '--experimental-strip-types',
      WEB_ENTRY,
      '--no-build',
      ...args,
    ],
    {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Each browser test starts a bridge from source: a shared compile cache (keyed by the
      // modules' contents) spares each one stripping the app's types and compiling its modules
      // again (docs/testing.md#processes-started-by-tests).
      env: { NODE_COMPILE_CACHE: join(REPO, '.folio-tmp', 'compile-cache'), ...env },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  // The URL line comes first, the vault lines after it: wait for the last line.
  const served = /Folio is served at (http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)[^]*Press Ctrl\+C/;
  let match: RegExpExecArray | null;
  while (!(match = served.exec(output))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`the bridge did not start:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  const [, origin, token] = match as unknown as [string, string, string];
  const call = async <T>(method: string, argument?: unknown): Promise<T> => {
    const response = await fetch(`${origin}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-folio-token': token },
      body: JSON.stringify(argument ?? null),
    });
    const result = (await response.json()) as ApiResult<T>;
    if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
    return result.value;
  };
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, origin, token, output: () => output, call, stop };
}

/** What a `npm run web` that stopped by itself printed, and its exit status. */
export interface WebRun {
  status: number | null;
  output: string;
}

/**
 * Runs `npm run web --no-build ARGS…` that is expected to refuse and exit (a bad database or
 * folder); one that starts serving instead is stopped, and its status is null.
 */
export async function runWebToExit(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<WebRun> {
  const node = ['--disable-warning=ExperimentalWarning', '--experimental-strip-types'];
  const child = spawn(process.execPath, [...node, WEB_ENTRY, '--no-build', ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let output = '';
  let stopping = false;
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    if (stopping || !output.includes('Press Ctrl+C')) return;
    // It serves, which the test did not expect: stop it, and for sure (a failing test leaks none).
    stopping = true;
    child.kill('SIGTERM');
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5_000).unref();
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const status = await new Promise<number | null>((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => done(code));
  });
  return { status: output.includes('Press Ctrl+C') ? null : status, output };
}
