// Opening a database: a new one is created and stamped; anything foreign, corrupt or newer is
// refused with one line naming the file, and never overwritten.
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolioError } from '#shared/contract/engine.ts';
import { APPLICATION_ID, openDatabase } from '../../../src-main/engine/store/database.ts';
import { SCHEMA_VERSION } from '../../../src-main/engine/store/migrations.ts';
import { tempDir } from './temp.ts';

const dir = tempDir();

function expectRefused(path: string, pattern: RegExp) {
  const before = readFileSync(path);
  let error: unknown;
  try {
    openDatabase(path);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(FolioError);
  expect((error as Error).message).toContain(path);
  expect((error as Error).message).toMatch(pattern);
  expect((error as Error).message).not.toContain('\n');
  expect(readFileSync(path).equals(before)).toBe(true);
}

describe('openDatabase', () => {
  it('creates, stamps, migrates and uses WAL', () => {
    const db = openDatabase(join(dir, 'new.db'));
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    openDatabase(join(dir, 'new.db')).close(); // and opens again
  });

  it('refuses a file that is not SQLite', () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'my precious notes, not a database\n'.repeat(10));
    expectRefused(path, /not a Folio database \(not an SQLite file\)/);
  });

  it("refuses another program's SQLite database", () => {
    const path = join(dir, 'other.db');
    const db = new Database(path);
    db.exec('CREATE TABLE contacts (name TEXT)');
    db.close();
    expectRefused(path, /belongs to another program/);
  });

  it('refuses a database from a newer Folio', () => {
    const path = join(dir, 'newer.db');
    openDatabase(path).close();
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expectRefused(path, /written by a newer Folio/);
  });

  it('reports a corrupt database by name', () => {
    const path = join(dir, 'corrupt.db');
    openDatabase(path).close();
    const bytes = readFileSync(path);
    bytes.fill(0x5a, 100, bytes.length); // keep the header, destroy everything after it
    writeFileSync(path, bytes);
    expectRefused(path, /corrupt|not a Folio database/);
  });

  it('reports a missing database when it must exist, and a directory', () => {
    expect(() => openDatabase(join(dir, 'missing.db'), { mustExist: true })).toThrow(
      /missing\.db does not exist/,
    );
    mkdirSync(join(dir, 'adir'));
    expect(() => openDatabase(join(dir, 'adir'))).toThrow(/adir is a directory/);
  });
});
