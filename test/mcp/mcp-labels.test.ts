// How a search line names a note that is titled by its file name (docs/mcp.md#tools): by its first
// heading, as the app's results do (docs/design.md#display-titles), while the structured result
// keeps `title` and `breadcrumb` as indexed — through the SDK's own client over stdio.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/cli-helpers.ts';
import { tempDir } from '../engine/store/temp.ts';
import { startMcp, textOf, type McpSession } from './mcp-client.ts';

const dir = tempDir('folio-mcp-labels-');
const vault = join(dir, 'book');
const db = join(dir, 'index.db');
let mcp: McpSession;

beforeAll(async () => {
  mkdirSync(vault);
  // Named for sorting, its first heading an h2 (as the Rust book's chapters are).
  writeFileSync(
    join(vault, 'ch10-03-lifetime-syntax.md'),
    '<!-- Old headings. Do not remove. -->\n\n## Validating References with Lifetimes\n\nThe borrow checker compares scopes.\n\n### The Borrow Checker\n\nA borrow checker at work on kestrel lifetimes.\n',
  );
  writeFileSync(join(vault, 'plain.md'), '# Plain note\n\nA kestrel lifetime, titled by its h1.\n');
  const run = await cli('index', '--db', db, `${vault}=book`);
  expect(run.status, run.err).toBe(0);
  mcp = await startMcp(['--db', db]);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
});

interface Result {
  id: string;
  title: string;
  breadcrumb: string;
}

describe('cli mcp: search lines name a note as people read it', () => {
  it('a note titled by its file name is named by its first heading; the record keeps the title', async () => {
    const answer = await mcp.call('search', { query: 'kestrel', limit: 5 });
    const { results } = answer.structuredContent as { results: Result[] };
    const section = results.find(
      (r) => r.id === 'book:ch10-03-lifetime-syntax.md#the-borrow-checker',
    );
    expect(section, textOf(answer)).toBeDefined();
    expect(section!.breadcrumb).toBe(
      'ch10-03-lifetime-syntax › Validating References with Lifetimes › The Borrow Checker',
    );
    expect(textOf(answer)).toContain(
      '. Validating References with Lifetimes › The Borrow Checker — book:ch10-03-lifetime-syntax.md#the-borrow-checker (',
    );
    const plain = results.find((r) => r.id.startsWith('book:plain.md'));
    expect(plain).toBeDefined();
    expect(textOf(answer)).toContain(`. ${plain!.breadcrumb} — ${plain!.id} (`);
  });
});
