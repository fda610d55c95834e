// Files that are not notes, with real processes: a named pipe (FIFO), a socket, links into
// /proc, /sys and /dev in a vault, a FIFO put in a note's place while a large vault is indexed, a
// FIFO given as a command's file; and SIGINT/SIGTERM while the index worker chunks a 30 MB note.
// Nothing may block: each is refused in one line naming the file, and a signal ends the command
// within seconds whatever it is doing.
import Database from 'better-sqlite3';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  finished,
  indexInProcess,
  listDocuments,
  spawnCli,
  startWatch,
  type CliRun,
} from '../engine/live/cli-process.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';

const dir = tempDir('folio-hostile-');
const children: ChildProcess[] = [];
// A child still running (a hang before the fix) is killed, never left behind.
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * How long a signalled command may take to end. The goal is 2 s; a loaded test machine (load
 * average 17 on 2 cores here) stretches it, and the old behaviour waited 5 s for the worker, or
 * for ever on a FIFO.
 */
const STOP_WITHIN_MS = 4000;

function mkfifo(path: string): void {
  execFileSync('mkfifo', [path]);
}

/** Runs `cli ARGS…`; a run still going after `ms` is killed and reported as `timedOut`. */
async function runWithin(args: string[], ms: number): Promise<CliRun & { timedOut: boolean }> {
  const child = spawnCli(args);
  children.push(child);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, ms);
  const run = await finished(child);
  clearTimeout(timer);
  return { ...run, timedOut };
}

/** CPU time (ms) used so far by the threads of `pid` named WorkerThread (Node's worker threads). */
function workerCpuMs(pid: number): number {
  let ticks = 0; // clock ticks are 10 ms on Linux
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const base = `/proc/${pid}/task/${task}`;
    try {
      if (readFileSync(`${base}/comm`, 'utf8').trim() !== 'WorkerThread') continue;
      const fields = readFileSync(`${base}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ticks * 10;
}

/** Resolves once the index in `db` holds a file at `path` (committed, read-only look). */
async function committedFile(child: ChildProcess, db: string, path: string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`index ended before ${path} was committed`);
    try {
      const reader = new Database(db, { readonly: true, fileMustExist: true });
      try {
        if (reader.prepare('SELECT 1 FROM files WHERE path = ?').get(path)) return;
      } finally {
        reader.close();
      }
    } catch {
      // not made yet, or its tables not yet created
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once the worker threads of `pid` used `ms` more CPU time than `since`. */
async function workerWorked(pid: number, since: number, ms: number): Promise<void> {
  while (workerCpuMs(pid) < since + ms) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('hostile files', () => {
  it('refuses pipes, sockets and links into /proc, /sys and /dev, naming each', async () => {
    const root = join(dir, 'zoo');
    write(root, 'a.md', '# A\n\nan ordinary note\n');
    mkfifo(join(root, 'pipe.md'));
    symlinkSync('/proc/self/environ', join(root, 'environ.md'));
    symlinkSync('/proc', join(root, 'proc-link'));
    symlinkSync('/sys/kernel', join(root, 'sys-link'));
    symlinkSync('/dev/zero', join(root, 'zero.md'));
    // Links to folders holding the vault: the whole disk, and everything beside the vault.
    symlinkSync('/', join(root, 'root-link'));
    symlinkSync(dir, join(root, 'parent-link'));
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(root, 'socket.md'), resolve));
    const canary = `canary${randomBytes(8).toString('hex')}`;
    const db = join(dir, 'zoo.db');
    try {
      const child = spawnCli(['index', '--db', db, root]);
      children.push(child);
      const run = await finished(child);
      expect(run.stderr).toContain('zoo:pipe.md: is a named pipe (FIFO), not a file');
      expect(run.stderr).toContain('zoo:socket.md: is a socket, not a file');
      for (const [path, folder] of [
        ['environ.md', '/proc'],
        ['proc-link', '/proc'],
        ['sys-link', '/sys'],
        ['zero.md', '/dev'],
      ]) {
        expect(run.stderr).toContain(`zoo:${path}: leads into the system folder ${folder}`);
      }
      for (const [path, folder] of [
        ['root-link', '/'],
        ['parent-link', realpathSync(dir)],
      ]) {
        expect(run.stderr).toContain(
          `zoo:${path}: leads to ${folder}, a folder holding the vault, which is never walked`,
        );
      }
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/1 documents — 1 added.*8 errors/);
    } finally {
      server.close();
    }
    // The environment of the indexing process never reaches the index.
    const secret = await runWithin(['search', '--db', db, canary], 60_000);
    expect(secret.stdout).toBe('no results\n');
    expect(await listDocuments(db)).toMatchObject({ documents: [{ docId: 'zoo:a.md' }] });
  });

  it('skips a note replaced by a FIFO while a large vault is indexed, and keeps going', async () => {
    const root = join(dir, 'large');
    const count = 1500;
    for (let i = 0; i < count; i++) {
      const name = `n${String(i).padStart(4, '0')}.md`;
      write(root, name, `# Note ${i}\n\n${'some words of a note '.repeat(40)}\n`);
    }
    const last = join(root, `n${count - 1}.md`);
    const watch = startWatch(join(dir, 'large.db'), [`${root}=large`]);
    children.push(watch.child);
    // The first commit: the walk is done and the last note is far from being read.
    await watch.next((e) => e.event === 'indexed', 'the first commit');
    rmSync(last);
    mkfifo(last);
    const refused = await watch.next(
      (e) => e.event === 'error' && e.path === `n${count - 1}.md`,
      'the FIFO to be refused',
    );
    expect(refused.message).toBe('is a named pipe (FIFO), not a file');
    await watch.next((e) => e.event === 'ready', 'the end of the initial index', true);
    expect(watch.events.filter((e) => e.event === 'indexed')).toHaveLength(count - 1);
    const signalled = performance.now();
    watch.child.kill('SIGINT');
    const run = await watch.exit;
    expect(performance.now() - signalled).toBeLessThan(STOP_WITHIN_MS);
    expect(run.status).toBe(0);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'ends `index` on %s while the worker chunks a 30 MB note, database intact',
    async (signal) => {
      const root = join(dir, `huge-${signal}`);
      write(root, 'small.md', '# Small\n\nindexed before the huge one\n');
      writeFileSync(join(root, 'z-huge.md'), `# Huge\n\n${'word pair '.repeat(3_000_000)}\n`);
      const db = join(dir, `huge-${signal}.db`);
      const child = spawnCli(['index', '--db', db, root]);
      children.push(child);
      const exit = finished(child);
      // The states the test needs, whatever the machine's load: the small note committed, then
      // the worker half a second of CPU into the huge one (chunking it takes 10–40 s here).
      await committedFile(child, db, 'small.md');
      await workerWorked(child.pid!, workerCpuMs(child.pid!), 500);
      const signalled = performance.now();
      child.kill(signal);
      const run = await exit;
      expect(performance.now() - signalled).toBeLessThan(STOP_WITHIN_MS);
      // Stopped cleanly (exit 1), or ended by the signal at the CLI's own deadline on a busy
      // machine (cli/stop-signals.ts: never an abort, status 134, as process.exit could give).
      expect(run.stderr).toMatch(
        /interrupted; the files indexed so far are kept|folio: stopping took too long; exiting/,
      );
      expect(run.status === 1 || (run.status === null && run.signal === signal)).toBe(true);
      // What was committed is there, and the database opens.
      expect(await listDocuments(db)).toMatchObject({
        documents: [{ docId: expect.stringMatching(/:small\.md$/) }],
      });
    },
    120_000,
  );

  // Three `cli` processes (a FIFO opened in this process would block it), each loading the CLI
  // from source: about 1 s of CPU each, half a minute or more at a load average of 20 on two
  // cores; runWithin gives each up to 60 s before calling it a hang.
  const FIFO_CASES_TIMEOUT_MS = 180_000;

  it(
    'refuses a FIFO given as --queries or --db in one line, without waiting on it',
    { timeout: FIFO_CASES_TIMEOUT_MS },
    async () => {
      const fifo = join(dir, 'queries.json');
      mkfifo(fifo);
      const db = join(dir, 'small.db');
      write(join(dir, 'small'), 'a.md', '# A\n\nalpha\n');
      await indexInProcess(db, [join(dir, 'small')]);
      const cases: Array<[string[], string]> = [
        [
          ['bench', '--db', db, '--queries', fifo],
          `folio bench: --queries ${fifo}: is a named pipe (FIFO), not a file\n`,
        ],
        [
          ['eval', '--db', db, '--queries', fifo],
          `folio eval: --queries ${fifo}: is a named pipe (FIFO), not a file\n`,
        ],
        [
          ['search', '--db', fifo, 'alpha'],
          `folio search: database ${fifo} is a named pipe (FIFO), not a file\n`,
        ],
      ];
      for (const [args, err] of cases) {
        const run = await runWithin(args, 60_000);
        expect(run.timedOut).toBe(false);
        expect(run.stderr).toBe(err);
        expect(run.status).toBe(1);
      }
    },
  );
});
