// The CLI run in this process: `main()` of src-main/cli/bin.ts with its output captured — the
// same command as a `cli` process, without starting Node and loading the CLI again. No vitest
// import, so scripts/watch-storms.ts can use it too.
import { PassThrough } from 'node:stream';
import { main } from '../../src-main/cli/bin.ts';

/** Runs `cli …argv` and returns its exit status and what it wrote. */
export async function cli(
  ...argv: string[]
): Promise<{ status: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => (out += chunk));
  stderr.on('data', (chunk) => (err += chunk));
  const status = await main(argv, { stdout, stderr, signal: new AbortController().signal });
  return { status, out, err };
}
