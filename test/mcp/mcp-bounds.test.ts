// Answers stay within 25,000 tokens whatever the notes look like: `cli mcp` through the SDK's own
// client on notes with very long paths (every result carries its id and path whole) that match a
// query of many words.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/cli-helpers.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';
import { startMcp, textOf, type McpSession } from './mcp-client.ts';

const dir = tempDir('folio-mcp-bounds-');
const db = join(dir, 'index.db');
const ANSWER_CHARS = 25_000 * 4; // tokens are ceil(chars / 4), as export counts them
const WORDS = Array.from({ length: 60 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`);
let mcp: McpSession;

beforeAll(async () => {
  // Four nested folders of 200 characters: each note’s path is about 1,000 characters long.
  const deep = Array.from({ length: 4 }, (_, i) => `${String(i)}${'f'.repeat(199)}`).join('/');
  const notes = join(dir, 'notes');
  for (let i = 0; i < 60; i++) {
    write(notes, `${deep}/${'n'.repeat(190)}${i}.md`, `# Note ${i}\n\n${WORDS.join(' ')}\n`);
  }
  const run = await cli('index', '--db', db, `${notes}=notes`);
  expect(run.status, run.err).toBe(0);
  mcp = await startMcp(['--db', db]);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
});

describe('cli mcp: bounded answers', () => {
  it('search stops before 25,000 tokens and says how many results it left out', async () => {
    const result = await mcp.call('search', { query: WORDS[0], limit: 50 });
    expect(result.isError).toBeFalsy();
    const { results } = result.structuredContent as { results: Array<{ path: string }> };
    expect(results[0]!.path.length).toBeGreaterThan(990);
    expect(results.length).toBeGreaterThan(10);
    expect(results.length).toBeLessThan(50);
    expect(JSON.stringify(results).length).toBeLessThanOrEqual(ANSWER_CHARS);
    const text = textOf(result);
    expect(text.length).toBeLessThanOrEqual(ANSWER_CHARS);
    expect(text).toContain(
      `(${results.length} results; ${50 - results.length} more left out to keep the answer under 25,000 tokens;`,
    );
  });

  it('a result lists at most 50 of the terms it matched', async () => {
    // Two topics of 30 words: the engine keeps at most 32 wanted words per query, and a result
    // matching both topics lists the words of both (60).
    const queries = [WORDS.slice(0, 30).join(' '), WORDS.slice(30).join(' ')];
    const result = await mcp.call('search', { queries, limit: 1 });
    expect(result.isError).toBeFalsy();
    const [first] = (result.structuredContent as { results: Array<{ matchedTerms: string[] }> })
      .results;
    expect(first!.matchedTerms).toHaveLength(50);
  });
});
