// Opening the database: WAL, migrations, and refusing anything that is not a Folio database
// (a foreign or corrupt file is reported by name and never overwritten).
import { accessSync, closeSync, constants, existsSync, readSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Database from 'better-sqlite3';
import { FolioError } from '#shared/contract/engine.ts';
import { NotRegularFileError, openRegularFile } from '../files/regular-file.ts';
import { databaseFolderError, databaseFolderProblem } from './database-folder.ts';
import { migrate, SCHEMA_VERSION } from './migrations.ts';

/** `PRAGMA application_id` of Folio databases ("Foli"). */
export const APPLICATION_ID = 0x466f6c69;

/** A better-sqlite3 connection. */
export type Db = Database.Database;

const SQLITE_HEADER = 'SQLite format 3\0';

function readHeader(path: string): string {
  const { fd } = openRegularFile(path); // never blocks, e.g. on a named pipe
  try {
    const buffer = Buffer.alloc(16);
    const read = readSync(fd, buffer, 0, 16, 0);
    return buffer.subarray(0, read).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/** True for an error SQLite raised (`code` SQLITE_…), on this thread or in the index worker. */
export function isSqliteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

/**
 * True when another connection held the database past the busy timeout (a `cli index` or a
 * second Folio writing): nothing is wrong with the file being indexed, and a later try works.
 * The message is checked too: the error may have crossed from the index worker as text.
 */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
  return error instanceof Error && /database (table )?is locked/.test(error.message);
}

/** SQLite's messages for faults of the database, not of what was being written into it. */
const DATABASE_FAULT_MESSAGE =
  /(database or disk is full|disk I\/O error|database (table )?is locked|unable to open database file|attempt to write a readonly database|database disk image is malformed|file is not a database|out of memory)/;

/**
 * True when an error is the database's fault — full, locked, unwritable, damaged, out of memory
 * — rather than the file being indexed: such an error is never recorded against the file (the
 * file would stay out of the index until it changed on disk); the job fails instead and the next
 * one indexes the file. Only SQLITE_TOOBIG (a value over SQLite's size limit) is the file's.
 * The message is checked too: errors cross from the index worker, and older versions recorded
 * such errors against files.
 */
export function isDatabaseFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return code !== 'SQLITE_TOOBIG';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return DATABASE_FAULT_MESSAGE.test(message);
}

/**
 * Turns a SQLite error into a one-line `FolioError` naming the database file. Extended codes
 * count (`SQLITE_CORRUPT_VTAB`: a damaged FTS5 table); a damaged file is never rebuilt in place.
 */
export function databaseError(path: string, error: unknown): FolioError {
  if (error instanceof FolioError) return error;
  const code = (error as { code?: string }).code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB')) {
    return new FolioError(
      'io',
      `database ${path} is corrupt (${message}); it is left as it is: index into a new database file, or move this one away and index again`,
    );
  }
  if (code === 'SQLITE_READONLY_DIRECTORY') {
    // Even a read needs the -wal and -shm files beside a WAL database, and this build of SQLite
    // cannot open a file `immutable` (no URI filenames), which would be unsafe beside a writer.
    return new FolioError(
      'io',
      `database ${path} cannot be opened: its folder ${dirname(path)} is read-only, and SQLite must create ${basename(path)}-wal and ${basename(path)}-shm beside it even to read; copy the database to a folder you can write to`,
    );
  }
  if (code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM') {
    if (onReadOnlyFileSystem(path)) {
      return new FolioError(
        'io',
        `database ${path} is on a read-only file system (mounted read-only); SQLite writes beside a database even to read it: use one in a writable folder`,
      );
    }
    return new FolioError('io', `database ${path} cannot be opened (${message})`);
  }
  return new FolioError('io', `database ${path}: ${message}`);
}

/** True when the database (or, before it exists, its folder) is on a read-only mount. */
function onReadOnlyFileSystem(path: string): boolean {
  try {
    accessSync(existsSync(path) ? path : dirname(path), constants.W_OK);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EROFS';
  }
}

function checkIdentity(db: Db, path: string): void {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = db
    .prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'")
    .get() as { n: number };
  if (applicationId === 0 && version === 0 && tables.n === 0) {
    // Only settable before anything is written: lets a large merge hand its freed pages back.
    db.pragma('auto_vacuum = INCREMENTAL');
    db.pragma(`application_id = ${APPLICATION_ID}`);
    return;
  }
  if (applicationId !== APPLICATION_ID) {
    throw new FolioError(
      'io',
      `database ${path} is not a Folio database (it belongs to another program); refusing to touch it`,
    );
  }
  if (version > SCHEMA_VERSION) {
    throw new FolioError(
      'io',
      `database ${path} was written by a newer Folio (schema ${version}, this one knows ${SCHEMA_VERSION})`,
    );
  }
}

/** How to open the database. */
export interface OpenOptions {
  /** Fail with `not-found` instead of creating a missing database (CLI read commands). */
  mustExist?: boolean;
  /**
   * Open for reading only (`mcp` without folders, beside a running app): nothing is written —
   * no migration, no pragma that writes — and the database must exist at this schema version.
   */
  readOnly?: boolean;
}

/** Opens (creating if missing) and migrates a Folio database; throws `FolioError` naming the file. */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  if (existsSync(path)) {
    if (statSync(path).isDirectory())
      throw new FolioError('invalid-argument', `database ${path} is a directory`);
    let header: string;
    try {
      header = readHeader(path);
    } catch (error) {
      // A named pipe or device where the database should be: SQLite would block reading it.
      if (error instanceof NotRegularFileError)
        throw new FolioError('invalid-argument', `database ${path} ${error.message}`);
      throw error;
    }
    if (header.length > 0 && header !== SQLITE_HEADER) {
      throw new FolioError(
        'io',
        `database ${path} is not a Folio database (not an SQLite file); refusing to overwrite it`,
      );
    }
  } else if (options.mustExist || options.readOnly) {
    throw new FolioError('not-found', `database ${path} does not exist (run \`index\` first)`);
  } else {
    const problem = databaseFolderProblem(path);
    if (problem) throw databaseFolderError(path, problem);
  }
  if (options.readOnly) return openReadOnly(path);
  let db: Db | undefined;
  try {
    db = new Database(path);
    db.pragma('busy_timeout = 5000');
    checkIdentity(db, path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    return db;
  } catch (error) {
    db?.close();
    throw databaseError(path, error);
  }
}

/**
 * Bytes of the file a read-only connection (`cli mcp` serving an index) reads through a memory
 * map, not `read()` into SQLite's own page cache: the server's searches, each after an idle spell,
 * cost ~4 % less CPU (docs/benchmarks.md#mcp). SQLite drops the map when another connection
 * changed the file.
 */
const READ_ONLY_MMAP_BYTES = 256 * 1024 * 1024;

/**
 * A read-only connection (docs/mcp.md#read-only): WAL lets it read the last committed state
 * while another process writes, and it never takes a write lock, so it never blocks that writer.
 * A database of another schema version is refused: migrating it is the writer's job.
 */
function openReadOnly(path: string): Db {
  let db: Db | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    db.pragma(`mmap_size = ${READ_ONLY_MMAP_BYTES}`);
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    const version = db.pragma('user_version', { simple: true }) as number;
    if (applicationId !== APPLICATION_ID) {
      throw new FolioError('io', `database ${path} is not a Folio database (or not yet written)`);
    }
    if (version !== SCHEMA_VERSION) {
      throw new FolioError(
        'io',
        `database ${path} has schema ${version}, this Folio reads schema ${SCHEMA_VERSION}: open it once with the Folio that matches, or index into a new database`,
      );
    }
    return db;
  } catch (error) {
    db?.close();
    throw databaseError(path, error);
  }
}
