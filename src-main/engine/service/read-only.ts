// The engine opened read-only (docs/mcp.md#read-only): an MCP server serving the app's own index
// while the app runs and writes it. Nothing here writes: no index worker, no watchers, no
// migration, no rebuild. What another process commits is seen at the next read (WAL, `PRAGMA
// data_version`), the settings it saves and the end of a rebuild included.
import type { Statement } from 'better-sqlite3';
import type { Settings, VaultInfo } from '#shared/contract/api.ts';
import { FolioError } from '#shared/contract/engine.ts';
import { vaultRootState } from '../files/vault-root.ts';
import { indexingHash, settingsFromStored } from '../settings/settings.ts';
import { INDEX_FORMAT } from '../store/migrations.ts';
import type { RebuildStart, Registry, VaultRecord } from '../store/registry.ts';
import { vaultInfo } from '../vaults/vaults.ts';

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
  const stored = registry.stamp();
  if (stored === indexingHash(settings, INDEX_FORMAT) || registry.vaults().length === 0) return;
  throw new FolioError(
    'io',
    `database ${dbPath} was indexed by another version of Folio (its index format differs from this one's); serve it with the Folio that wrote it, or index into a new database`,
  );
}

/** A folder as a shell word: quoted unless it holds only characters a shell leaves alone. */
const shellWord = (text: string) =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The error of a read while vaults are owed a rebuild (docs/mcp.md#read-only): a writer cleared
 * them for this version of Folio and has not rebuilt them all yet — it is under way in the app,
 * or was interrupted. The index would answer without them, and a reader cannot rebuild: it
 * refuses, naming the command that finishes the rebuild, and answers once a writer has. (A
 * rebuild for a new stemming language clears nothing: a reader answers through it.)
 */
export function rebuildOwedRefusal(dbPath: string, owed: readonly VaultRecord[]): FolioError {
  const names = `vault${owed.length > 1 ? 's' : ''} ${owed.map((v) => `"${v.name}"`).join(', ')}`;
  const roots = owed.map((vault) => shellWord(vault.root)).join(' ');
  return new FolioError(
    'unavailable',
    `database ${dbPath} is not rebuilt for this version of Folio yet (${names}): read-only, this server cannot rebuild it; run \`cli index --db ${shellWord(dbPath)} ${roots}\` (or open the app, if it is the app's database) and it answers once that is done`,
  );
}

/**
 * The vaults as a reader sees them: no watcher or queue runs here, so `idle` unless offline, or
 * `indexing` while another process rebuilds them for a new stemming language (`rebuilding`).
 */
export function readOnlyVaultInfos(
  registry: Registry,
  rebuilding: readonly string[] = [],
): VaultInfo[] {
  return registry.vaults().map((v) => {
    const offline = vaultRootState(v.root, v.device).offline;
    return vaultInfo(v, offline ? 'offline' : rebuilding.includes(v.name) ? 'indexing' : 'idle');
  });
}

/**
 * Follows what another process stores: the settings it saves (the app's Settings panel), and
 * the vaults it still owes a rebuild.
 */
export class StoredStateFollower {
  private readonly registry: Registry;
  private readonly dataVersion: Statement;
  private version: unknown;
  /** The vaults owed a rebuild, as last read. */
  owed: VaultRecord[];
  /**
   * Why they are owed, as last read: `stemmer`, a writer re-reads them for a new stemming language
   * and nothing was cleared — a reader answers meanwhile, as the writer does; null when none is.
   */
  reason: RebuildStart['reason'] | null;

  constructor(registry: Registry) {
    this.registry = registry;
    this.dataVersion = registry.db.prepare('PRAGMA data_version').pluck();
    this.version = this.dataVersion.get();
    this.owed = registry.rebuildOwed();
    this.reason = this.owedReason();
  }

  /** The vaults a writer is rebuilding for a new stemming language (a reader answers meanwhile). */
  restemming(): string[] {
    return this.reason === 'stemmer' ? this.owed.map((vault) => vault.name) : [];
  }

  private owedReason(): RebuildStart['reason'] | null {
    return this.owed.length === 0 ? null : this.registry.rebuildStart().reason;
  }

  /**
   * When another connection committed since the last call: reads `owed` again and returns the
   * stored settings; else null.
   */
  changed(): Settings | null {
    const version = this.dataVersion.get();
    if (version === this.version) return null;
    this.version = version;
    this.owed = this.registry.rebuildOwed();
    this.reason = this.owedReason();
    return settingsFromStored(this.registry.storedSettings());
  }
}
