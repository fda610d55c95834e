// Running the CLI in-process, with its output captured, and temporary directories.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { cli } from '../support/cli-main.ts';

export { cli };

/** The fixture vault of the search tests (one file per edge case). */
export const FIXTURE_VAULT = join(import.meta.dirname, '../fixtures/search/vault');

/** A fresh directory under the OS temp dir, deleted after the calling test file. */
export function tempDir(prefix = 'folio-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `cli …argv --json`, parsed; fails the test with the stderr when the status is not 0. */
export async function cliJson<T>(...argv: string[]): Promise<T> {
  const { status, out, err } = await cli(...argv, '--json');
  if (status !== 0) throw new Error(`cli ${argv.join(' ')} → ${status}: ${err}`);
  return JSON.parse(out) as T;
}
