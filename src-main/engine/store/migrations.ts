// Numbered, forward-only schema migrations (docs/architecture.md#the-index-is-a-rebuildable-cache).
// Each runs in one transaction that also sets `user_version`, so a database is always at exactly
// one version. Never edit a released migration: append a new one (and its test).
import type Database from 'better-sqlite3';

/** One schema step: `version` is the `user_version` after it ran. */
export interface Migration {
  version: number;
  /** What it changes, for the test and the log. */
  description: string;
  up(db: Database.Database): void;
}

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description:
      'registry, settings, manifest with indexed content, nodes, FTS5 index, file errors',
    // size: the first schema, one CREATE per table; a released migration is never edited.
    up(db) {
      db.exec(`
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE vaults (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL UNIQUE,
          root TEXT NOT NULL,
          pinned INTEGER NOT NULL DEFAULT 0,
          ignore TEXT NOT NULL DEFAULT '[]',
          sample INTEGER NOT NULL DEFAULT 0,
          next_node INTEGER NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE files (
          id INTEGER PRIMARY KEY,
          vault_id INTEGER NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
          path TEXT NOT NULL,
          size INTEGER NOT NULL,
          mtime_ms REAL NOT NULL,
          hash TEXT NOT NULL,
          kind TEXT NOT NULL,
          file_title TEXT NOT NULL,
          tags TEXT NOT NULL,
          aliases TEXT NOT NULL,
          metadata TEXT NOT NULL,
          frontmatter TEXT,
          warnings TEXT NOT NULL,
          first_node INTEGER NOT NULL,
          node_count INTEGER NOT NULL,
          content BLOB NOT NULL,
          indexed_at INTEGER NOT NULL,
          UNIQUE (vault_id, path)
        );
        CREATE TABLE nodes (
          id INTEGER PRIMARY KEY,
          file_id INTEGER NOT NULL,
          parent INTEGER,
          position INTEGER NOT NULL,
          depth INTEGER NOT NULL,
          child_count INTEGER NOT NULL,
          title TEXT NOT NULL,
          slug TEXT,
          heading_start INTEGER NOT NULL,
          byte_start INTEGER NOT NULL,
          byte_end INTEGER NOT NULL,
          body_ranges TEXT NOT NULL,
          is_chunk INTEGER NOT NULL,
          breadcrumb TEXT NOT NULL,
          start_line INTEGER NOT NULL,
          end_line INTEGER NOT NULL,
          token_estimate INTEGER NOT NULL
        );
        CREATE TABLE file_errors (
          vault_id INTEGER NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
          path TEXT NOT NULL,
          message TEXT NOT NULL,
          size INTEGER NOT NULL,
          mtime_ms REAL NOT NULL,
          at INTEGER NOT NULL,
          PRIMARY KEY (vault_id, path)
        ) WITHOUT ROWID;
        CREATE VIRTUAL TABLE fts USING fts5(
          title, tags, path, path_components, body,
          content = '', contentless_delete = 1, tokenize = 'ascii'
        );
        CREATE VIRTUAL TABLE fts_vocab USING fts5vocab(fts, 'row');
      `);
    },
  },
  {
    version: 2,
    description:
      'files: drop metadata (re-derivable from the stored content), deflate flag for large content; nodes: ancestor positions',
    up(db) {
      db.exec(`
        ALTER TABLE files DROP COLUMN metadata;
        ALTER TABLE files ADD COLUMN deflated INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE nodes ADD COLUMN ancestors TEXT NOT NULL DEFAULT '';
      `);
    },
  },
  {
    version: 3,
    description:
      'FTS5: a `context` column (ancestor headings and file title) that matches but barely scores; the index is emptied and rebuilt',
    up(db) {
      // FTS5 tables cannot gain a column: drop and recreate. The index is a rebuildable cache:
      // emptying the manifest makes the next reconcile index every file again.
      db.exec(`
        DROP TABLE fts_vocab;
        DROP TABLE fts;
        DELETE FROM nodes;
        DELETE FROM files;
        UPDATE vaults SET next_node = id * ${2 ** 36};
        CREATE VIRTUAL TABLE fts USING fts5(
          title, tags, path, path_components, body, context,
          content = '', contentless_delete = 1, tokenize = 'ascii'
        );
        CREATE VIRTUAL TABLE fts_vocab USING fts5vocab(fts, 'row');
      `);
    },
  },
  {
    version: 4,
    description:
      'vaults: the device (`stat().dev`) the folder last held files on, to tell an unmounted disk from an emptied vault',
    up(db) {
      // NULL until the next reconcile sees the folder with files: nothing is known before that.
      db.exec('ALTER TABLE vaults ADD COLUMN device INTEGER');
    },
  },
  {
    version: 5,
    description:
      'links between documents (resolved to a file and node), block ids, frontmatter dates; files already indexed get theirs from their stored content',
    up(db) {
      // `links_state` 0: the file was indexed before links existed; the next reconcile reads its
      // links and dates from the stored content (docs/links.md#storage), keeping the index.
      // Links are kept in the order of the name they point by: a note's backlinks, and the
      // links a write must resolve again, are one range.
      db.exec(`
        ALTER TABLE files ADD COLUMN links_state INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX files_links_pending ON files (vault_id) WHERE links_state = 0;
        CREATE TABLE file_dates (
          file_id INTEGER PRIMARY KEY,
          date REAL,
          created REAL,
          updated REAL
        );
        CREATE TABLE links (
          vault_id INTEGER NOT NULL,
          name_hash INTEGER NOT NULL,
          file_id INTEGER NOT NULL,
          seq INTEGER NOT NULL,
          from_node INTEGER NOT NULL,
          start INTEGER NOT NULL,
          length INTEGER NOT NULL,
          kind INTEGER NOT NULL,
          target TEXT NOT NULL,
          to_file INTEGER,
          to_node INTEGER,
          PRIMARY KEY (vault_id, name_hash, file_id, seq)
        ) WITHOUT ROWID;
        CREATE INDEX links_by_file ON links (file_id, seq);
        CREATE TABLE blocks (
          file_id INTEGER NOT NULL,
          key TEXT NOT NULL,
          node INTEGER NOT NULL,
          PRIMARY KEY (file_id, key)
        ) WITHOUT ROWID;
      `);
    },
  },
];

/** The schema version this code writes. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/**
 * The schema version of the last migration that changed what the index holds (3: the FTS5
 * context column). It is part of the indexing hash, so such a migration rebuilds every index;
 * one that does not (4: a vault's device) keeps them — an index is not thrown away, unmounted
 * vaults' included, for a column beside it. Raise it with a migration that needs a rebuild.
 */
export const INDEX_FORMAT = 3;

/** Runs every migration above the database's `user_version`, each in its own transaction. */
export function migrate(db: Database.Database, upTo = SCHEMA_VERSION): number {
  let version = db.pragma('user_version', { simple: true }) as number;
  for (const migration of MIGRATIONS) {
    if (migration.version <= version || migration.version > upTo) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
    version = migration.version;
  }
  return version;
}
