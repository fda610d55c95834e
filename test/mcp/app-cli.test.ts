// The app's own command line: the main bundle's `cli.js` entry, as the installed app runs it
// (`ELECTRON_RUN_AS_NODE=1 <Folio binary> …/out/main/cli.js mcp`). Electron cannot run here, so
// Node runs the built bundle — the same files, module loading and worker entries — and the SDK's
// client talks to it: read-only on an index, and indexing a folder through the bundled workers.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/cli-helpers.ts';
import { REPO } from '../engine/live/cli-process.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';
import { startServer, type McpSession } from './mcp-client.ts';

const dir = tempDir('folio-app-cli-');
// Inside the repository, as `out/` is: the bundle's packages resolve from its node_modules.
mkdirSync(join(REPO, '.folio-tmp'), { recursive: true });
const out = mkdtempSync(join(REPO, '.folio-tmp', 'app-cli-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

// The main bundle alone (`FOLIO_BUILD=main`): the entry, the command line and the workers.
beforeAll(() => {
  const built = spawnSync(
    process.execPath,
    [join(REPO, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, FOLIO_OUT_DIR: out, FOLIO_BUILD: 'main' },
    },
  );
  expect(built.status, `${built.stdout}${built.stderr}`).toBe(0);
}, 240_000);

/** The built `cli.js` serving MCP, run as the installed app runs it (Node stands in for Electron). */
const connect = (args: string[]) =>
  startServer([join(out, 'main', 'cli.js'), 'mcp', ...args], { ELECTRON_RUN_AS_NODE: '1' });

const search = async (mcp: McpSession, query: string) => {
  const result = await mcp.call('search', { query });
  return (result.structuredContent as { results: Array<{ id: string }> }).results.map((r) => r.id);
};

describe("the app's bundled command line", () => {
  it('serves an index read-only over MCP', async () => {
    const db = join(dir, 'read.db');
    expect(
      (await cli('index', '--db', db, `${join(REPO, 'resources/sample-vault')}=sample`)).status,
    ).toBe(0);
    const mcp = await connect(['--db', db]);
    try {
      expect(mcp.client.getServerVersion()).toMatchObject({ name: 'folio' });
      const { tools } = await mcp.client.listTools();
      expect(tools.map((t) => t.name).join(' ')).toBe('search read outline context vaults links');
      const ids = await search(mcp, 'battery cold');
      expect(ids[0]).toMatch(/^sample:/);
      const read = await mcp.call('read', { id: ids[0] });
      expect(read.isError).toBeFalsy();
      expect(mcp.stderr()).toContain('read-only');
    } finally {
      await mcp.close();
    }
  }, 120_000);

  it('indexes a folder with the bundled worker threads while serving', async () => {
    const root = join(dir, 'notes');
    write(root, 'n.md', '# Note\n\nquokka\n');
    const mcp = await connect(['--db', join(dir, 'watch.db'), `${root}=notes`]);
    try {
      // The bundled index worker commits in its own thread, then the server says so.
      await mcp.nextLog((m) => m === 'indexed notes:n.md', 'n.md indexed');
      expect(await search(mcp, 'quokka')).toEqual(['notes:n.md#note']);
    } finally {
      await mcp.close();
    }
  }, 120_000);
});
