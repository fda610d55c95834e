// Temporary directories for tests, removed at the end of the test file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

// Registered when a test file imports this module (its collection), so it runs even for folders
// made inside a hook or a test, where a hook registered then would be ignored; and, hooks running
// in stack order, after the file's own `afterAll`s (an engine is closed before its folder goes).
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory under the OS temp dir, deleted after the calling test file. */
export function tempDir(prefix = 'folio-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
