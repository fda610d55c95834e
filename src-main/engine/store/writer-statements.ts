// The statements of the index's write side (`index-writer.ts`), prepared once per connection.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';
import { NODE_COLUMNS } from './node-rows.ts';

/** Every statement the writer runs, prepared once. */
export function writerStatements(db: Db): Record<string, Statement> {
  const s = (sql: string) => db.prepare(sql);
  return {
    manifest: s('SELECT id, path, size, mtime_ms, hash FROM files WHERE vault_id = ?'),
    errors: s('SELECT path, size, mtime_ms, message FROM file_errors WHERE vault_id = ?'),
    // A path and everything under it as a folder: `p/` ≤ path < `p0` ('0' follows '/').
    manifestUnder: s(`SELECT id, path, size, mtime_ms, hash FROM files WHERE vault_id = ?
      AND (path = ? OR (path >= ? AND path < ?))`),
    errorsUnder: s(`SELECT path, size, mtime_ms, message FROM file_errors WHERE vault_id = ?
      AND (path = ? OR (path >= ? AND path < ?))`),
    file: s('SELECT id, first_node, node_count FROM files WHERE vault_id = ? AND path = ?'),
    nextNode: s('SELECT next_node FROM vaults WHERE id = ?'),
    bumpNextNode: s('UPDATE vaults SET next_node = next_node + ? WHERE id = ?'),
    deleteFile: s('DELETE FROM files WHERE id = ?'),
    deleteNodes: s('DELETE FROM nodes WHERE id >= ? AND id < ?'),
    deleteFts: s('DELETE FROM fts WHERE rowid = ?'),
    insertFile: s(`INSERT INTO files (vault_id, path, size, mtime_ms, hash, kind, file_title, tags,
      aliases, frontmatter, warnings, first_node, node_count, content, deflated, indexed_at,
      links_state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`),
    // Frontmatter dates in a narrow table of their own: read at search time, never beside
    // the content.
    insertDates: s('INSERT INTO file_dates (file_id, date, created, updated) VALUES (?, ?, ?, ?)'),
    deleteDates: s('DELETE FROM file_dates WHERE file_id = ?'),
    deleteVaultDates: s(
      'DELETE FROM file_dates WHERE file_id IN (SELECT id FROM files WHERE vault_id = ?)',
    ),
    insertNode: s(
      `INSERT INTO nodes (${NODE_COLUMNS.join(', ')}) VALUES (${NODE_COLUMNS.map(() => '?').join(', ')})`,
    ),
    insertFts: s(
      'INSERT INTO fts (rowid, title, tags, path, path_components, body, context) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    touch: s('UPDATE files SET size = ?, mtime_ms = ? WHERE id = ?'),
    recordError:
      s(`INSERT INTO file_errors (vault_id, path, message, size, mtime_ms, at) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (vault_id, path) DO UPDATE SET message = excluded.message, size = excluded.size,
      mtime_ms = excluded.mtime_ms, at = excluded.at`),
    clearError: s('DELETE FROM file_errors WHERE vault_id = ? AND path = ?'),
    vaultFiles: s('SELECT id, first_node, node_count FROM files WHERE vault_id = ?'),
    deleteVaultFiles: s('DELETE FROM files WHERE vault_id = ?'),
    deleteVaultErrors: s('DELETE FROM file_errors WHERE vault_id = ?'),
    resetNextNode: s('UPDATE vaults SET next_node = ? WHERE id = ?'),
    linksPending: s('SELECT id, path FROM files WHERE vault_id = ? AND links_state = 0'),
    storedContent: s('SELECT content, deflated FROM files WHERE id = ?'),
    linksDone: s('UPDATE files SET links_state = 1 WHERE id = ?'),
  };
}
