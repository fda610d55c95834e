// A rebuild interrupted (docs/design.md#command-line): a read command rebuilding an index written
// by another version of Folio is killed (SIGKILL) mid-way, as a crash or a machine that sleeps
// would, or stopped by Ctrl-C; the next read command resumes the rebuild, says so, and answers from
// the whole vault. The killed command is a process of its own (cli-process.ts, as in
// watch-crash.test.ts); the kill and the Ctrl-C wait for the first progress line, so they land
// mid-way whatever the machine's speed.
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPORA,
  cleanIndex,
  finished,
  indexInProcess,
  listDocuments,
  spawnCli,
} from '../engine/live/cli-process.ts';
import { withIndex } from '../../src-main/cli/open-index.ts';
import { cli } from '../support/cli-main.ts';
import { tempDir } from '../engine/store/temp.ts';

const dir = tempDir('folio-interrupted-');
const root = join(dir, 'notes');

/** How many notes the vault has: several commits of 64 files, ~0.7 s to index them. */
const NOTES = 400;

/** The vault: the first NOTES notes of dendron-vault. */
function dendronVault(): void {
  const corpus = join(CORPORA, 'dendron-vault');
  const names = readdirSync(corpus)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .slice(0, NOTES);
  mkdirSync(root, { recursive: true });
  for (const name of names) copyFileSync(join(corpus, name), join(root, name));
}

/** What the index holds: its stamp, the vaults owed a rebuild and how many files it has. */
function state(db: string): { stamp: string; owed: string[]; files: number } {
  const connection = new Database(db, { readonly: true });
  try {
    const meta = connection.prepare('SELECT key, value FROM meta').all() as Array<{
      key: string;
      value: string;
    }>;
    const files = connection.prepare('SELECT count(*) AS n FROM files').get() as { n: number };
    return {
      stamp: meta.find((row) => row.key === 'indexing_hash')!.value,
      owed: meta.filter((row) => row.key.startsWith('rebuild_owed:')).map((row) => row.value),
      files: files.n,
    };
  } finally {
    connection.close();
  }
}

/** An index of NOTES notes of dendron-vault, stamped by "another version of Folio". */
async function staleIndex(): Promise<string> {
  dendronVault();
  const db = join(dir, 'stale.db');
  await indexInProcess(db, [`${root}=notes`]);
  const stale = new Database(db);
  stale.prepare("UPDATE meta SET value = 'older-folio' WHERE key = 'indexing_hash'").run();
  stale.close();
  return db;
}

let made: Promise<string> | null = null;
let copies = 0;

/** A copy of the stale index (made once, closed: no WAL beside it), for one test. */
async function staleCopy(): Promise<string> {
  made ??= staleIndex();
  const copy = join(dir, `copy-${++copies}.db`);
  copyFileSync(await made, copy);
  return copy;
}

describe('an interrupted rebuild', () => {
  // A `cli search` process loaded from source (about 1 s of CPU, as much for its index worker),
  // then three in-process indexes of 400 notes: seconds of CPU, minutes at a load of 30.
  const TIMEOUT_MS = 180_000;

  it(
    'is resumed by the next read command, which answers from the whole vault',
    { timeout: TIMEOUT_MS },
    async () => {
      const db = await staleCopy();

      const child = spawnCli(['search', '--db', db, 'dendron']);
      const run = finished(child);
      // Killed once the rebuild has committed its first files (its first progress line).
      await new Promise<void>((resolve) => {
        child.stderr!.on('data', function first(data: Buffer) {
          if (!/\d+\/\d+ files/.test(data.toString())) return;
          child.stderr!.off('data', first);
          child.kill('SIGKILL');
          resolve();
        });
        child.on('close', () => resolve());
      });
      const killed = await run;
      expect(killed.signal, killed.stderr).toBe('SIGKILL');
      expect(killed.stderr).toContain(`${db} was indexed by another version of Folio: rebuilding`);
      const interrupted = state(db);
      expect(interrupted.stamp).not.toBe('older-folio'); // stamped, and the vault marked owed
      expect(interrupted.owed).toEqual(['notes']);
      expect(interrupted.files, 'the kill landed mid-way').toBeLessThan(NOTES);

      const resumed = await cli('ls', '--db', db, '--json');
      expect(resumed.status, resumed.err).toBe(0);
      expect(resumed.err).toContain(
        `${db} was indexed by another version of Folio: resuming its interrupted rebuild`,
      );
      expect(JSON.parse(resumed.out)).toEqual(
        await cleanIndex(join(dir, 'clean.db'), [`${root}=notes`]),
      );
      expect(state(db)).toMatchObject({ owed: [], files: NOTES });

      // Rebuilt: the next command opens it without a word.
      const search = await cli('search', '--db', db, '--limit', '1', 'dendron');
      expect([search.status, search.err]).toEqual([0, '']);
      expect(await listDocuments(db)).toEqual(JSON.parse(resumed.out));
    },
  );

  it(
    'is said and counted by `cli index`, which reconciles no vault twice',
    { timeout: TIMEOUT_MS },
    async () => {
      const db = await staleCopy();
      const indexed = await cli('index', '--db', db, `${root}=notes`);
      expect(indexed.status, indexed.err).toBe(0);
      expect(indexed.err).toContain(`${db} was indexed by another version of Folio: rebuilding`);
      // The summary is the rebuild's: every note added again, none found unchanged.
      expect(indexed.out).toMatch(
        new RegExp(
          `^notes \\(.*\\): ${NOTES} documents — ${NOTES} added, 0 modified, 0 removed, 0 unchanged, 0 errors in `,
        ),
      );
      expect(state(db)).toMatchObject({ owed: [], files: NOTES });
    },
  );

  it(
    'leaves a vault whose folder is offline owed, and answers from the others',
    { timeout: TIMEOUT_MS },
    async () => {
      // Two vaults: the 400 notes, and three notes in a folder that then goes offline.
      const away = join(dir, 'usb');
      mkdirSync(away);
      for (const name of ['one', 'two', 'three'])
        writeFileSync(join(away, `${name}.md`), `# ${name}\n`);
      const db = join(dir, 'offline.db');
      await indexInProcess(db, [`${root}=notes`, `${away}=usb`]);
      const stale = new Database(db);
      stale.prepare("UPDATE meta SET value = 'older-folio' WHERE key = 'indexing_hash'").run();
      stale.close();
      renameSync(away, `${away}-unplugged`);

      const listed = await cli('ls', '--db', db);
      expect(listed.status, listed.err).toBe(0);
      expect(listed.err).toContain(`warning: vault "usb": folder ${away} is not there (offline)`);
      expect(listed.err).toContain(
        'warning: vault "usb" is not rebuilt yet: answers leave out its notes until a command finds its folder',
      );
      expect(listed.out.trim().split('\n')).toHaveLength(NOTES);
      expect(state(db).owed).toEqual(['usb']);

      renameSync(`${away}-unplugged`, away);
      const back = await cli('ls', '--db', db);
      expect(back.status, back.err).toBe(0);
      expect(back.err).toContain('resuming its interrupted rebuild');
      expect(back.err).not.toContain('warning');
      expect(back.out.trim().split('\n')).toHaveLength(NOTES + 3);
      expect(state(db).owed).toEqual([]);
    },
  );

  it(
    'stops on Ctrl-C between two files, and leaves the rest owed',
    { timeout: TIMEOUT_MS },
    async () => {
      const db = await staleCopy();
      const ctrlC = new AbortController();
      const stderr = {
        write(text: string) {
          if (/\d+\/\d+ files/.test(text)) ctrlC.abort();
        },
      };
      let answered = false;
      const work = async () => {
        answered = true;
      };
      await expect(withIndex(db, { stderr, signal: ctrlC.signal }, work)).rejects.toThrow(
        'interrupted while rebuilding; the next command that opens the index finishes the rebuild',
      );
      expect(ctrlC.signal.aborted).toBe(true);
      expect(answered).toBe(false);
      const interrupted = state(db);
      expect(interrupted.owed).toEqual(['notes']);
      expect(interrupted.files, 'stopped mid-way').toBeLessThan(NOTES);
    },
  );
});
