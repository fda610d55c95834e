// The database's disk, for real: a tmpfs too small for the index, then grown (the files the full
// disk stopped are indexed by the next run, none is blamed for it), and a read-only mount (named
// as such instead of "unable to open database file"). Mounting needs root, as tests here and in
// CI run; where it is refused these tests cannot run (test/engine/indexing/database-full.test.ts
// covers the full database without a mount).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPORA, listDocuments, runCli } from '../engine/live/cli-process.ts';
import { tempDir } from '../engine/store/temp.ts';

const dir = tempDir('folio-mounts-');
const mounted: string[] = [];

/** Mounts a tmpfs of `size` at a new folder; null when this process may not mount. */
function mountTmpfs(name: string, size: string): string | null {
  const at = join(dir, name);
  mkdirSync(at);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', at], { stdio: 'ignore' });
  } catch {
    return null;
  }
  mounted.push(at);
  return at;
}

function remount(at: string, options: string): void {
  execFileSync('mount', ['-o', `remount,${options}`, at]);
}

// Before the folders are removed (temp.ts's hook runs after this file's own).
afterAll(() => {
  for (const at of mounted) execFileSync('umount', [at]);
});

const canMount = (() => {
  const probe = mountTmpfs('probe', '1m');
  return probe !== null;
})();

describe.runIf(canMount)('the database on a real mount', () => {
  it('indexes on the next run what a full disk stopped, blaming no file', async () => {
    const disk = mountTmpfs('full', '1m')!;
    const db = join(disk, 'folio.db');
    const vault = `${join(CORPORA, 'rust-book')}=rust`;
    const full = await runCli(['index', '--db', db, vault]);
    expect(full.stderr).toContain(`database ${db}: database or disk is full`);
    expect(full.stderr).not.toMatch(/warning: rust:/);
    expect(full.status).toBe(1);
    remount(disk, 'size=64m');
    for (let run = 0; run < 2; run++) {
      const again = await runCli(['index', '--db', db, vault]);
      expect(again.stderr).not.toContain('warning');
      expect(again.stdout).toMatch(/rust \(.*\): 112 documents — .* 0 errors in/);
      expect(again.status).toBe(0);
    }
    const clean = join(dir, 'clean.db');
    expect((await runCli(['index', '--db', clean, vault])).status).toBe(0);
    expect(await listDocuments(db)).toEqual(await listDocuments(clean));
  }, 300_000);

  it('names a read-only mount instead of "unable to open database file"', async () => {
    const disk = mountTmpfs('read-only', '8m')!;
    const db = join(disk, 'folio.db');
    const sample = join(import.meta.dirname, '../../resources/sample-vault');
    expect((await runCli(['index', '--db', db, `${sample}=sample`])).status).toBe(0);
    remount(disk, 'ro');
    const why = 'is on a read-only file system (mounted read-only)';
    const search = await runCli(['search', '--db', db, 'battery']);
    expect(search.stderr.startsWith(`folio search: database ${db} ${why}`)).toBe(true);
    expect(search.stderr.split('\n')).toHaveLength(2); // one line
    expect(search.status).toBe(1);
    const fresh = join(disk, 'new.db');
    const index = await runCli(['index', '--db', fresh, `${sample}=sample`]);
    expect(index.stderr.startsWith(`folio index: database ${fresh} ${why}`)).toBe(true);
    expect(index.stderr.split('\n')).toHaveLength(2);
    expect(index.status).toBe(1);
  }, 120_000);
});
