// A database in a folder the user cannot write to cannot even be read: SQLite must create the
// -wal and -shm files of a WAL database beside it, and this build cannot open a file `immutable`.
// The CLI says so in one line naming the file and the folder. (Folder permissions do not bind
// root, which runs the CI here, so the error SQLite raises then is built with its own class;
// checked by hand as `nobody` on a folder of mode 555: the same line, exit 1.)
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseError } from '../../src-main/engine/store/database.ts';

describe('a database in a read-only folder', () => {
  it('is named with its folder and what to do', () => {
    const path = join('/srv', 'shared', 'folio.db');
    const error = new Database.SqliteError(
      'attempt to write a readonly database',
      'SQLITE_READONLY_DIRECTORY',
    );
    expect(databaseError(path, error).message).toBe(
      'database /srv/shared/folio.db cannot be opened: its folder /srv/shared is read-only, and SQLite must create folio.db-wal and folio.db-shm beside it even to read; copy the database to a folder you can write to',
    );
  });

  it('and a read-only file is named as one that cannot be written', () => {
    const error = new Database.SqliteError(
      'attempt to write a readonly database',
      'SQLITE_READONLY',
    );
    expect(databaseError('/srv/folio.db', error).message).toBe(
      'database /srv/folio.db cannot be opened (attempt to write a readonly database)',
    );
  });
});
