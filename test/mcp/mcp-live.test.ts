// `cli mcp` while the index changes: serving folders it keeps indexed (an edit is found once the
// server says it indexed it), serving read-only a database another process writes meanwhile,
// and ending cleanly on Ctrl-C and when the client goes away.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cli } from '../cli/cli-helpers.ts';
import { finished, REPO, runCli } from '../engine/live/cli-process.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';
import { startMcp, textOf, type McpSession } from './mcp-client.ts';

const dir = tempDir('folio-mcp-live-');
/** Each test starts real processes (seconds each on a busy machine). */
const LONG = 120_000;

const ids = async (mcp: McpSession, query: string) => {
  const result = await mcp.call('search', { query, strict: true });
  expect(result.isError, textOf(result)).toBeFalsy();
  return (result.structuredContent as { results: Array<{ id: string }> }).results.map((r) => r.id);
};

describe('cli mcp with folders', () => {
  it(
    'says a vault is still being indexed while its folder is read whole, and not once it is',
    async () => {
      const root = join(dir, 'growing');
      const db = join(dir, 'growing.db');
      write(root, 'a.md', '# Alpha\n\nthe first note\n');
      expect((await cli('index', '--db', db, `${root}=notes`)).status).toBe(0);
      write(root, 'b.md', '# Bravo\n\nquince jelly\n');
      // Another process holds the write lock: the server's reconcile of the folder waits for it.
      const holder = new Database(db);
      holder.exec('BEGIN IMMEDIATE');
      let mcp: McpSession | undefined;
      try {
        mcp = await startMcp(['--db', db, `${root}=notes`]);
        const waiting = await mcp.call('search', { query: 'quince' });
        expect(textOf(waiting)).toBe(
          'No results.\nVault "notes" is still being indexed (1 note so far): its other notes are not searched yet; `vaults` says when it is done.',
        );
        const context = await mcp.call('context', { queries: ['first'], maxTokens: 500 });
        expect(textOf(context)).toContain('Vault "notes" is still being indexed');
      } finally {
        holder.exec('COMMIT');
        holder.close();
      }
      try {
        await mcp.nextLog((m) => m === 'watching notes', 'watching');
        const done = await mcp.call('search', { query: 'quince' });
        expect(textOf(done)).not.toContain('still being indexed');
        expect(await ids(mcp, 'quince')).toEqual(['notes:b.md#bravo']);
      } finally {
        await mcp.close();
      }
    },
    LONG,
  );

  it(
    'indexes them, and finds an edit once it is indexed; nothing but the protocol on stdout',
    async () => {
      const root = join(dir, 'watched');
      write(root, 'a.md', '# Alpha\n\nthe first note\n');
      const mcp = await startMcp(['--db', join(dir, 'watched.db'), `${root}=notes`]);
      try {
        await mcp.nextLog((m) => m === 'indexed notes:a.md', 'a.md indexed');
        await mcp.nextLog((m) => m === 'watching notes', 'watching');
        expect(await ids(mcp, 'first')).toEqual(['notes:a.md#alpha']);
        expect(await ids(mcp, 'marmalade')).toEqual([]);
        write(root, 'b.md', '# Bravo\n\n## Jam\n\norange marmalade\n');
        await mcp.nextLog((m) => m === 'indexed notes:b.md', 'b.md indexed');
        expect(await ids(mcp, 'marmalade')).toEqual(['notes:b.md#jam']);
        const reindexing = Date.now();
        write(root, 'a.md', '# Alpha\n\nthe first note, now with marmalade\n');
        await mcp.nextLog(
          (m) => m === 'indexed notes:a.md' && mcp.logs.filter((l) => l === m).length === 2,
          'a.md re-indexed',
        );
        expect((await ids(mcp, 'marmalade')).sort()).toEqual([
          'notes:a.md#alpha',
          'notes:b.md#jam',
        ]);
        const vaults = await mcp.call('vaults', {});
        expect(vaults.structuredContent).toMatchObject({
          vaults: [{ name: 'notes', documents: 2, sections: 3, status: 'watching' }],
        });
        // The last file indexed is a.md again, the oldest file.
        const [notes] = (vaults.structuredContent as { vaults: Array<{ lastIndexed: string }> })
          .vaults;
        expect(new Date(notes!.lastIndexed).getTime()).toBeGreaterThanOrEqual(reindexing);
        // Progress and events went to stderr (the client would have failed on anything else).
        expect(mcp.stderr()).toContain('indexed notes:b.md');
      } finally {
        await mcp.close();
      }
    },
    LONG,
  );

  it(
    'sends the client what it logged before the client was initialized',
    async () => {
      const root = join(dir, 'early');
      write(root, 'a.md', '# Alpha\n\nfirst\n');
      // The client initializes only once the server has indexed the folder and says it watches.
      const mcp = await startMcp(['--db', join(dir, 'early.db'), `${root}=early`], (stderr) =>
        stderr.includes('watching early'),
      );
      try {
        await mcp.nextLog((m) => m === 'indexed early:a.md', 'a.md indexed');
        await mcp.nextLog((m) => m === 'watching early', 'watching');
        expect(mcp.logs.indexOf('indexed early:a.md')).toBeLessThan(
          mcp.logs.indexOf('watching early'),
        );
      } finally {
        await mcp.close();
      }
    },
    LONG,
  );

  it(
    '--watch alone keeps the vaults already in the database indexed',
    async () => {
      const root = join(dir, 'known');
      write(root, 'one.md', '# One\n\nkiwi\n');
      const db = join(dir, 'known.db');
      expect((await cli('index', '--db', db, `${root}=known`)).status).toBe(0);
      const mcp = await startMcp(['--db', db, '--watch']);
      try {
        await mcp.nextLog((m) => m === 'watching known', 'watching');
        write(root, 'two.md', '# Two\n\nkiwi and lime\n');
        await mcp.nextLog((m) => m === 'indexed known:two.md', 'two.md indexed');
        expect(await ids(mcp, 'lime')).toEqual(['known:two.md#two']);
      } finally {
        await mcp.close();
      }
    },
    LONG,
  );
  it(
    'says of a section id whose heading changed since that its note is there, and how to find it',
    async () => {
      const root = join(dir, 'renamed');
      write(root, 'plan.md', '# Plan\n\n## Winter margin\n\nsixty mAh on a grey day\n');
      const mcp = await startMcp(['--db', join(dir, 'renamed.db'), '--watch', `${root}=r`]);
      try {
        await mcp.nextLog((m) => m === 'watching r', 'watching');
        const [id] = await ids(mcp, 'grey day');
        expect(id).toBe('r:plan.md#winter-margin');
        write(root, 'plan.md', '# Plan\n\n## Margin in winter\n\nsixty mAh on a grey day\n');
        await mcp.nextLog(
          (m) => m === 'indexed r:plan.md' && mcp.logs.filter((l) => l === m).length === 2,
          'plan.md re-indexed',
        );
        const hint = `; its note is indexed but has no such section now: outline {"docId":"r:plan.md"} lists its sections`;
        for (const [tool, args] of [
          ['read', { id }],
          ['links', { id }],
          ['outline', { docId: id }],
        ] as const) {
          const stale = await mcp.call(tool, args);
          expect(stale.isError).toBe(true);
          expect(textOf(stale)).toMatch(
            new RegExp(`^${tool}: no indexed .*"r:plan\\.md#winter-margin"`),
          );
          expect(textOf(stale).endsWith(hint)).toBe(true);
        }
        const gone = await mcp.call('read', { id: 'r:gone.md#winter-margin' });
        expect(textOf(gone)).toBe(
          'read: no indexed node "r:gone.md#winter-margin"; ids come from search, outline and links answers: search {"query":"gone"} finds notes by their words',
        );
        const outline = await mcp.call('outline', { docId: 'r:plan.md' });
        expect(textOf(outline)).toContain('## Margin in winter — r:plan.md#margin-in-winter');
      } finally {
        await mcp.close();
      }
    },
    LONG,
  );
});

describe('cli mcp read-only beside a writer', () => {
  it(
    'serves while another process indexes the same database, and sees its commits',
    async () => {
      const root = join(dir, 'shared');
      write(root, 'first.md', '# First\n\npapaya\n');
      const db = join(dir, 'shared.db');
      expect((await cli('index', '--db', db, `${root}=shared`)).status).toBe(0);
      const mcp = await startMcp(['--db', db]);
      try {
        expect(await ids(mcp, 'papaya')).toEqual(['shared:first.md#first']);
        for (let i = 0; i < 40; i++) write(root, `more-${i}.md`, `# More ${i}\n\nguava ${i}\n`);
        // The writer is another process; the server keeps answering while it commits.
        const writer = runCli(['index', '--db', db, `${root}=shared`]);
        let searches = 0;
        let done = false;
        void writer.then(() => (done = true));
        while (!done) {
          await ids(mcp, 'papaya');
          searches++;
          // Two cores: a search loop without pauses would starve the writer's start-up.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const run = await writer;
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain('40 added');
        expect(searches).toBeGreaterThan(0);
        expect(await ids(mcp, 'guava')).toHaveLength(10); // the default limit
        const all = await mcp.call('search', { query: 'guava', limit: 50, strict: true });
        expect((all.structuredContent as { results: unknown[] }).results).toHaveLength(40);
        const vaults = await mcp.call('vaults', {});
        expect(vaults.structuredContent).toMatchObject({ vaults: [{ documents: 41 }] });
      } finally {
        await mcp.close();
      }
    },
    LONG,
  );

  it(
    'refuses a missing database in one line, exit 1',
    async () => {
      const run = await runCli(['mcp', '--db', join(dir, 'missing.db')]);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^folio mcp: --db .*missing\.db: no such database \(.*\)\n$/);
    },
    LONG,
  );
});

describe('cli mcp ends cleanly', () => {
  const db = join(dir, 'end.db');

  it(
    'when the client closes stdin, and on SIGINT',
    async () => {
      write(join(dir, 'end'), 'x.md', '# X\n');
      expect((await cli('index', '--db', db, `${join(dir, 'end')}=end`)).status).toBe(0);
      const args = ['--disable-warning=ExperimentalWarning', '--experimental-strip-types'];
      const start = () =>
        spawn(process.execPath, [...args, join(REPO, 'src-main/cli/bin.ts'), 'mcp', '--db', db], {
          cwd: REPO,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
      const closed = start();
      const closedRun = finished(closed);
      closed.stdin.end();
      expect(await closedRun).toMatchObject({ status: 0, signal: null, stdout: '' });

      const interrupted = start();
      const run = finished(interrupted);
      await new Promise<void>((resolve) =>
        interrupted.stderr.on('data', (d: Buffer) => d.toString().includes('serving') && resolve()),
      );
      interrupted.kill('SIGINT');
      expect(await run).toMatchObject({ status: 0, signal: null, stdout: '' });
    },
    LONG,
  );
});
