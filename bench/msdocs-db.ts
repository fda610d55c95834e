// The msdocs-cpp index the UI and typed-prefix benchmarks share: built once into a cached
// database under the system's temporary folder, brought up to date (a no-op when nothing
// changed) on every run.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main as cli } from '../src-main/cli/bin.ts';
import { corpusDir } from '../test/support/corpora.ts';

/** The cached msdocs-cpp database, indexed or updated now (`fresh`: rebuilt from nothing). */
export async function msdocsDatabase(fresh = false): Promise<string> {
  const dir = join(tmpdir(), 'folio-ui-bench');
  const db = join(dir, 'msdocs-cpp.db');
  if (fresh) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const io = {
    stdout: process.stdout,
    stderr: process.stderr,
    signal: new AbortController().signal,
  };
  console.log(`${existsSync(db) ? 'updating' : 'indexing msdocs-cpp into'} ${db}`);
  const status = await cli(['index', '--db', db, `${corpusDir('msdocs-cpp')}=msdocs`], io);
  if (status !== 0) throw new Error(`cli index failed (${status})`);
  return db;
}
