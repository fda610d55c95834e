// Each migration, tested (docs/architecture.md#the-index-is-a-rebuildable-cache): it runs in one
// transaction with its user_version, and the schema it leaves behind is usable.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS, SCHEMA_VERSION } from '../../../src-main/engine/store/migrations.ts';
import { tempDir } from './temp.ts';

const dir = tempDir();

/** A vault and one file row as schemas 2 and 3 hold them (the file's first node given). */
function seedVaultAndFile(db: Database.Database, vaultId: number, firstNode: number): void {
  db.prepare(
    `INSERT INTO vaults (id, name, root, pinned, next_node, created_at)
     VALUES (?, 'v', '/x', 1, ?, 5)`,
  ).run(vaultId, firstNode + 28);
  db.prepare(
    `INSERT INTO files (id, vault_id, path, size, mtime_ms, hash, kind, file_title, tags, aliases,
      frontmatter, warnings, first_node, node_count, content, indexed_at)
     VALUES (7, ?, 'a.md', 3, 1, 'h', 'markdown', 'A', '[]', '[]', NULL, '[]', ?, 1, X'616263', 0)`,
  ).run(vaultId, firstNode);
}

describe('migrations', () => {
  it('are numbered 1, 2, 3… without gaps and end at SCHEMA_VERSION', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('migration 1 creates the registry, manifest, nodes, FTS5 index and vocabulary', () => {
    const db = new Database(join(dir, 'm1.db'));
    expect(migrate(db, 1)).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'meta',
        'settings',
        'vaults',
        'files',
        'nodes',
        'file_errors',
        'fts',
      ]),
    );
    db.prepare(
      "INSERT INTO vaults (name, root, next_node, created_at) VALUES ('v', '/x', 68719476736, 0)",
    ).run();
    db.prepare(
      "INSERT INTO fts (rowid, title, tags, path, path_components, body) VALUES (1, 'a', '', 'p', 'p', 'b b')",
    ).run();
    expect(db.prepare('SELECT rowid FROM fts WHERE fts MATCH \'"b"\'').pluck().all()).toEqual([1]);
    expect(db.prepare('SELECT term, doc FROM fts_vocab ORDER BY term').all()).toEqual([
      { term: 'a', doc: 1 },
      { term: 'b', doc: 1 },
      { term: 'p', doc: 1 },
    ]);
    db.prepare('DELETE FROM fts WHERE rowid = 1').run();
    expect(db.prepare('SELECT rowid FROM fts WHERE fts MATCH \'"b"\'').all()).toEqual([]);
    db.close();
  });

  it('migration 2 drops the metadata copy, adds the deflate flag and ancestor positions, keeps rows', () => {
    const db = new Database(join(dir, 'm2.db'));
    migrate(db, 1);
    db.prepare(
      "INSERT INTO vaults (id, name, root, next_node, created_at) VALUES (1, 'v', '/x', 0, 0)",
    ).run();
    db.prepare(
      `INSERT INTO files (id, vault_id, path, size, mtime_ms, hash, kind, file_title, tags, aliases,
        metadata, frontmatter, warnings, first_node, node_count, content, indexed_at)
       VALUES (7, 1, 'a.md', 3, 1, 'h', 'markdown', 'A', '[]', '[]', '{"k":1}', NULL, '[]', 5, 1, X'616263', 0)`,
    ).run();
    db.prepare(
      `INSERT INTO nodes (id, file_id, parent, position, depth, child_count, title, slug,
        heading_start, byte_start, byte_end, body_ranges, is_chunk, breadcrumb, start_line,
        end_line, token_estimate) VALUES (5, 7, NULL, 0, 0, 0, 'A', NULL, 0, 0, 3, '[[0,3]]', 1, '> A', 1, 1, 1)`,
    ).run();
    expect(migrate(db, 2)).toBe(2);
    const columns = (table: string) =>
      db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all();
    expect(columns('files')).not.toContain('metadata');
    expect(columns('files')).toContain('deflated');
    expect(columns('nodes')).toContain('ancestors');
    expect(db.prepare('SELECT path, deflated, content FROM files').get()).toEqual({
      path: 'a.md',
      deflated: 0,
      content: Buffer.from('abc'),
    });
    expect(db.prepare('SELECT title, ancestors FROM nodes').get()).toEqual({
      title: 'A',
      ancestors: '',
    });
    db.close();
  });

  it('migration 3 rebuilds the FTS5 index with a context column and empties the manifest', () => {
    const db = new Database(join(dir, 'm3.db'));
    migrate(db, 2);
    seedVaultAndFile(db, 2, 137438953472);
    db.prepare(
      "INSERT INTO fts (rowid, title, tags, path, path_components, body) VALUES (137438953472, 'a', '', 'p', 'p', 'b')",
    ).run();
    expect(migrate(db, 3)).toBe(3);
    // Every file is indexed again by the next reconcile: nothing is left to be out of step.
    expect(db.prepare('SELECT count(*) FROM files').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM nodes').pluck().get()).toBe(0);
    expect(db.prepare('SELECT next_node FROM vaults').pluck().get()).toBe(2 * 2 ** 36);
    db.prepare(
      `INSERT INTO fts (rowid, title, tags, path, path_components, body, context)
       VALUES (1, 'remark', '', 'p', 'p', 'undefin', 'clamp')`,
    ).run();
    const match = (q: string) =>
      db.prepare('SELECT rowid FROM fts WHERE fts MATCH ?').pluck().all(q);
    expect(match('"clamp" AND "undefin"')).toEqual([1]);
    expect(match('{context} : "undefin"')).toEqual([]);
    expect(db.prepare("SELECT doc FROM fts_vocab WHERE term = 'clamp'").pluck().get()).toBe(1);
    db.close();
  });

  it('migration 4 adds the device a vault last held files on, unknown (NULL) for every vault, keeping rows', () => {
    const db = new Database(join(dir, 'm4.db'));
    migrate(db, 3);
    seedVaultAndFile(db, 1, 68719476736);
    expect(migrate(db, 4)).toBe(4);
    expect(db.prepare('SELECT name, pinned, next_node, device FROM vaults').get()).toEqual({
      name: 'v',
      pinned: 1,
      next_node: 68719476736 + 28,
      device: null,
    });
    expect(db.prepare('SELECT path FROM files').pluck().all()).toEqual(['a.md']);
    db.prepare('UPDATE vaults SET device = ? WHERE id = 1').run(2 ** 40 + 3); // wide device ids
    expect(db.prepare('SELECT device FROM vaults').pluck().get()).toBe(2 ** 40 + 3);
    db.close();
  });

  it('migration 5 adds links, blocks and dates beside the index, keeping it: indexed files wait for their links', () => {
    const db = new Database(join(dir, 'm5.db'));
    migrate(db, 4);
    seedVaultAndFile(db, 1, 68719476736);
    expect(migrate(db, 5)).toBe(5);
    expect(db.prepare('SELECT path, links_state FROM files').get()).toEqual({
      path: 'a.md',
      links_state: 0,
    });
    // The partial index finds the files still waiting without reading any file row.
    const plan = db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT id, path FROM files WHERE vault_id = 1 AND links_state = 0',
      )
      .all() as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join()).toContain('files_links_pending');
    db.prepare(
      `INSERT INTO links (file_id, seq, vault_id, from_node, start, length, kind, target, name_hash,
        to_file, to_node) VALUES (7, 0, 1, 68719476736, 0, 5, 0, 'b', 42, NULL, NULL)`,
    ).run();
    db.prepare("INSERT INTO blocks (file_id, key, node) VALUES (7, 'id', 68719476736)").run();
    db.prepare('INSERT INTO file_dates (file_id, created) VALUES (7, 1.5e12)').run();
    expect(
      db.prepare('SELECT target FROM links WHERE vault_id = 1 AND name_hash = 42').pluck().all(),
    ).toEqual(['b']);
    db.close();
  });

  it('a failing migration leaves the database at the previous version, untouched', () => {
    const db = new Database(join(dir, 'fail.db'));
    db.exec('CREATE TABLE meta (x)'); // migration 1 will collide with this
    expect(() => migrate(db)).toThrow(/already exists/);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(
      db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'vaults'").pluck().get(),
    ).toBe(0);
    db.close();
  });

  it('running them again does nothing', () => {
    const db = new Database(join(dir, 'again.db'));
    migrate(db);
    expect(migrate(db)).toBe(SCHEMA_VERSION);
    db.close();
  });
});
