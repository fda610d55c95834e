import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { createChunkPool } from '../../../src-main/engine/chunk/chunk-pool.ts';

const corpus = join(import.meta.dirname, '../../../../shared/corpora/adversarial');
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

  it('reads files into JSON lines and reports what it cannot read', async () => {
    const line = await pool.chunkFileToLine({
      vault: 'v',
      path: 'crlf.md',
      absPath: join(corpus, 'crlf.md'),
    });
    expect(line.ok && JSON.parse(line.line).docId).toBe('v:crlf.md');
    const utf16 = await pool.chunkFileToLine({
      vault: 'v',
      path: 'x.md',
      absPath: join(corpus, 'utf16le-bom.md'),
    });
    expect(utf16).toEqual({ ok: false, reason: expect.stringContaining('UTF-16LE') });
    const missing = await pool.chunkFileToLine({
      vault: 'v',
      path: 'x.md',
      absPath: join(corpus, 'missing.md'),
    });
    expect(missing).toEqual({ ok: false, reason: 'cannot be read (ENOENT)' });
  });

  it('rejects work after close', async () => {
    const closing = createChunkPool({ workers: 1 });
    await closing.close();
    await expect(
      closing.chunk({ vault: 'v', path: 'a.md', bytes: new Uint8Array() }),
    ).rejects.toThrow('closed');
  });
});
