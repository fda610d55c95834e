// The terminal progress of `cli index` and `cli watch`, and of a read command that must rebuild an
// index first.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { IndexProgress } from '#shared/contract/api.ts';
import { progressLine, progressReporter } from '../../src-main/cli/progress.ts';
import { cli, tempDir } from './cli-helpers.ts';

const progress = (done: number, errors = 0): IndexProgress => ({
  vault: 'docs',
  phase: 'indexing',
  done,
  total: 200,
  currentPath: 'guide/intro.md',
  errors,
});

describe('progress', () => {
  it('draws a bar with counts, the current path and errors', () => {
    expect(progressLine(progress(50), 10)).toBe('docs [###-------] 50/200 guide/intro.md');
    expect(progressLine(progress(200, 2), 10)).toBe(
      'docs [##########] 200/200 guide/intro.md (2 errors)',
    );
    expect(progressLine({ ...progress(0), total: 0, currentPath: null }, 4)).toBe(
      'docs [----] 0/0 ',
    );
  });

  it('counts the vaults a rebuild of several has done, in the words of the app', () => {
    const rebuild = { reason: 'stemmer', stemmer: 'none', vaults: 2, vaultsDone: 1 } as const;
    expect(progressLine({ ...progress(50), rebuild }, 10)).toBe(
      'docs (1 of 2 vaults done) [###-------] 50/200 guide/intro.md',
    );
    const alone = { ...progress(50), rebuild: { ...rebuild, vaults: 1, vaultsDone: 0 } };
    expect(progressLine(alone, 10)).toBe('docs [###-------] 50/200 guide/intro.md');
    const out: string[] = [];
    progressReporter({ write: (text: string) => out.push(text) }).update({
      ...progress(10),
      rebuild,
    });
    expect(out).toEqual(['docs (1 of 2 vaults done): 10/200 files\n']);
  });

  it('redraws in place on a TTY and clears the line at the end', () => {
    const out: string[] = [];
    const reporter = progressReporter({ isTTY: true, write: (text: string) => out.push(text) });
    reporter.update({ ...progress(0), phase: 'scanning' });
    reporter.update(progress(10));
    reporter.update(progress(11)); // within 100 ms: skipped
    reporter.end();
    expect(out).toEqual([`\r\x1b[K${progressLine(progress(10))}`, '\r\x1b[K']);
  });

  it('writes plain lines when not on a TTY', () => {
    const out: string[] = [];
    const reporter = progressReporter({ write: (text: string) => out.push(text) });
    reporter.update(progress(10));
    reporter.end();
    expect(out).toEqual(['docs: 10/200 files\n']);
  });
});

describe('a read command on an index written by another version of Folio', () => {
  it('says it rebuilds it first, then answers from the rebuilt index', async () => {
    const dir = tempDir();
    const root = join(dir, 'vault');
    mkdirSync(root);
    writeFileSync(join(root, 'tar.md'), '# tar\n\n- E[x]tract an archive\n');
    const db = join(dir, 'index.db');
    expect((await cli('index', '--db', db, `${root}=v`)).status).toBe(0);
    const stale = new Database(db);
    stale.prepare("UPDATE meta SET value = 'stale' WHERE key = 'indexing_hash'").run();
    stale.close();
    const { status, out, err } = await cli('search', '--db', db, 'extract');
    expect(status).toBe(0);
    expect(err).toContain(`${db} was indexed by another version of Folio: rebuilding it`);
    expect(out).toContain('v:tar.md');
    // Rebuilt once: the next command says nothing.
    expect((await cli('search', '--db', db, 'extract')).err).toBe('');
  });
});

describe('a read command on an index whose stemming language changed', () => {
  it('says it re-reads the notes for that language, then answers with it', async () => {
    const dir = tempDir();
    const root = join(dir, 'vault');
    mkdirSync(root);
    writeFileSync(join(root, 'tar.md'), '# tar\n\nExtracting an archive\n');
    const db = join(dir, 'index.db');
    expect((await cli('index', '--db', db, `${root}=v`)).status).toBe(0);
    expect((await cli('search', '--db', db, 'extract')).out).toContain('v:tar.md');
    // The setting saved, the index not yet stamped for it (the app stopped in between).
    const changed = new Database(db);
    changed
      .prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('stemmer', '\"none\"')")
      .run();
    changed.close();
    const { status, err } = await cli('search', '--db', db, 'extracting');
    expect(status).toBe(0);
    expect(err).toContain(
      `${db} is to be rebuilt for the stemming language "none": reading its vault folders again first`,
    );
    expect(err).not.toContain('another version of Folio');
    // Stems of the old language are gone: "extract" no longer finds "Extracting".
    const after = await cli('search', '--db', db, 'extracting');
    expect(after.err).toBe('');
    expect(after.out).toContain('v:tar.md');
    expect((await cli('search', '--db', db, 'extract')).out).not.toContain('v:tar.md');
  });
});
