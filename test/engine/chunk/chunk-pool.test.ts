import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { createChunkPool } from '../../../src-main/engine/chunk/chunk-pool.ts';
import { corpusDir } from '../../support/corpora.ts';

const corpus = corpusDir('adversarial');
const files = [
  'crlf.md',
  'duplicate-headings.md',
  'invalid-utf8.md',
  'many-headings.md',
  'not-markdown.txt',
];

describe('createChunkPool', () => {
  const pool = createChunkPool({ workers: 2 });
  afterAll(() => pool.close());

  it('chunks on worker threads exactly as in this thread', async () => {
    const inputs = files.map((path) => ({
      vault: 'v',
      path,
      bytes: readFileSync(join(corpus, path)),
    }));
    const pooled = await Promise.all(inputs.map((input) => pool.chunk(input)));
    expect(pooled).toEqual(inputs.map((input) => chunkDocument(input)));
  });

  it('reads batches of files into JSON lines and reports what it cannot read', async () => {
    const task = (name: string) => ({ vault: 'v', path: name, absPath: join(corpus, name) });
    const batch = await pool.chunkFiles([
      task('crlf.md'),
      task('utf16le-bom.md'),
      task('missing.md'),
      task('empty.md'),
    ]);
    const lines = batch.lines.split('\n');
    expect(lines.map((line) => line && JSON.parse(line).docId)).toEqual([
      'v:crlf.md',
      'v:empty.md',
      '',
    ]);
    expect(batch.outcomes).toEqual([
      { ok: true, warnings: [] },
      { ok: false, reason: expect.stringContaining('not readable text: UTF-16LE') },
      { ok: false, reason: 'cannot be read (ENOENT)' },
      { ok: true, warnings: [] },
    ]);
  });

  it('rejects work after close', async () => {
    const closing = createChunkPool({ workers: 1 });
    await closing.close();
    await expect(
      closing.chunk({ vault: 'v', path: 'a.md', bytes: new Uint8Array() }),
    ).rejects.toThrow('closed');
  });
});
