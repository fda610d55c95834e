// A newer search from the same window supersedes an older one
// (docs/design.md#a-newer-search-supersedes-an-older-one), with the real engine and the real
// bridge: a slow search (32 topics over a 2 MB note, generated here) followed by a quick one from
// the same window is answered `superseded` — stopped at its next pause, never finished — and the
// quick one is answered with its results; through the bridge, a search older than its window's
// newest is answered `superseded`; a search from another window, or one without a ticket, never is.
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

/** POSTs a search to the bridge; resolves with its result ids or its error code. */
async function post(request: SearchRequest) {
  const reply = await ask(bridge.port, '/api/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-folio-token': bridge.token },
    body: JSON.stringify(request),
  });
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

  // Over HTTP the order in which concurrent requests reach the engine is not the order they were
  // sent (a quiet machine finished the slow search before the quick one was read), so the bridge
  // is shown the deterministic side: a search older than its window's newest is answered
  // `superseded` without running. Stopping a running one is the engine test above.
  it("through the bridge: a search older than its window's newest is answered superseded", async () => {
    const newest = await post({ queries: ['fox'], supersede: { client: 'page', seq: 2 } });
    expect(newest).toEqual(['v:small.md#small']);
    const stale = post({ queries: SLOW, supersede: { client: 'page', seq: 1 } });
    // Another window's search and an unmarked one (the CLI's kind) are never superseded.
    const other = post({ queries: ['fox'], supersede: { client: 'quick', seq: 1 } });
    const plain = post({ queries: ['brown'] });
    expect(await Promise.all([stale, other, plain])).toEqual([
      'superseded',
      ['v:small.md#small'],
      ['v:small.md#small'],
    ]);
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
