// How the read-only commands open an index: the database must exist (the engine would create an
// empty one, and answering from an empty index is a mistake), a rebuild the engine starts on open
// (changed analysis version) is awaited, user errors become one-line CLI errors, and the engine
// always closes.
import { existsSync } from 'node:fs';
import { FolioError, type EngineService } from '../contract/engine.ts';
import { createEngine, engineInternals } from '../engine/create-engine.ts';
import { CliError, UsageError } from './command.ts';

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
    if (error instanceof FolioError) throw new CliError(error.message);
    throw error;
  } finally {
    await engine.close();
  }
}
