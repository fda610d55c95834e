// `cli mcp` serving an index read-only, through the SDK's own client over stdio: the tools it
// lists, and what each tool answers — read's text compared byte for byte with the file.
// size: one index and one server serve every tool and every bad argument (a second file would
// index the vaults and start a server again).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/cli-helpers.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';
import { REPO } from '../engine/live/cli-process.ts';
import { startMcp, textOf, type McpSession } from './mcp-client.ts';

const SAMPLE = join(REPO, 'resources/sample-vault');
const dir = tempDir('folio-mcp-tools-');
const notes = join(dir, 'notes');
const db = join(dir, 'index.db');
let mcp: McpSession;
let dbHash = '';

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The bytes of lines `start`–`end` (1-based, inclusive, line ends included) of a file. */
function lineBytes(file: string, start: number, end: number): Buffer {
  const bytes = readFileSync(file);
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) starts.push(i + 1);
  return bytes.subarray(starts[start - 1], starts[end] ?? bytes.length);
}

type Result = { id: string; vault: string; path: string; startLine: number; endLine: number };

beforeAll(async () => {
  // A long note: one section of ≈ 40,000 tokens, and nested sections with CRLF line ends.
  const paragraph = `${'Solar charging keeps the station alive through the winter months. '.repeat(20)}\n\n`;
  write(notes, 'long.md', `# Long\n\n## Log\n\n${paragraph.repeat(120)}## After\n\nend\n`);
  const items = Array.from({ length: 60 }, (_, i) => `- Item ${i}: a line of the list.\n`);
  write(notes, 'list.md', `# List\n\n${items.join('')}\nLast words.\n\n${items.join('')}`);
  write(notes, 'crlf.md', '# Top\r\n\r\nintro text\r\n\r\n## Child\r\n\r\nchild text\r\n');
  const run = await cli('index', '--db', db, `${SAMPLE}=sample`, `${notes}=notes`);
  expect(run.status, run.err).toBe(0);
  dbHash = sha(db);
  mcp = await startMcp(['--db', db]);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
});

describe('cli mcp (read-only)', () => {
  it('lists the six tools with descriptions, input and output schemas', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).join(' ')).toBe('search read outline context vaults links');
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(100);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    const search = tools.find((t) => t.name === 'search')!;
    expect(Object.keys(search.inputSchema.properties!)).toEqual([
      'query',
      'queries',
      'limit',
      'strict',
      'sort',
      'vault',
      'path',
    ]);
    expect(search.inputSchema.properties!.limit).toMatchObject({ minimum: 1, maximum: 50 });
    expect(tools.find((t) => t.name === 'context')!.inputSchema.required).toEqual([
      'queries',
      'maxTokens',
    ]);
    expect(mcp.client.getInstructions()).toMatch(/vault:path#slug/);
  });

  it('search: structured results, and one line per result with **marked** matches', async () => {
    const result = await mcp.call('search', { query: 'battery cold', limit: 3 });
    expect(result.isError).toBeFalsy();
    const { results } = result.structuredContent as { results: Array<Record<string, unknown>> };
    expect(results.length).toBe(3);
    for (const r of results) {
      expect(Object.keys(r).sort()).toEqual(
        [
          'breadcrumb',
          'created',
          'endLine',
          'id',
          'matchedTerms',
          'merged',
          'modified',
          'partial',
          'path',
          'score',
          'snippet',
          'startLine',
          'title',
          'vault',
        ].sort(),
      );
      expect(r.snippet).toMatch(/\*\*(battery|cold)\*\*/i);
      expect(r.snippet).not.toMatch(/<\/?b>/);
    }
    const lines = textOf(result).split('\n');
    expect(lines).toHaveLength(4); // three results and the hint
    const first = results[0]!;
    expect(lines[0]).toContain(`${first.breadcrumb} — ${first.id} (`);
    expect(lines[0]).toMatch(/lines \d+–\d+, score \d+\.\d\d/);
  });

  it('search: limit, vault and path narrow the results; several queries are topics', async () => {
    const many = await mcp.call('search', { query: 'station', limit: 50 });
    const all = (many.structuredContent as { results: Result[] }).results;
    expect(all.length).toBeGreaterThan(3);
    const inVault = await mcp.call('search', { query: 'solar', vault: 'notes' });
    const notesOnly = (inVault.structuredContent as { results: Result[] }).results;
    expect(notesOnly.length).toBeGreaterThan(0);
    expect(notesOnly.every((r) => r.vault === 'notes')).toBe(true);
    const inPath = await mcp.call('search', { query: 'battery', path: 'hardware' });
    const hardware = (inPath.structuredContent as { results: Result[] }).results;
    expect(hardware.length).toBeGreaterThan(0);
    expect(hardware.every((r) => r.path.startsWith('hardware/'))).toBe(true);
    const topics = await mcp.call('search', { queries: ['battery', 'antenna'], limit: 10 });
    expect((topics.structuredContent as { results: Result[] }).results.length).toBeGreaterThan(1);
  });

  it("read: every result's text is the file's own bytes for that section", async () => {
    const found = await mcp.call('search', { query: 'station', vault: 'sample', limit: 20 });
    const results = (found.structuredContent as { results: Result[] }).results;
    for (const r of results) {
      const read = await mcp.call('read', { id: r.id });
      expect(read.isError, textOf(read)).toBeFalsy();
      const s = read.structuredContent as Result & { markdown: string; truncated: boolean };
      expect(s).toMatchObject({ id: r.id, startLine: r.startLine, endLine: r.endLine });
      expect(s.truncated).toBe(false);
      const file = join(SAMPLE, r.path);
      expect(Buffer.from(s.markdown)).toEqual(lineBytes(file, r.startLine, r.endLine));
      // The text a model reads: the breadcrumb, the source and the lines, then those bytes.
      const text = textOf(read);
      expect(text.startsWith(`## ${(s as unknown as { breadcrumb: string }).breadcrumb}\n`)).toBe(
        true,
      );
      expect(text).toContain(`Source: ${r.vault} · [`);
      expect(text.endsWith(s.markdown)).toBe(true);
    }
  });

  it('read: descendants false stops at the first subsection, byte-exact (CRLF too)', async () => {
    const own = await mcp.call('read', { id: 'notes:crlf.md#top', descendants: false });
    const s = own.structuredContent as { markdown: string; startLine: number; endLine: number };
    expect(s.markdown).toBe('# Top\r\n\r\nintro text\r\n\r\n');
    expect(s).toMatchObject({ startLine: 1, endLine: 4 });
    const whole = await mcp.call('read', { id: 'notes:crlf.md#top' });
    expect((whole.structuredContent as { markdown: string }).markdown).toBe(
      readFileSync(join(notes, 'crlf.md'), 'utf8'),
    );
    const leaf = await mcp.call('read', { id: 'notes:crlf.md#child', descendants: false });
    expect((leaf.structuredContent as { markdown: string }).markdown).toBe(
      '## Child\r\n\r\nchild text\r\n',
    );
  });

  it('read: stops at 25,000 tokens by default and at maxTokens when asked, and says so', async () => {
    const long = await mcp.call('read', { id: 'notes:long.md#log' });
    const s = long.structuredContent as { markdown: string; truncated: boolean; tokens: number };
    expect(s.truncated).toBe(true);
    expect(s.tokens).toBeGreaterThan(25_000);
    const text = textOf(long);
    expect(Math.ceil(text.length / 4)).toBeLessThanOrEqual(25_000);
    expect(text).toMatch(/Cut to fit 25,000 tokens; the text from line 3 is about [\d,]+ tokens/);
    const full = readFileSync(join(notes, 'long.md'), 'utf8');
    expect(full.includes(s.markdown.trimEnd())).toBe(true);
    expect(s.markdown.endsWith('months. ')).toBe(false); // cut at a paragraph, not mid-line
    const small = await mcp.call('read', { id: 'notes:long.md#log', maxTokens: 300 });
    expect(Math.ceil(textOf(small).length / 4)).toBeLessThanOrEqual(300);
    expect((small.structuredContent as { truncated: boolean }).truncated).toBe(true);
  });

  /** Reads `id` piece by piece, following the call each cut names; checks every piece. */
  async function readOn(id: string, file: string[], endLine: number, maxTokens: number) {
    const pieces: Array<{ startLine: number; split: boolean }> = [];
    let args: Record<string, unknown> = { id, maxTokens };
    for (let calls = 0; calls < 60; calls++) {
      const result = await mcp.call('read', args);
      expect(result.isError, textOf(result)).toBeFalsy();
      const text = textOf(result);
      expect(Math.ceil(text.length / 4)).toBeLessThanOrEqual(maxTokens);
      const s = result.structuredContent as {
        markdown: string;
        startLine: number;
        nextLine: number | null;
      };
      expect(text).toContain(` · lines ${s.startLine}–${endLine}\n`);
      // Each piece is the file's text from its first line on.
      const from = file.slice(s.startLine - 1, endLine).join('\n');
      expect(from.startsWith(s.markdown.trimEnd())).toBe(true);
      if (s.nextLine === null) {
        expect(from.trimEnd().endsWith(s.markdown.trimEnd())).toBe(true); // to the end
        return pieces;
      }
      // The rest starts on the last line shown when the cut split it, else after it (blank
      // lines between are skipped), and the answer says which.
      const lastShown = s.startLine + s.markdown.trimEnd().split('\n').length - 1;
      const split = s.nextLine === lastShown;
      for (let line = lastShown + 1; line < s.nextLine; line++)
        expect(file[line - 1]!.trim()).toBe('');
      expect(s.nextLine).toBeGreaterThanOrEqual(lastShown);
      const range = split
        ? `lines ${s.startLine}–${lastShown} (line ${lastShown} in part)`
        : `lines ${s.startLine}–${s.nextLine - 1}`;
      expect(text).toContain(`Shown: ${range} of ${s.startLine}–${endLine}.`);
      // The call for the rest, written as it is to be sent.
      const call = /The rest: read (\{[^\n]*?\})[.,]/.exec(text)?.[1];
      args = JSON.parse(call!) as Record<string, unknown>;
      expect(args).toEqual({ id, fromLine: s.nextLine, maxTokens });
      pieces.push({ startLine: s.startLine, split });
    }
    throw new Error(`${id}: no end after 60 reads`);
  }

  it('read: a cut names the lines shown and the call that reads on; fromLine reads to the end', async () => {
    const long = readFileSync(join(notes, 'long.md'), 'utf8').split('\n');
    const inLines = await readOn('notes:long.md#log', long, long.indexOf('## After'), 3000);
    expect(inLines.length).toBeGreaterThan(10);
    expect(inLines.some((p) => p.split)).toBe(true); // paragraphs longer than a line's share
    const list = readFileSync(join(notes, 'list.md'), 'utf8').split('\n');
    const betweenLines = await readOn('notes:list.md', list, list.length - 1, 400);
    expect(betweenLines.length).toBeGreaterThan(1);
    expect(betweenLines.some((p) => !p.split)).toBe(true);
    // A text that fits the budget with its header is not cut for the note's room.
    const whole = textOf(await mcp.call('read', { id: 'sample:hardware/Power budget.md' }));
    const maxTokens = Math.ceil(whole.length / 4);
    const fits = await mcp.call('read', { id: 'sample:hardware/Power budget.md', maxTokens });
    expect(textOf(fits)).toBe(whole);
    const outside = await mcp.call('read', { id: 'notes:long.md#log', fromLine: 1 });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toBe(
      `read: fromLine 1 is outside lines 3–${long.indexOf('## After')} of "notes:long.md#log" (fromLine)`,
    );
  });

  it('outline: ids, titles, depths and line ranges; a section id outlines its note', async () => {
    const result = await mcp.call('outline', { docId: 'sample:hardware/Power budget.md' });
    const s = result.structuredContent as {
      nodes: Array<{ id: string; title: string; depth: number; startLine: number }>;
    };
    expect(s.nodes[0]).toMatchObject({ id: 'sample:hardware/Power budget.md', depth: 0 });
    expect(s.nodes.map((n) => [n.title, n.depth])).toContainEqual(['Winter margin', 2]);
    const viaSection = await mcp.call('outline', {
      docId: 'sample:hardware/Power budget.md#winter-margin',
    });
    expect(viaSection.structuredContent).toEqual(result.structuredContent);
    expect(textOf(result)).toContain(
      '    ## Winter margin — sample:hardware/Power budget.md#winter-margin (lines ',
    );
  });

  it('context: its description says how to narrow a pack, and vault: does', async () => {
    const { tools } = await mcp.client.listTools();
    const description = tools.find((t) => t.name === 'context')!.description!;
    expect(description).toContain('vault:name, path:"folder/" and date filters (modified:<30d)');
    const pack = await mcp.call('context', { queries: ['vault:notes solar'], maxTokens: 2000 });
    const { ids } = pack.structuredContent as { ids: string[] };
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith('notes:'))).toBe(true);
  });

  it("context: a pack item's Source line is its id, as the description says", async () => {
    const { tools } = await mcp.client.listTools();
    const description = tools.find((t) => t.name === 'context')!.description!;
    expect(description).toContain('its id, for read, outline and links, is `vault:path#slug`');
    const pack = await mcp.call('context', { queries: ['battery cold'], maxTokens: 3000 });
    const { ids } = pack.structuredContent as { ids: string[] };
    const sources = [...textOf(pack).matchAll(/^Source: ([a-z0-9_-]+) · \[([^\]]+)\]/gm)];
    expect(ids.length).toBeGreaterThan(1);
    expect(sources.map(([, vault, anchor]) => `${vault}:${anchor}`)).toEqual(ids);
    const search = tools.find((t) => t.name === 'search')!.description!;
    expect(search).toContain('A result marked `merged N` absorbed N matching sections of its note');
  });

  it('context: the export pack of the best results within the budget', async () => {
    for (const maxTokens of [60, 400, 3000]) {
      const result = await mcp.call('context', { queries: ['battery cold'], maxTokens });
      const s = result.structuredContent as { text: string; tokens: number; ids: string[] };
      expect(Math.ceil(s.text.length / 4)).toBeLessThanOrEqual(maxTokens);
      expect(s.tokens).toBeLessThanOrEqual(maxTokens);
      expect(s.ids.length).toBeGreaterThan(0);
      expect(s.text).toContain('Source: sample · [');
      // The model reads the pack, then a line saying what it holds and how to get the rest.
      const footer = textOf(result).slice(s.text.length);
      expect(textOf(result).startsWith(s.text)).toBe(true);
      expect(footer).toMatch(/^\n\(Packed \d+ of \d+ results?, ~[\d,]+ tokens/);
      const cut = s.text.trimEnd().endsWith('[…]');
      expect(footer.includes(`is cut at […]: read {"id":"${s.ids.at(-1)}"} for all of it`)).toBe(
        cut,
      );
    }
    const small = textOf(await mcp.call('context', { queries: ['battery cold'], maxTokens: 60 }));
    expect(small).toMatch(
      /\(Packed 1 of \d+ results, ~\d+ tokens; it is cut at \[…\]: read \{"id":"sample:[^"]+"\} for all of it\. \d+ more did not fit in 60 tokens: a larger maxTokens packs them, search lists them\.\)$/,
    );
    const wide = await mcp.call('context', { queries: ['battery cold'], maxTokens: 3000 });
    expect((wide.structuredContent as { ids: string[] }).ids.length).toBeGreaterThan(1);
  });

  it('vaults: name, root, documents, sections, status and when last indexed', async () => {
    const result = await mcp.call('vaults', {});
    const { vaults } = result.structuredContent as { vaults: Array<Record<string, unknown>> };
    expect(vaults.map((v) => v.name)).toEqual(['notes', 'sample']);
    expect(vaults[0]).toMatchObject({ root: notes, documents: 3, sections: 6, status: 'idle' });
    expect(vaults[1]).toMatchObject({ root: SAMPLE, documents: 19, status: 'idle' });
    expect(new Date(vaults[1]!.lastIndexed as string).getTime()).toBeLessThanOrEqual(Date.now());
    expect(textOf(result)).toMatch(/^notes — .* · 3 documents, 6 sections · idle · last indexed /);
  });

  it('never writes to the database it serves read-only', () => {
    expect(sha(db)).toBe(dbHash);
  });
});

describe('cli mcp: bad arguments', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['search', {}, /^search: give either query or queries$/],
    ['search', { query: 'a', queries: ['b'] }, /^search: give either query or queries$/],
    ['search', { query: '   ' }, /^search: query must not be empty \(query\)$/],
    ['search', { query: 7 }, /^search: a query must be a string \(query\)$/],
    ['search', { query: 'x'.repeat(20_001) }, /longer than 20,000 characters \(query\)$/],
    ['search', { queries: [] }, /at least one query \(queries\)$/],
    ['search', { query: 'a', limit: 0 }, /limit must be a whole number from 1 to 50 \(limit\)$/],
    ['search', { query: 'a', limit: 51 }, /limit must be a whole number from 1 to 50/],
    ['search', { query: 'a', limit: 2.5 }, /limit must be a whole number from 1 to 50/],
    ['search', { query: 'a', limit: '5' }, /limit must be a whole number from 1 to 50/],
    ['search', { query: 'a', strict: 'yes' }, /^search: strict must be true or false \(strict\)$/],
    [
      'search',
      { query: 'a', sort: 'newest' },
      /^search: sort must be relevance, modified or created \(sort\)$/,
    ],
    ['search', { query: 'a', vault: 'Bad Name' }, /vault must match \[a-z0-9_-\]\+/],
    [
      'search',
      { query: 'a', vault: 'nothere' },
      /^search: no vault named "nothere"; the vaults are notes, sample$/,
    ],
    ['search', { query: 'a', path: 'a"b' }, /path must not contain a double quote/],
    [
      'search',
      { query: 'battery', path: '../notes' },
      /^search: path must be inside the vault: no "\.\." part \(path\)$/,
    ],
    ['search', { query: 'battery', path: 'hardware\\..\\..' }, /no "\.\." part \(path\)$/],
    [
      'search',
      { query: 'battery', path: `${SAMPLE}/hardware/` },
      new RegExp(
        `^search: path "${SAMPLE}/hardware/" is a folder on disk, but path is relative to the vault: give path "hardware/" and vault "sample"$`,
      ),
    ],
    [
      'search',
      { query: 'battery', path: SAMPLE },
      /is a folder on disk, but path is relative to the vault: give vault "sample"$/,
    ],
    [
      'search',
      { query: 'a', order: 'date' },
      /^search: unknown argument "order"; it takes query, queries, limit, strict, sort, vault, path$/,
    ],
    ['read', {}, /^read: id is required \(id\)$/],
    ['outline', { id: 'sample:Welcome.md' }, /^outline: unknown argument "id"; it takes docId$/],
    [
      'context',
      { query: 'battery', maxTokens: 100 },
      /^context: unknown argument "query"; it takes queries, maxTokens, breadcrumbMode$/,
    ],
    [
      'read',
      { id: 'sample:Welcome.md', fromLine: 0 },
      /^read: fromLine must be a whole number, a line of the file \(fromLine\)$/,
    ],
    ['read', { id: '' }, /^read: id must not be empty \(id\)$/],
    [
      'read',
      { id: 'sample:nope.md' },
      /^read: no indexed node "sample:nope\.md"; ids come from search, outline and links answers: search \{"query":"nope"\} finds notes by their words$/,
    ],
    ['read', { id: 'sample:../../../etc/passwd' }, /^read: no indexed node/],
    [
      'read',
      { id: '/etc/passwd' },
      /^read: id "\/etc\/passwd" is not of the form vault:path; ids come from search, outline and links answers: search \{"query":"passwd"\} finds notes by their words$/,
    ],
    [
      'read',
      { id: 'sample:Welcome.md', maxTokens: 0 },
      /maxTokens must be a whole number from 1 to 100000/,
    ],
    ['read', { id: 'sample:Welcome.md', maxTokens: 100_001 }, /maxTokens must be a whole number/],
    ['read', { id: 'sample:Welcome.md', descendants: 1 }, /descendants must be true or false/],
    [
      'outline',
      { docId: 'sample:Nothing.md' },
      /^outline: no indexed document "sample:Nothing\.md"; ids come from search, outline and links answers: search \{"query":"nothing"\} finds notes by their words$/,
    ],
    ['outline', {}, /^outline: docId is required \(docId\)$/],
    ['outline', { docId: 7 }, /^outline: docId must be a string \(docId\)$/],
    ['context', { queries: ['a'] }, /^context: maxTokens is required \(maxTokens\)$/],
    [
      'context',
      { queries: 'a', maxTokens: 10 },
      /^context: queries must be a list of queries \(queries\)$/,
    ],
    ['context', { maxTokens: 10 }, /^context: queries is required \(queries\)$/],
    [
      'context',
      { queries: ['a'], maxTokens: 10, breadcrumbMode: 'sometimes' },
      /^context: breadcrumbMode must be conditional, always or none \(breadcrumbMode\)$/,
    ],
    ['vaults', { all: true }, /^vaults: unknown argument "all"; it takes none$/],
    [
      'nope',
      {},
      /^unknown tool "nope"; the tools are search, read, outline, context, vaults, links$/,
    ],
  ];

  it('answers each with a one-line tool error, and keeps serving', async () => {
    for (const [tool, args, message] of cases) {
      const result = await mcp.call(tool, args);
      const text = textOf(result);
      expect(result.isError, `${tool} ${JSON.stringify(args).slice(0, 80)}`).toBe(true);
      expect(text).not.toContain('\n');
      expect(text).toMatch(message);
    }
    const still = await mcp.call('search', { query: 'battery', limit: 1 });
    expect(still.isError).toBeFalsy();
    expect((still.structuredContent as { results: unknown[] }).results).toHaveLength(1);
  });

  it('a query of more than 32 words: its first 32 searched, the rest named in the answer', async () => {
    const first = `battery ${Array.from({ length: 31 }, (_, i) => `w${i}`).join(' ')}`;
    const long = await mcp.call('search', { query: `${first} solar ${'panel '.repeat(2_000)}` });
    const short = await mcp.call('search', { query: first });
    expect(long.isError).toBeFalsy();
    const note = `only a query's first 32 words are searched: "solar" and the 2,000 words after it were left out`;
    expect(textOf(long)).toBe(`${textOf(short)}\n${note}`);
    expect(long.structuredContent).toEqual({
      ...short.structuredContent,
      wordsLeftOut: [{ topic: 0, words: 2_001, from: 'solar' }],
    });
    expect(short.structuredContent).not.toHaveProperty('wordsLeftOut');
    const pack = await mcp.call('context', { queries: [first, `${first} solar`], maxTokens: 500 });
    expect(textOf(pack)).toMatch(
      /\n\(Packed .*\)\nonly a query's first 32 words are searched \(topic 2\): "solar" was left out$/,
    );
  });

  it('an error quoting a huge argument stays short, naming it by its ends', async () => {
    const id = `sample:${'x'.repeat(1_000_000)}.md`;
    for (const [tool, args] of [
      ['read', { id }],
      ['outline', { docId: id }],
      ['links', { id }],
    ] as const) {
      const text = textOf(await mcp.call(tool, args));
      expect(text.length, tool).toBeLessThanOrEqual(2_000);
      expect(text).toMatch(new RegExp(`^${tool}: no indexed [a-z ]+ "sample:x{1000}`));
      expect(text).toMatch(/x\[… 99[0-9],[0-9]{3} characters left out …\]x{200}/);
      expect(text.endsWith('x.md"')).toBe(true);
    }
  });

  it('arguments that are not an object: a one-line tool error naming arguments, not JSON-RPC', async () => {
    // The SDK's own check answered these with JSON-RPC -32603 and zod's issue list (docs/mcp.md#errors).
    for (const [args, kind] of [
      ['battery', 'a string'],
      [['battery'], 'an array'],
      [7, 'a number'],
    ] as const) {
      const result = await mcp.call('search', args);
      expect(result.isError, kind).toBe(true);
      expect(textOf(result)).toBe(`search: arguments must be an object, got ${kind}`);
    }
    // null is no arguments, as is leaving them out: `vaults` takes none.
    expect((await mcp.call('vaults', null)).isError).toBeFalsy();
    const unnamed = await mcp.client.request(
      { method: 'tools/call', params: { arguments: {} } },
      CallToolResultSchema,
    );
    expect(unnamed.isError).toBe(true);
    expect(textOf(unnamed)).toBe(
      "tools/call needs the tool's name (name); the tools are search, read, outline, context, vaults, links",
    );
  });

  it('a node id holding a line break is named on one line', async () => {
    const result = await mcp.call('read', { id: 'sample:a\nb.md' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'read: no indexed node "sample:a\\nb.md"; ids come from search, outline and links answers: search {"query":"a b"} finds notes by their words',
    );
  });
});
