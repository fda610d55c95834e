// How the read-only commands open an index: the database must exist (the engine would create an
// empty one, and answering from an empty index is a mistake), a rebuild the engine starts on open
// (changed analysis version) is awaited, user errors become one-line CLI errors, and the engine
// always closes.
import { existsSync } from 'node:fs';
import { FolioError, type EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../engine/create-engine.ts';
import { databaseError, isSqliteError } from '../engine/store/database.ts';
import { CliError, UsageError } from './command.ts';

/**
 * A failure as the CLI reports it (exit 1): the engine's errors as they are, and a SQLite error
 * from a direct read (`ls`, `bench`) naming the database, damaged or not.
 */
export function cliFailure(db: string, error: unknown): unknown {
  if (error instanceof FolioError) return new CliError(error.message);
  if (isSqliteError(error)) return new CliError(databaseError(db, error).message);
  return error;
}

/** Runs `work` on the engine of an existing index database named by `--db`. */
export async function withIndex<T>(
  db: string | undefined,
  work: (engine: EngineService) => Promise<T>,
): Promise<T> {
  if (!db) throw new UsageError('--db FILE is required');
  if (!existsSync(db)) throw new CliError(`--db ${db}: no such database (run \`index\` first)`);
  const engine = await createEngine({ dbPath: db, watch: false });
  try {
    await engineInternals(engine).ready();
    return await work(engine);
  } catch (error) {
    throw cliFailure(db, error);
  } finally {
    await engine.close();
  }
}
