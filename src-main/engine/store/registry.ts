// The vault registry, the persisted settings and the index stamp, on the engine's connection.
// The stamp names the analysis the index was built with; beside it, one meta row per vault still
// owed a rebuild for a new stamp, and one saying when and why that rebuild began
// (docs/architecture.md#the-index-is-a-rebuildable-cache).
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';
import type { VaultRow } from './index-reader.ts';
import { vaultRowidBase } from './node-rows.ts';

/** A registered vault with its counts. */
export interface VaultRecord {
  id: number;
  name: string;
  root: string;
  pinned: boolean;
  ignore: string[];
  sample: boolean;
  /** The device (`stat().dev`) its folder last held files on; null until a reconcile saw them. */
  device: number | null;
  documents: number;
  errors: number;
}

/** A registered vault as the registry reads it: the reader's row, its device and its counts. */
interface VaultDbRow extends VaultRow {
  device: number | null;
  documents: number;
  errors: number;
}

const toRecord = (row: VaultDbRow): VaultRecord => ({
  id: row.id,
  name: row.name,
  root: row.root,
  pinned: row.pinned === 1,
  ignore: JSON.parse(row.ignore) as string[],
  sample: row.sample === 1,
  device: row.device,
  documents: row.documents,
  errors: row.errors,
});

/** The meta key of the index stamp: a hash of the settings and format the index was built with. */
const STAMP_KEY = 'indexing_hash';

/** The meta key marking a vault owed a rebuild for a new stamp; its value: the vault's name. */
const OWED_PREFIX = 'rebuild_owed:';

/** The meta key of the rebuild under way: a `RebuildStart` as JSON. */
const REBUILD_KEY = 'rebuild_start';

/** Why the vaults are owed a rebuild, and where it began. */
export interface RebuildStart {
  /**
   * `stemmer`: a new stemming language, each file's old rows kept until it is read again;
   * `version`: another analysis or index format, the vaults cleared first.
   */
  reason: 'stemmer' | 'version';
  /**
   * The highest file id when it began. A file written since gets a higher one (SQLite gives a new
   * row the highest rowid plus one), so an owed vault's files at or below it still hold the old
   * analysis: its whole reconcile reads them again, whatever their stamp on disk. (A new row may
   * take a deleted higher row's id and be read once more: never the other way round.)
   */
  lastFile: number;
}

/** The rebuild under way as the index worker's connection reads it (`indexing/indexer.ts`). */
export function rebuildStartOf(db: Db): (vaultId: number) => RebuildStart | null {
  const meta = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
  return (vaultId) => {
    if (meta.get(OWED_PREFIX + vaultId) === undefined) return null;
    return parseRebuildStart(meta.get(REBUILD_KEY) as string | undefined);
  };
}

/** A stored `RebuildStart`; one marked before it was stored (an older Folio) cleared its vaults. */
function parseRebuildStart(value: string | undefined): RebuildStart {
  try {
    const start = JSON.parse(value ?? '') as RebuildStart;
    const { reason, lastFile } = start;
    if (typeof lastFile === 'number' && (reason === 'stemmer' || reason === 'version'))
      return start;
  } catch {
    // absent or not JSON: the rebuild of an older Folio
  }
  return { reason: 'version', lastFile: 0 };
}

const VAULT_SELECT = `SELECT v.id, v.name, v.root, v.pinned, v.ignore, v.sample, v.device,
  (SELECT count(*) FROM files f WHERE f.vault_id = v.id) AS documents,
  (SELECT count(*) FROM file_errors e WHERE e.vault_id = v.id) AS errors FROM vaults v`;

/** Vaults, settings and meta values. */
export class Registry {
  private readonly statements: Record<string, Statement>;
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
    const s = (sql: string) => db.prepare(sql);
    this.statements = {
      list: s(`${VAULT_SELECT} ORDER BY v.name`),
      ids: s('SELECT id FROM vaults').pluck(),
      names: s('SELECT name FROM vaults ORDER BY name').pluck(),
      idOf: s('SELECT id FROM vaults WHERE name = ?').pluck(),
      byName: s(`${VAULT_SELECT} WHERE v.name = ?`),
      insert: s(
        `INSERT INTO vaults (name, root, sample, next_node, created_at) VALUES (?, ?, ?, 0, ?)`,
      ),
      setBase: s('UPDATE vaults SET next_node = ? WHERE id = ?'),
      remove: s('DELETE FROM vaults WHERE id = ?'),
      owed: s(`SELECT key FROM meta WHERE key >= '${OWED_PREFIX}' AND key < '${OWED_PREFIX}~'`),
      deleteMeta: s('DELETE FROM meta WHERE key = ?'),
      update: s('UPDATE vaults SET pinned = ?, ignore = ? WHERE id = ?'),
      settings: s('SELECT key, value FROM settings'),
      setSetting: s(`INSERT INTO settings (key, value) VALUES (?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`),
      meta: s('SELECT value FROM meta WHERE key = ?'),
      lastFile: s('SELECT max(id) FROM files').pluck(),
      setMeta: s(`INSERT INTO meta (key, value) VALUES (?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`),
      fileErrors: s(`SELECT v.name AS vault, e.path, e.message, e.at FROM file_errors e
        JOIN vaults v ON v.id = e.vault_id WHERE ? IS NULL OR v.name = ? ORDER BY v.name, e.path`),
    };
  }

  vaults(): VaultRecord[] {
    return (this.statements.list!.all() as VaultDbRow[]).map(toRecord);
  }

  /** The names of the registered vaults (without counting their files). */
  vaultNames(): string[] {
    return this.statements.names!.all() as string[];
  }

  /** The ids of the registered vaults (without counting their files). */
  vaultIds(): Set<number> {
    return new Set(this.statements.ids!.all() as number[]);
  }

  /** The id of the vault named `name` (without counting its files). */
  vaultId(name: string): number | undefined {
    return this.statements.idOf!.get(name) as number | undefined;
  }

  vault(name: string): VaultRecord | undefined {
    const row = this.statements.byName!.get(name) as VaultDbRow | undefined;
    return row && toRecord(row);
  }

  /** Registers a vault (name and root already validated). */
  addVault(name: string, root: string, sample: boolean): VaultRecord {
    this.db.transaction(() => {
      const id = Number(
        this.statements.insert!.run(name, root, sample ? 1 : 0, Date.now()).lastInsertRowid,
      );
      this.statements.setBase!.run(vaultRowidBase(id), id);
    })();
    return this.vault(name)!;
  }

  /**
   * Unregisters a vault; its documents must have been removed from the index first. A rebuild it
   * was owed goes with it, in the same transaction.
   */
  removeVault(id: number): void {
    this.db.transaction(() => {
      this.statements.remove!.run(id);
      this.statements.deleteMeta!.run(OWED_PREFIX + id);
    })();
  }

  updateVault(id: number, pinned: boolean, ignore: string[]): void {
    this.statements.update!.run(pinned ? 1 : 0, JSON.stringify(ignore), id);
  }

  fileErrors(
    vault: string | null,
  ): Array<{ vault: string; path: string; message: string; at: number }> {
    return this.statements.fileErrors!.all(vault, vault) as Array<{
      vault: string;
      path: string;
      message: string;
      at: number;
    }>;
  }

  /** Stored settings as JSON values by key. */
  storedSettings(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const row of this.statements.settings!.all() as Array<{ key: string; value: string }>) {
      try {
        out[row.key] = JSON.parse(row.value);
      } catch {
        // a hand-edited value that is not JSON falls back to the default
      }
    }
    return out;
  }

  saveSettings(values: Record<string, unknown>): void {
    this.db.transaction(() => {
      for (const [key, value] of Object.entries(values))
        this.statements.setSetting!.run(key, JSON.stringify(value));
    })();
  }

  /** The index stamp (undefined in a new database, or one from before stamps). */
  stamp(): string | undefined {
    return (this.statements.meta!.get(STAMP_KEY) as { value: string } | undefined)?.value;
  }

  /**
   * Stamps the index, marks each of `owed` as owed a rebuild and records when and why it began —
   * in one transaction, so an index never carries the new stamp without the marks of the
   * vaults it still lacks. `version`: the vaults were cleared first; `stemmer`: their rows stay
   * until each file is read again.
   */
  restamp(stamp: string, owed: readonly VaultRecord[], reason: RebuildStart['reason']): void {
    this.db.transaction(() => {
      const lastFile = (this.statements.lastFile!.get() as number | null) ?? 0;
      const start: RebuildStart = { reason, lastFile };
      this.statements.setMeta!.run(STAMP_KEY, stamp);
      this.statements.setMeta!.run(REBUILD_KEY, JSON.stringify(start));
      for (const vault of owed) this.statements.setMeta!.run(OWED_PREFIX + vault.id, vault.name);
    })();
  }

  /** Why vaults are owed a rebuild and where it began (meaningful while `rebuildOwed()` lists any). */
  rebuildStart(): RebuildStart {
    return parseRebuildStart(
      (this.statements.meta!.get(REBUILD_KEY) as { value: string } | undefined)?.value,
    );
  }

  /** The registered vaults owed a rebuild (for the stamp, not yet wholly reconciled). */
  rebuildOwed(): VaultRecord[] {
    const ids = new Set(
      (this.statements.owed!.all() as Array<{ key: string }>).map((row) =>
        Number(row.key.slice(OWED_PREFIX.length)),
      ),
    );
    return ids.size === 0 ? [] : this.vaults().filter((vault) => ids.has(vault.id));
  }

  /** A whole reconcile of the vault committed: it owes no rebuild any more. */
  rebuilt(vaultId: number): void {
    this.statements.deleteMeta!.run(OWED_PREFIX + vaultId);
  }
}
