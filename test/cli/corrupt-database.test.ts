// A damaged database is named in the one line that reports it, whichever page is damaged and
// whichever command finds it (issue 3), and no command writes to it.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from './cli-helpers.ts';

const SAMPLE_VAULT = join(import.meta.dirname, '../../resources/sample-vault');

/** The same bytes every run (a seeded LCG), so a failure reproduces. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

describe('a database with a damaged page', () => {
  const dir = tempDir();
  const clean = join(dir, 'clean.db');
  let pages: { pageno: number; name: string }[] = [];
  let pageSize = 4096;

  beforeAll(async () => {
    expect((await cli('index', '--db', clean, `${SAMPLE_VAULT}=work`)).status).toBe(0);
    const db = new Database(clean, { readonly: true });
    pageSize = db.pragma('page_size', { simple: true }) as number;
    // Page 1 holds the header and the schema: damaging it is the "not a Folio database" case.
    pages = db
      .prepare('SELECT pageno, name FROM dbstat WHERE pageno > 1 ORDER BY pageno')
      .all() as {
      pageno: number;
      name: string;
    }[];
    db.close();
  });

  // Every page of the sample vault's index (37) damaged in turn, and four commands run on each in
  // process: most `index` runs start an index worker thread (about 0.4 s of CPU to load its
  // modules), some 15 s of CPU in all — over a minute at a load average of 20 on two cores, three
  // at 38.
  const TIMEOUT_MS = 300_000;

  it(
    'is named by every command that meets the damage, and left as it is',
    { timeout: TIMEOUT_MS },
    async () => {
      const named = new Set<string>();
      for (const { pageno, name } of pages) {
        const db = join(dir, `page-${pageno}.db`);
        copyFileSync(clean, db);
        const bytes = readFileSync(db);
        noise(3996 - 100, pageno).copy(bytes, (pageno - 1) * pageSize + 100);
        writeFileSync(db, bytes);
        for (const argv of [
          ['search', '--db', db, 'battery'],
          ['ls', '--db', db],
          ['outline', '--db', db, 'work:Roadmap.md'],
          ['index', '--db', db, `${SAMPLE_VAULT}=work`],
        ]) {
          const { status, err } = await cli(...argv);
          const problems = err.split('\n').filter((line) => line.startsWith('folio '));
          if (status === 0 || !/malformed|corrupt|not a database/.test(err)) continue;
          const what = `page ${pageno} (${name}), ${argv[0]}`;
          expect(problems, what).toEqual([
            expect.stringContaining(`database ${db} is corrupt (`) as string,
          ]);
          expect(status, what).toBe(1);
          named.add(argv[0]!);
        }
        expect(readFileSync(db).equals(bytes), `page ${pageno} (${name}) rewritten`).toBe(true);
      }
      // The damage was met on opening, by the index worker, by a search and by a direct read.
      expect([...named].sort()).toEqual(['index', 'ls', 'outline', 'search']);
    },
  );
});
