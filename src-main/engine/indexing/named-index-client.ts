// The index worker client whose SQLite failures name the database file: the worker reports only
// SQLite's message and code, and a damaged database must be named wherever it shows.
import { databaseError, isSqliteError } from '../store/database.ts';
import { IndexWorkerClient, type IndexClientOptions } from './index-client.ts';

/** `IndexWorkerClient` whose reconcile and clear failures name the database (`databaseError`). */
export class NamedIndexClient extends IndexWorkerClient {
  private readonly dbPath: string;

  constructor(options: IndexClientOptions) {
    super(options);
    this.dbPath = options.dbPath;
  }

  private named = (error: unknown): never => {
    throw isSqliteError(error) ? databaseError(this.dbPath, error) : error;
  };

  override reconcile(...args: Parameters<IndexWorkerClient['reconcile']>) {
    return super.reconcile(...args).catch(this.named);
  }

  override clearVault(vaultId: number) {
    return super.clearVault(vaultId).catch(this.named);
  }
}
