// The MCP search tool and dates (docs/design.md#date-filters), through the SDK's own client: its
// description teaches the date filters, `sort` orders newest first, and a query of date filters
// alone lists the notes in the range.
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/cli-helpers.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';
import { startMcp, textOf, type McpSession } from './mcp-client.ts';

const dir = tempDir('folio-mcp-dates-');
const notes = join(dir, 'notes');
let mcp: McpSession;

/** A note on quinces modified `days` ago. */
function note(name: string, text: string, days: number): void {
  write(notes, name, text);
  const at = new Date(Date.now() - days * 86_400_000);
  utimesSync(join(notes, name), at, at);
}

beforeAll(async () => {
  note('best.md', '---\ncreated: 2020-01-01\n---\n# Quince jam\n\nQuince, quince, quince.\n', 400);
  note('fresh.md', '# Fresh\n\nA quince today.\n', 1);
  note('middle.md', '---\ncreated: 2024-06-01\n---\n# Middle\n\nOne quince.\n', 30);
  const run = await cli('index', '--db', join(dir, 'index.db'), `${notes}=notes`);
  expect(run.status, run.err).toBe(0);
  mcp = await startMcp(['--db', join(dir, 'index.db')]);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
});

const paths = async (args: Record<string, unknown>) => {
  const result = await mcp.call('search', args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return (result.structuredContent as { results: Array<{ path: string }> }).results.map(
    (r) => r.path,
  );
};

describe('cli mcp search and dates', () => {
  it('says in its description that date filters work, and offers sort', async () => {
    const { tools } = await mcp.client.listTools();
    const search = tools.find((t) => t.name === 'search')!;
    expect(search.description).toContain('modified:<30d');
    expect(search.inputSchema.properties!.sort).toMatchObject({
      enum: ['relevance', 'modified', 'created'],
    });
  });

  it('sorts by relevance, modification or creation date', async () => {
    expect(await paths({ query: 'quince' })).toEqual(['best.md', 'middle.md', 'fresh.md']);
    expect(await paths({ query: 'quince', sort: 'modified' })).toEqual([
      'fresh.md',
      'middle.md',
      'best.md',
    ]);
    expect(await paths({ query: 'quince', sort: 'created' })).toEqual([
      'middle.md',
      'best.md',
      'fresh.md',
    ]);
  });

  it('shows the dates of each result, and says when the order is by date', async () => {
    const day = (days: number) =>
      new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const result = await mcp.call('search', { query: 'quince', sort: 'modified' });
    const lines = textOf(result).split('\n');
    expect(lines[0]).toMatch(new RegExp(`, modified ${day(1)}\\): `));
    expect(lines[1]).toContain(`, modified ${day(30)}, created 2024-06-01): `);
    expect(lines[2]).toContain(`, modified ${day(400)}, created 2020-01-01, merged 1): `);
    expect(lines[3]).toBe('(3 results, newest modified first; read one with read {"id": …})');
    const [fresh, middle] = (
      result.structuredContent as { results: Array<{ modified: string; created: string | null }> }
    ).results;
    expect(fresh!.created).toBeNull();
    expect(fresh!.modified.slice(0, 10)).toBe(day(1));
    expect(middle!.created).toBe('2024-06-01T00:00:00.000Z');
    const relevance = textOf(await mcp.call('search', { query: 'quince' }));
    expect(relevance).toContain('(3 results; read one with');
  });

  it('says which date filter is no date, and that its words were searched', async () => {
    const result = await mcp.call('search', { query: 'quince modified:<abc' });
    const note =
      '"modified:<abc" is not a date: searched as words ' +
      '(dates look like modified:<30d, created:2025, modified:>2026-01-01)';
    expect(textOf(result).split('\n').at(-1)).toBe(note);
    expect(result.structuredContent).toMatchObject({ notDates: ['modified:<abc'] });
    const good = await mcp.call('search', { query: 'quince modified:<60d' });
    expect(textOf(good)).not.toContain('is not a date');
    expect(good.structuredContent).not.toHaveProperty('notDates');
  });

  it('filters by date, and lists the notes of a date filter alone, newest first', async () => {
    expect(await paths({ query: 'quince modified:>60d' })).toEqual(['best.md']);
    expect(await paths({ query: 'modified:<60d' })).toEqual(['fresh.md', 'middle.md']);
    expect(await paths({ query: 'created:>=2020', vault: 'notes' })).toEqual([
      'middle.md',
      'best.md',
    ]);
  });
});
