// The engine opened read-only (docs/mcp.md#read-only): an MCP server serving the app's own index
// while the app runs and writes it. Nothing here writes: no index worker, no watchers, no
// migration. What another process commits is seen at the next read (WAL, `PRAGMA data_version`),
// the settings it saves included.
import type { Statement } from 'better-sqlite3';
import type { Settings, VaultInfo } from '#shared/contract/api.ts';
import { FolioError } from '#shared/contract/engine.ts';
import { vaultRootState } from '../files/vault-root.ts';
import { indexingHash, settingsFromStored } from '../settings/settings.ts';
import { INDEX_FORMAT } from '../store/migrations.ts';
import type { Registry } from '../store/registry.ts';
import { vaultInfo } from '../vaults/vaults.ts';

const HASH_KEY = 'indexing_hash';

/** The error of every operation that would write (vaults, settings, watching). */
export function readOnlyRefusal(what: string): FolioError {
  return new FolioError(
    'forbidden',
    `${what} is not possible: this index is open read-only (serve folders, or use the app, to change it)`,
  );
}

/**
 * Throws when the index was built with other analysis than this build's (another index format,
 * another analysis version): its terms would not match the queries' terms. An index without
 * vaults has nothing to mismatch.
 */
export function checkReadOnlyStamp(registry: Registry, settings: Settings, dbPath: string): void {
  const stored = registry.meta(HASH_KEY);
  if (stored === indexingHash(settings, INDEX_FORMAT) || registry.vaults().length === 0) return;
  throw new FolioError(
    'io',
    `database ${dbPath} was indexed by another version of Folio (its index format differs from this one's); serve it with the Folio that wrote it, or index into a new database`,
  );
}

/** The vaults as a reader sees them: no watcher or queue runs here, so `idle` unless offline. */
export function readOnlyVaultInfos(registry: Registry): VaultInfo[] {
  return registry
    .vaults()
    .map((v) => vaultInfo(v, vaultRootState(v.root, v.device).offline ? 'offline' : 'idle'));
}

/** Notices settings another process saved (the app's Settings panel) since the last look. */
export class StoredSettingsFollower {
  private readonly registry: Registry;
  private readonly dataVersion: Statement;
  private version: unknown;

  constructor(registry: Registry) {
    this.registry = registry;
    this.dataVersion = registry.db.prepare('PRAGMA data_version').pluck();
    this.version = this.dataVersion.get();
  }

  /** The stored settings when another connection committed since the last call, else null. */
  changed(): Settings | null {
    const version = this.dataVersion.get();
    if (version === this.version) return null;
    this.version = version;
    return settingsFromStored(this.registry.storedSettings());
  }
}
