// docs/design.md#the-result-record names the fields `cli search --json` prints for each result
// (and the app and the bridge receive): every field, no more.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliJson, tempDir } from '../cli/cli-helpers.ts';
import { cli } from '../support/cli-main.ts';

const repo = join(import.meta.dirname, '..', '..');

/** The fields the record's first sentence names: each identifier in backticks before `(epoch ms`. */
function documentedFields(): string[] {
  const design = readFileSync(join(repo, 'docs', 'design.md'), 'utf8');
  const paragraph = /### The result record\n\n([\s\S]*?)\n\n/.exec(design)?.[1] ?? '';
  const record = paragraph.slice(0, paragraph.indexOf('(epoch ms'));
  return [...record.matchAll(/`([a-zA-Z]+)`/g)].map((m) => m[1]!);
}

describe('the result record', () => {
  it('is what cli search --json prints', async () => {
    const dir = tempDir();
    const db = join(dir, 'index.db');
    const vault = join(repo, 'resources', 'sample-vault');
    expect((await cli('index', '--db', db, `${vault}=sample`)).status).toBe(0);
    const { results } = await cliJson<{ results: Array<Record<string, unknown>> }>(
      'search',
      '--db',
      db,
      '--limit',
      '1',
      'battery',
    );
    expect(new Set(documentedFields())).toEqual(new Set(Object.keys(results[0]!)));
  });
});
