// What the server says when an id, a path or a vault names nothing (docs/mcp.md#errors), through
// the SDK's own client over stdio on the links fixture vault: the note a model's id meant (case,
// `.md`, part of the path, the vault left out or misnamed), the folder a `path` from the vault's
// root meant, and a `vault:` filter naming no vault — instead of a bare "not found" or "No results."
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/cli-helpers.ts';
import { REPO } from '../engine/live/cli-process.ts';
import { tempDir } from '../engine/store/temp.ts';
import { startMcp, textOf, type McpSession } from './mcp-client.ts';

const VAULT = join(REPO, 'test/fixtures/links-vault');
const db = join(tempDir('folio-mcp-hints-'), 'index.db');
let mcp: McpSession;

beforeAll(async () => {
  const run = await cli('index', '--db', db, `${VAULT}=lv`);
  expect(run.status, run.err).toBe(0);
  mcp = await startMcp(['--db', db]);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
});

async function error(tool: string, args: object): Promise<string> {
  const result = await mcp.call(tool, args);
  expect(result.isError, JSON.stringify(args)).toBe(true);
  return textOf(result);
}

describe('cli mcp: ids that name nothing say which note was meant', () => {
  it('another case, `.md` left out, or a part of the path: the id of the note', async () => {
    expect(await error('read', { id: 'lv:note' })).toBe(
      'read: no indexed node "lv:note"; did you mean "lv:Note.md"?',
    );
    expect(await error('outline', { docId: 'lv:b/Rel.md' })).toBe(
      'outline: no indexed document "lv:b/Rel.md"; did you mean "lv:a/b/Rel.md"?',
    );
    // The same file name in several folders: each, shortest first.
    expect(await error('links', { id: 'lv:Twin' })).toBe(
      'links: no indexed note or section "lv:Twin"; did you mean "lv:a/b/Twin.md" or "lv:zzzz/Twin.md"?',
    );
  });

  it('a section of a note written wrong: the section id when that note has it', async () => {
    expect(await error('read', { id: 'lv:Rel.md#relative' })).toBe(
      'read: no indexed node "lv:Rel.md#relative"; did you mean "lv:a/b/Rel.md#relative"?',
    );
    const meant = await mcp.call('read', { id: 'lv:a/b/Rel.md#relative' });
    expect(meant.isError).toBeFalsy();
  });

  it('the vault left out or misnamed: the vault there is', async () => {
    expect(await error('read', { id: 'a/b/Rel.md' })).toBe(
      'read: id "a/b/Rel.md" is not of the form vault:path; did you mean "lv:a/b/Rel.md"?',
    );
    expect(await error('read', { id: 'notes:People/Ada Lovelace.md' })).toBe(
      'read: no indexed node "notes:People/Ada Lovelace.md"; no vault is named "notes" (the vaults are lv); did you mean "lv:People/Ada Lovelace.md"?',
    );
  });

  it('a vault argument written as a person writes it: the names there are', async () => {
    expect(await error('search', { query: 'note', vault: 'LV' })).toBe(
      'search: vault must match [a-z0-9_-]+ (at most 64 characters) (vault); the vaults are lv',
    );
  });

  it('nothing like it: where ids come from, and a search for its words', async () => {
    expect(await error('read', { id: 'lv:Projects/winter-plan.md' })).toBe(
      'read: no indexed node "lv:Projects/winter-plan.md"; ids come from search, outline and links answers: search {"query":"winter plan"} finds notes by their words',
    );
  });
});

describe('cli mcp: a search that matched no note says why', () => {
  it('a path no note starts with: the folders of that name elsewhere', async () => {
    const result = await mcp.call('search', { query: 'note', path: 'b/' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(
      `No results.\nNo note's path starts with "b/" in any vault (path is from the vault's root); did you mean path "a/b/"?`,
    );
    expect(result.structuredContent).toEqual({ results: [] });
    const inVault = await mcp.call('search', { query: 'note', path: 'nowhere/', vault: 'lv' });
    expect(textOf(inVault)).toBe(
      `No results.\nNo note's path starts with "nowhere/" in vault "lv" (path is from the vault's root).`,
    );
  });

  it('a path that holds notes, searched for words none has: "No results." alone', async () => {
    const result = await mcp.call('search', { query: 'zebrafish', path: 'a/b/' });
    expect(textOf(result)).toBe('No results.');
    const found = await mcp.call('search', { query: 'relative', path: 'a/b/' });
    expect(textOf(found)).not.toContain("No note's path");
  });

  it('of several topics, one that found nothing while the others found something', async () => {
    const line = `topic 2 ("zebrafishx") found nothing; the results are the other topics'.`;
    const search = await mcp.call('search', { queries: ['relative', 'zebrafishx'] });
    const structured = search.structuredContent as {
      results: unknown[];
      unmatchedTopics: number[];
    };
    expect(structured.results.length).toBeGreaterThan(0);
    expect(structured.unmatchedTopics).toEqual([1]);
    expect(textOf(search).endsWith(`\n${line}`)).toBe(true);
    const pack = await mcp.call('context', { queries: ['relative', 'zebrafishx'], maxTokens: 300 });
    expect(textOf(pack)).toMatch(new RegExp(`\\(Packed .*\\)\\n${line.replace(/[()]/g, '\\$&')}$`));
    // One topic, or none found: "No results." says it.
    const one = await mcp.call('search', { query: 'relative' });
    expect(one.structuredContent).not.toHaveProperty('unmatchedTopics');
    const none = await mcp.call('search', { queries: ['zebrafishx', 'quaggax'] });
    expect(textOf(none)).toBe('No results.');
    expect(none.structuredContent).toEqual({ results: [] });
  });

  it('a vault: filter naming no vault, in search and in context', async () => {
    const note = 'vault:notes names no vault (the vaults are lv): it matches no note.';
    const search = await mcp.call('search', { query: 'vault:notes relative' });
    expect(textOf(search)).toBe(`No results.\n${note}`);
    const topics = await mcp.call('search', { queries: ['vault:lv relative', 'vault:notes x'] });
    expect((topics.structuredContent as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect(textOf(topics).endsWith(`\n${note}`)).toBe(true);
    const pack = await mcp.call('context', { queries: ['vault:notes relative'], maxTokens: 500 });
    expect(textOf(pack)).toBe(`No results.\n${note}`);
    const known = await mcp.call('search', { query: 'vault:lv relative' });
    expect(textOf(known)).not.toContain('names no vault');
  });
});
