// Note-sized replies are computed and sent two at a time (src-main/bridge/large-replies.ts): 50
// parallel `nodeContent` requests for a 30 MB note took the bridge to 5.1 GB. Clients that do not
// read their replies hold both slots; a third content request waits for one, a search does not.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult, NodeContent, SearchResponse } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../src-main/engine/create-engine.ts';
import { startBridge, type Bridge } from '../../src-main/bridge/server.ts';
import { tempDir } from '../engine/store/temp.ts';
import { ask, until } from './http-client.ts';

const dir = tempDir('folio-large-replies-');
let engine: EngineService;
let bridge: Bridge;
let contentCalls = 0;

/** Starts a POST and resolves with its response object once headers arrive, unread. */
function post(method: string, argument: unknown): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: bridge.port,
        path: `/api/${method}`,
        method: 'POST',
        headers: {
          host: `127.0.0.1:${bridge.port}`,
          'content-type': 'application/json',
          'x-folio-token': bridge.token,
        },
      },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(argument));
  });
}

/** Reads a whole response as JSON. */
async function json<T>(incoming: IncomingMessage): Promise<ApiResult<T>> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming as AsyncIterable<Buffer>) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApiResult<T>;
}

beforeAll(async () => {
  const vault = join(dir, 'vault');
  mkdirSync(vault);
  // 24 MB: more than the loopback socket buffers hold, so an unread reply stays in the bridge.
  writeFileSync(join(vault, 'big.md'), `# Big\n\n${'folio ranking '.repeat(1_800_000)}\n`);
  writeFileSync(join(vault, 'small.md'), '# Small\n\nranking of sections\n');
  engine = await createEngine({
    dbPath: join(dir, 'folio.db'),
    vaults: [{ root: vault, name: 'v' }],
    watch: false,
  });
  await engineInternals(engine).ready();
  const counted: EngineService = Object.create(engine) as EngineService;
  counted.nodeContent = (request) => (contentCalls++, engine.nodeContent(request));
  bridge = await startBridge({ engine: counted, staticDir: dir, log: () => {} });
}, 180_000);

afterAll(async () => {
  await bridge?.close();
  await engine?.close();
});

describe('note-sized replies', () => {
  it('are sent two at a time; a search is answered meanwhile', async () => {
    const held = [await post('nodeContent', { id: 'v:big.md' })];
    held.push(await post('nodeContent', { id: 'v:big.md' }));
    for (const reply of held) reply.pause(); // these clients read nothing for now
    expect(contentCalls).toBe(2);

    const third = post('nodeContent', { id: 'v:small.md' });
    const search = await ask(bridge.port, '/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-folio-token': bridge.token },
      body: JSON.stringify({ queries: ['sections'] }),
    });
    const found = search.json() as ApiResult<SearchResponse>;
    expect(found.ok && found.value.results.map((r) => r.path)).toEqual(['small.md']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(contentCalls).toBe(2); // the third waits for a slot

    const bodies = await Promise.all(held.map((reply) => json<NodeContent>(reply)));
    for (const body of bodies) expect(body.ok && body.value.markdown.length).toBeGreaterThan(2e7);
    const small = await json<NodeContent>(await third);
    expect(small.ok && small.value.title).toBe('Small');
    await until(async () => contentCalls === 3);
  });
});
