// Running the CLI in-process, with its output captured, and temporary directories.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll } from 'vitest';
import { main } from '../../src-main/cli/bin.ts';

/** The fixture vault of the search tests (one file per edge case). */
export const FIXTURE_VAULT = join(import.meta.dirname, '../fixtures/search/vault');

/** A fresh directory under the OS temp dir, deleted after the calling test file. */
export function tempDir(prefix = 'folio-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

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

/** `cli …argv --json`, parsed; fails the test with the stderr when the status is not 0. */
export async function cliJson<T>(...argv: string[]): Promise<T> {
  const { status, out, err } = await cli(...argv, '--json');
  if (status !== 0) throw new Error(`cli ${argv.join(' ')} → ${status}: ${err}`);
  return JSON.parse(out) as T;
}
