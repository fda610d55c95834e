// How the read-only commands open an index: the database must exist (the engine would create an
// empty one, and answering from an empty index is a mistake), a rebuild the engine starts on open
// (an index written by another version of Folio, or the rest of such a rebuild that was
// interrupted) is awaited and shows its progress on stderr, user errors become one-line CLI
// errors, and the engine always closes.
import { existsSync } from 'node:fs';
import { FolioError, type EngineService } from '#shared/contract/engine.ts';
import { rebuildFor } from '#shared/rebuild-wording.ts';
import { createEngine, engineInternals } from '../engine/create-engine.ts';
import { databaseError, isSqliteError } from '../engine/store/database.ts';
import { expandHome } from '../engine/vaults/home-path.ts';
import { CliError, oneLine, UsageError } from './command.ts';
import { progressReporter, type ProgressStream } from './progress.ts';

/**
 * A failure as the CLI reports it (exit 1): the engine's errors as they are, and a SQLite error
 * from a direct read (`ls`, `bench`) naming the database, damaged or not.
 */
export function cliFailure(db: string, error: unknown): unknown {
  if (error instanceof FolioError) return new CliError(error.message);
  if (isSqliteError(error)) return new CliError(databaseError(db, error).message);
  return error;
}

const INTERRUPTED =
  'interrupted while rebuilding; the next command that opens the index finishes the rebuild';

/** Why the command waits, on stderr: what the engine found the index owed when it opened it. */
export function rebuildLine(db: string, engine: EngineService): string | null {
  const internals = engineInternals(engine);
  const rebuild = internals.rebuild();
  if (rebuild === null) return null;
  if (internals.rebuildReason() === 'stemmer') {
    // Another stemming language: nothing was cleared, each note is read again
    // (docs/architecture.md#the-index-is-a-rebuildable-cache).
    const purpose = rebuildFor(
      { reason: 'stemmer', stemmer: internals.settings().stemmer },
      'plain',
    );
    return rebuild === 'new'
      ? `${db} is to be rebuilt for ${purpose}: reading its vault folders again first\n`
      : `${db} was being rebuilt for ${purpose}: resuming that rebuild from its vault folders first\n`;
  }
  const what =
    rebuild === 'new'
      ? 'rebuilding it from its vault folders first'
      : 'resuming its interrupted rebuild from its vault folders first';
  return `${db} was indexed by another version of Folio: ${what}\n`;
}

/**
 * Waits for the engine's rebuild; Ctrl-C stops it between two files (the next opener resumes).
 * A vault that cannot be rebuilt now (its folder offline) does not stop the others: it stays
 * owed, and the warnings returned say so, for after the progress bar.
 */
export async function rebuilt(
  engine: EngineService,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const internals = engineInternals(engine);
  const warnings: string[] = [];
  const stop = () => void engine.close();
  signal?.addEventListener('abort', stop);
  try {
    // A failed job leaves the queue before its failure is seen: waiting again waits for the rest.
    for (;;) {
      try {
        await internals.ready();
        break;
      } catch (error) {
        if (signal?.aborted) break; // a job the close ended mid-file: the interrupt itself
        warnings.push((error as Error).message);
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (signal?.aborted) throw new CliError(INTERRUPTED);
  for (const vault of internals.owed()) {
    warnings.push(
      `vault "${vault}" is not rebuilt yet: answers leave out its notes until a command finds its folder`,
    );
  }
  return warnings;
}

/**
 * A DOCID that names no document (`outline`, `links`): when it is a section id (`note.md#slug`,
 * what `search` prints) of an indexed note, the error says which note id to give. A `#` alone
 * proves nothing: a file name may hold one.
 */
export async function documentNotFound(
  engine: EngineService,
  docId: string,
  error: unknown,
): Promise<unknown> {
  const hash = docId.lastIndexOf('#');
  if (!(error instanceof FolioError) || error.code !== 'not-found' || hash === -1) return error;
  const note = docId.slice(0, hash);
  const indexed = await engine.outline({ docId: note }).then(
    () => true,
    () => false,
  );
  return indexed ? new CliError(`${error.message}: a section's id; its note is "${note}"`) : error;
}

/**
 * The database file `--db` names, checked before anything opens it: an empty value (`--db ""`)
 * let SQLite open a temporary database, and a value ending in a separator made a file of the
 * folder's name. A leading `~` is the home folder: no shell expands it in `--db=~/x.db` or an
 * assistant's configuration.
 */
export function databaseArgument(value: string): string {
  if (value === '') throw new UsageError('--db needs a file name, got ""');
  if (/[\\/]$/.test(value)) {
    throw new UsageError(
      `--db ${value} ends with a separator: give the database file, not a folder`,
    );
  }
  return expandHome(value);
}

/**
 * Runs `work` on the engine of an existing index database named by `--db`. An index written by
 * another version of Folio is rebuilt from its vault folders first, and a rebuild interrupted
 * earlier is finished first (docs/design.md#command-line): minutes for a large vault, so it says
 * why on stderr and shows the progress there.
 */
export async function withIndex<T>(
  db: string | undefined,
  io: { stderr: ProgressStream; signal?: AbortSignal },
  work: (engine: EngineService) => Promise<T>,
): Promise<T> {
  if (db === undefined) throw new UsageError('--db FILE is required');
  db = databaseArgument(db);
  if (!existsSync(db)) throw new CliError(`--db ${db}: no such database (run \`index\` first)`);
  const engine = await createEngine({ dbPath: db, watch: false });
  const progress = progressReporter(io.stderr);
  const unsubscribe = engine.subscribe((event) => {
    if (event.type === 'indexProgress') progress.update(event.progress);
  });
  const line = rebuildLine(db, engine);
  if (line) io.stderr.write(line);
  try {
    const warnings = line ? await rebuilt(engine, io.signal) : [];
    progress.end();
    unsubscribe();
    for (const warning of warnings) io.stderr.write(`warning: ${oneLine(warning)}\n`);
    return await work(engine);
  } catch (error) {
    throw cliFailure(db, error);
  } finally {
    progress.end();
    unsubscribe();
    await engine.close();
  }
}
