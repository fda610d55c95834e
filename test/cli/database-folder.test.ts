// A new database where none can be made: in a folder that does not exist, under a regular file,
// or in a folder this user cannot write. SQLite said only "unable to open database file" (and
// better-sqlite3 "the directory does not exist"); `cli index`, `cli mcp` and `npm run web` now
// name the file and why in one line, exit 1, and make nothing (docs/testing.md#bad-inputs-surface-by-surface-2026-11-28).
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../engine/live/cli-process.ts';
import { runWebToExit } from '../support/web-process.ts';
import { cli, FIXTURE_VAULT, tempDir } from './cli-helpers.ts';

const dir = tempDir();

/**
 * A database path whose folder this user cannot write: a folder of mode 555 — or, for root, whom
 * modes do not bind, a path under a regular file (which fails for every user).
 */
function unwritable(name: string): { db: string; why: string } {
  if (process.getuid?.() !== 0) {
    const folder = join(dir, `${name}-read-only`);
    mkdirSync(folder);
    chmodSync(folder, 0o555);
    return {
      db: join(folder, 'folio.db'),
      why: `its folder ${folder} is not writable by this user`,
    };
  }
  const file = join(dir, `${name}-a-file`);
  writeFileSync(file, 'not a folder\n');
  return { db: join(file, 'folio.db'), why: `${file} is a file, not a folder` };
}

describe('a new --db where no database can be made', () => {
  it('in a folder that does not exist: cli index names the folder, and makes none', async () => {
    const db = join(dir, 'missing', 'folio.db');
    const run = await cli('index', '--db', db, FIXTURE_VAULT);
    expect(run.err).toBe(
      `folio index: database ${db} cannot be created: its folder ${join(dir, 'missing')} does not exist\n`,
    );
    expect(run.status).toBe(1);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });

  it('under a regular file: named as such, however deep', async () => {
    const file = join(dir, 'plain-file');
    writeFileSync(file, 'text\n');
    const db = join(file, 'deeper', 'folio.db');
    const run = await cli('index', '--db', db, FIXTURE_VAULT);
    expect(run.err).toBe(
      `folio index: database ${db} cannot be created: ${file} is a file, not a folder\n`,
    );
    expect(run.status).toBe(1);
  });

  it('in a folder this user cannot write: cli index', async () => {
    const { db, why } = unwritable('index');
    const run = await cli('index', '--db', db, FIXTURE_VAULT);
    expect(run.err).toBe(`folio index: database ${db} cannot be created: ${why}\n`);
    expect(run.status).toBe(1);
  });

  it('in a folder this user cannot write: cli mcp --watch', async () => {
    const { db, why } = unwritable('mcp');
    const run = await runCli(['mcp', '--db', db, '--watch', FIXTURE_VAULT]);
    expect(run.stderr).toBe(`folio mcp: database ${db} cannot be created: ${why}\n`);
    expect(run.status).toBe(1);
  });

  it('in a folder this user cannot write: npm run web, before building anything', async () => {
    const { db, why } = unwritable('web');
    const run = await runWebToExit(['--db', db, FIXTURE_VAULT]);
    expect(run.output).toBe(`folio web: database ${db} cannot be created: ${why}\n`);
    expect(run.status).toBe(1);
  });
});
