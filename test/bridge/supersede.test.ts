// A newer search from the same window supersedes an older one
// (docs/design.md#a-newer-search-supersedes-an-older-one), through the real bridge and the real
// engine: a slow search (32 topics
// over a 2 MB note, generated here) followed by a quick one from the same window is answered
// `superseded` — stopped at its next pause, never finished — and the quick one is answered
// with its results; a search from another window, or one without a ticket, is never superseded.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult, SearchRequest, SearchResponse } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { FolioError } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../src-main/engine/create-engine.ts';
import { startBridge, type Bridge } from '../../src-main/bridge/server.ts';
import { tempDir } from '../engine/store/temp.ts';
import { ask } from './http-client.ts';

const dir = tempDir('folio-supersede-');
let engine: EngineService;
let bridge: Bridge;

const WORDS = Array.from({ length: 40 }, (_, i) => `word${i}`);
/** 32 topics, each matching the big note tens of thousands of times. */
const SLOW = WORDS.slice(0, 32).map((word) => `${word} folio`);

beforeAll(async () => {
  const vault = join(dir, 'vault');
  mkdirSync(vault);
  const body = Array.from({ length: 50_000 }, (_, i) => `folio ranking ${WORDS[i % 40]}`);
  writeFileSync(join(vault, 'big.md'), `# Big\n\n${body.join(' ')}\n`);
  writeFileSync(join(vault, 'small.md'), '# Small\n\nthe quick brown fox\n');
  engine = await createEngine({
    dbPath: join(dir, 'folio.db'),
    vaults: [{ root: vault, name: 'v' }],
    watch: false,
  });
  await engineInternals(engine).ready();
  bridge = await startBridge({ engine, staticDir: dir, log: () => {} });
}, 180_000);

afterAll(async () => {
  await bridge?.close();
  await engine?.close();
});

/** What a search came to: its result ids, or its error code. */
const outcome = (promise: Promise<SearchResponse>) =>
  promise.then(
    (response) => response.results.map((result) => result.id),
    (error: unknown) => (error instanceof FolioError ? error.code : String(error)),
  );

/** POSTs a search to the bridge; resolves with its ids or error code, logging when it answered. */
async function post(request: SearchRequest, answered: string[], name: string) {
  const reply = await ask(bridge.port, '/api/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-folio-token': bridge.token },
    body: JSON.stringify(request),
  });
  answered.push(name);
  const result = reply.json() as ApiResult<SearchResponse>;
  return result.ok ? result.value.results.map((r) => r.id) : result.error.code;
}

describe('a newer search supersedes an older one of the same window', () => {
  it('the engine stops a running search when its window sends a newer one', async () => {
    const alone = await engine.search({ queries: SLOW });
    expect(alone.results.map((r) => r.id)).toEqual(['v:big.md#big']);
    // The slow search runs until its first pause before `search` returns: it is running.
    const slow = outcome(engine.search({ queries: SLOW, supersede: { client: 'w', seq: 1 } }));
    const quick = outcome(engine.search({ queries: ['fox'], supersede: { client: 'w', seq: 2 } }));
    const other = outcome(engine.search({ queries: ['fox'], supersede: { client: 'x', seq: 1 } }));
    expect(await Promise.all([slow, quick, other])).toEqual([
      'superseded',
      ['v:small.md#small'],
      ['v:small.md#small'],
    ]);
  });

  it('through the bridge: the slow search is answered superseded first, then the quick one', async () => {
    const answered: string[] = [];
    const slow = post({ queries: SLOW, supersede: { client: 'page', seq: 1 } }, answered, 'slow');
    // Another window's search and an unmarked one (the CLI's kind) are never superseded.
    const other = post({ queries: ['fox'], supersede: { client: 'quick', seq: 9 } }, [], 'other');
    const plain = post({ queries: ['brown'] }, [], 'plain');
    const quick = post(
      { queries: ['fox'], supersede: { client: 'page', seq: 2 } },
      answered,
      'quick',
    );
    expect(await Promise.all([slow, quick, other, plain])).toEqual([
      'superseded',
      ['v:small.md#small'],
      ['v:small.md#small'],
      ['v:small.md#small'],
    ]);
    expect(answered).toEqual(['slow', 'quick']);
  });

  it('a search carrying a malformed ticket is refused with the argument named', async () => {
    const reply = await ask(bridge.port, '/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-folio-token': bridge.token },
      body: JSON.stringify({ queries: ['fox'], supersede: { client: '', seq: -1 } }),
    });
    const result = reply.json() as ApiResult<SearchResponse>;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('invalid-argument');
    expect(!result.ok && result.error.message).toMatch(/supersede/);
  });
});
