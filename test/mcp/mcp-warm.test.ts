// `cli mcp` warms its index in the background (docs/mcp.md#speed): calls made while it warms and
// after it says it is warmed answer exactly as an engine that never warms, and the warming's
// notice goes to stderr and MCP logging, never into stdout's protocol stream.
// size: one index of 40,000 sections (~4 s to index), so that warming still goes on when the calls come.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine } from '../../src-main/engine/create-engine.ts';
import { callTool } from '../../src-main/mcp/server.ts';
import { cli } from '../cli/cli-helpers.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';
import { startMcp, type McpSession } from './mcp-client.ts';

const dir = tempDir('folio-mcp-warm-');
const notes = join(dir, 'notes');
const db = join(dir, 'index.db');
const WARMED = 'folio mcp: index warmed for searching';
const WORDS = ['solar', 'battery', 'heron', 'ferrule', 'glacier', 'lantern', 'copper', 'meadow'];
// ~40,000 nodes to warm: about a second of it after the client connects (0.1 s for 4,000)
const NOTES = 200;
const SECTIONS = 200;
const QUERIES = ['solar battery', 'heron', 'copper lantern meadow', 'glacier "note 17"', 'ferule'];

let mcp: McpSession;
let cold: EngineService;

/** A section's words: two of `WORDS`, varying with the note and the section. */
const wordsOf = (note: number, section: number) =>
  `${WORDS[(note + section) % WORDS.length]} ${WORDS[(note * 3 + section * 5) % WORDS.length]}`;

beforeAll(async () => {
  for (let note = 0; note < NOTES; note++) {
    let text = `# Note ${note}\n\nnote ${note} of the field log\n`;
    for (let section = 0; section < SECTIONS; section++) {
      text += `\n## ${wordsOf(note, section)} ${section}\n\nthe ${wordsOf(section, note)} entry of note ${note}\n`;
    }
    write(notes, `n${String(note).padStart(3, '0')}.md`, text);
  }
  const run = await cli('index', '--db', db, `${notes}=notes`);
  expect(run.status, run.err).toBe(0);
  cold = await createEngine({ dbPath: db, watch: false, readOnly: true });
  mcp = await startMcp(['--db', db]);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await cold?.close();
});

/** What an engine that never warms answers, as the server would send it. */
const coldAnswer = (query: string) =>
  callTool({ engine: cold, version: 'test', log: () => {} }, 'search', { query });

describe('cli mcp warming its index', () => {
  it('answers during and after warming exactly as an engine that never warms', async () => {
    // Sent at once, back to back: each call puts warming off, so these come while it goes on.
    const during: unknown[] = [];
    for (const query of QUERIES) {
      const { content, structuredContent, isError } = await mcp.call('search', { query });
      during.push({ content, structuredContent, isError });
    }
    expect(mcp.logs).not.toContain(WARMED);
    await mcp.nextLog((message) => message === WARMED, 'index warmed');
    expect(mcp.stderr()).toContain(`${WARMED}\n`);
    for (const [at, query] of QUERIES.entries()) {
      const { content, structuredContent, isError } = await coldAnswer(query);
      const expected = { content, structuredContent, isError };
      expect(during[at], query).toEqual(expected);
      const after = await mcp.call('search', { query });
      expect(
        {
          content: after.content,
          structuredContent: after.structuredContent,
          isError: after.isError,
        },
        query,
      ).toEqual(expected);
    }
    const hits = (during[0] as { structuredContent: { results: unknown[] } }).structuredContent;
    expect(hits.results.length).toBeGreaterThan(0);
  }, 60_000);
});
