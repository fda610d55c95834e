// `cli watch` as a real process: JSON events after each commit, `idle` once caught up, bad usage,
// and a clean exit on SIGINT and SIGTERM that leaves a sound database.
import Database from 'better-sqlite3';
import { mkdirSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listDocuments, runCli, startWatch } from '../engine/live/cli-process.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';
import { cli } from './cli-helpers.ts';

const dir = tempDir('folio-cli-watch-');

function integrity(db: string): string {
  const connection = new Database(db);
  try {
    return connection.pragma('integrity_check', { simple: true }) as string;
  } finally {
    connection.close();
  }
}

describe('cli watch', () => {
  it('prints ready, then indexed, removed and error events; exits 0 on SIGINT', async () => {
    const root = join(dir, 'notes');
    write(root, 'a.md', '# A\n\nalpha\n');
    const db = join(dir, 'watch.db');
    const watch = startWatch(db, [`${root}=notes`]);
    await watch.next((e) => e.event === 'ready', 'ready');
    expect(watch.events).toEqual([
      { event: 'indexed', vault: 'notes', path: 'a.md' },
      { event: 'ready' },
    ]);

    await watch.next((e) => e.event === 'idle', 'idle after ready');

    let seen = watch.next((e) => e.event === 'indexed' && e.path === 'b.md', 'indexed b.md');
    write(root, 'b.md', '# B\n');
    await seen;
    // Caught up again: `idle` follows the commit (a script waits for it).
    await watch.next((e) => e.event === 'idle', 'idle after b.md');
    expect(watch.events.slice(-2)).toEqual([
      { event: 'indexed', vault: 'notes', path: 'b.md' },
      { event: 'idle' },
    ]);
    seen = watch.next((e) => e.event === 'removed' && e.path === 'a.md', 'removed a.md');
    unlinkSync(join(root, 'a.md'));
    await seen;
    seen = watch.next((e) => e.event === 'error', 'an error event');
    write(root, 'bad.md', new Uint8Array([0xff, 0xfe, 0x41, 0, 0x42, 0]));
    expect(await seen).toEqual({
      event: 'error',
      vault: 'notes',
      path: 'bad.md',
      message: 'UTF-16LE text (byte order mark FF FE); only UTF-8 is read',
    });

    watch.child.kill('SIGINT');
    const run = await watch.exit;
    expect(run).toMatchObject({ status: 0, signal: null });
    expect(run.stderr).not.toMatch(/error|warning/i); // progress lines only
    expect(integrity(db)).toBe('ok');
    expect(await listDocuments(db)).toEqual({
      documents: [{ docId: 'notes:b.md', hash: expect.any(String), nodes: 1, links: '' }],
    });
  });

  it('follows a moved folder, and stops cleanly on SIGTERM', async () => {
    const root = join(dir, 'moving');
    write(root, 'sub/x.md', '# X\n');
    const db = join(dir, 'moving.db');
    const watch = startWatch(db, [root]);
    await watch.next((e) => e.event === 'ready', 'ready');
    const added = watch.next((e) => e.event === 'indexed' && e.path === 'moved/x.md', 'moved/x.md');
    const removed = watch.next((e) => e.event === 'removed' && e.path === 'sub/x.md', 'sub/x.md');
    mkdirSync(join(root, 'moved-parent'));
    renameSync(join(root, 'sub'), join(root, 'moved'));
    await Promise.all([added, removed]);
    watch.child.kill('SIGTERM');
    expect(await watch.exit).toMatchObject({ status: 0, signal: null });
    expect(integrity(db)).toBe('ok');
  });

  it('names what is wrong with its arguments', async () => {
    // One as a real process (its exit status); the others through the same main() in process.
    const missing = await runCli(['watch', '--db', join(dir, 'x.db'), join(dir, 'nope')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/nope: no such folder/);
    const noDb = await cli('watch', dir);
    expect(noDb.status).toBe(2);
    expect(noDb.err).toMatch(/--db FILE is required/);
    const noDir = await cli('watch', '--db', join(dir, 'x.db'));
    expect(noDir.status).toBe(2);
    expect(noDir.err).toMatch(/at least one DIR/);
    const badName = await cli('watch', '--db', join(dir, 'x.db'), `${dir}=Bad Name`);
    expect(badName.status).toBe(2);
    expect(badName.err).toMatch(/vault name "Bad Name"/);
  });
});
