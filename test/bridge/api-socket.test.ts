// The bridge's WebSocket (src-main/bridge/api-socket.ts) with the real engine and the real server:
// searches answered by id with the bridge's timing; the upgrade guarded as every request is (token,
// Host, Origin, path); a bad message closes the socket, a bad argument is answered as over HTTP.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ApiResult, SearchResponse } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../src-main/engine/create-engine.ts';
import { startBridge, type Bridge } from '../../src-main/bridge/server.ts';
import { tempDir } from '../engine/store/temp.ts';

const dir = tempDir('folio-socket-');
let engine: EngineService;
let bridge: Bridge;

beforeAll(async () => {
  cpSync(join(import.meta.dirname, '..', 'fixtures', 'e2e-vault'), join(dir, 'vault'), {
    recursive: true,
  });
  mkdirSync(join(dir, 'build'));
  writeFileSync(join(dir, 'build', 'index.html'), '<!doctype html><title>Folio</title>');
  engine = await createEngine({
    dbPath: join(dir, 'folio.db'),
    vaults: [{ root: join(dir, 'vault'), name: 'e2e' }],
    watch: false,
  });
  await engineInternals(engine).ready();
  bridge = await startBridge({ engine, staticDir: join(dir, 'build'), log: () => {} });
});

afterAll(async () => {
  await bridge?.close();
  await engine?.close();
});

type Options = { token?: string; host?: string; origin?: string; path?: string };

/** Opens a socket as a page would (its Origin, the token in the URL); options break one part. */
function connect(options: Options = {}): WebSocket {
  const token = options.token ?? bridge.token;
  const url = `ws://127.0.0.1:${bridge.port}${options.path ?? '/api/socket'}?token=${token}`;
  return new WebSocket(url, {
    origin: options.origin ?? bridge.origin,
    headers: options.host ? { host: options.host } : {},
  });
}

/** The HTTP status an upgrade was refused with (or 101 when it opened). */
function upgradeStatus(options: Options): Promise<number> {
  const socket = connect(options);
  return new Promise((resolve) => {
    socket.on('unexpected-response', (_, response) => resolve(response.statusCode ?? 0));
    socket.on('open', () => (socket.close(), resolve(101)));
    socket.on('error', () => {});
  });
}

const opened = (socket: WebSocket) => new Promise((resolve) => socket.once('open', resolve));

/** A reply of the bridge. */
interface Reply {
  id: number;
  result: ApiResult<unknown>;
  timing: Record<string, number>;
}

/** The next `count` replies by id, or the close code if the bridge closed the socket first. */
function replies(socket: WebSocket, count: number): Promise<Map<number, Reply> | number> {
  const got = new Map<number, Reply>();
  return new Promise((resolve) => {
    socket.on('message', (data) => {
      const reply = JSON.parse(String(data)) as Reply;
      got.set(reply.id, reply);
      if (got.size === count) resolve(got);
    });
    socket.on('close', (code) => resolve(code));
  });
}

describe('bridge socket', () => {
  it('answers searches from the real engine, each by its id, with the bridge timing it (and its epoch times)', async () => {
    const socket = connect();
    await opened(socket);
    const answers = replies(socket, 2);
    socket.send(JSON.stringify({ id: 7, method: 'search', argument: { queries: ['carbon'] } }));
    socket.send(JSON.stringify({ id: 8, method: 'search', argument: { queries: ['periwinkle'] } }));
    const got = await answers;
    socket.close();
    if (typeof got === 'number') throw new Error(`closed ${got}`);
    const paths = (id: number) => {
      const result = got.get(id)!.result as ApiResult<SearchResponse>;
      return result.ok ? result.value.results.map((found) => found.path) : result.error.code;
    };
    expect(paths(7)).toContain('garden/Composting.md');
    expect(paths(8)).toContain('Edit me.md');
    const timing = got.get(7)!.timing;
    expect(Object.keys(timing)).toEqual([
      'bridge',
      'call',
      'cpu',
      'wait',
      'stringify',
      'receivedAt',
      'repliedAt',
    ]);
    // On the epoch clock, received before replied, both within this test's run.
    expect(timing.receivedAt).toBeLessThanOrEqual(timing.repliedAt!);
    expect(Math.abs(Date.now() - timing.repliedAt!)).toBeLessThan(60_000);
  });

  it('answers an invalid argument as HTTP does, and keeps the socket open', async () => {
    const socket = connect();
    await opened(socket);
    const answers = replies(socket, 2);
    socket.send(JSON.stringify({ id: 1, method: 'search', argument: { queries: 5 } }));
    socket.send(JSON.stringify({ id: 2, method: 'search', argument: { queries: ['carbon'] } }));
    const got = await answers;
    socket.close();
    if (typeof got === 'number') throw new Error(`closed ${got}`);
    expect(got.get(1)!.result).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(got.get(2)!.result.ok).toBe(true);
  });

  it.each([
    ['not JSON', '{"id": 1,'],
    ['no id', JSON.stringify({ method: 'search', argument: { queries: ['x'] } })],
    ['a method it does not carry', JSON.stringify({ id: 1, method: 'removeVault', argument: {} })],
    ['an unknown method', JSON.stringify({ id: 1, method: 'x'.repeat(500), argument: null })],
  ])('closes the socket on a message with %s (policy violation)', async (_, message) => {
    const socket = connect();
    await opened(socket);
    const answers = replies(socket, 1);
    socket.send(message);
    expect(await answers).toBe(1008);
  });

  it('closes the socket on a binary message and on one over the size limit', async () => {
    const binary = connect();
    await opened(binary);
    const closedBinary = replies(binary, 1);
    binary.send(Buffer.from('{"id":1}'));
    expect(await closedBinary).toBe(1008);
    const big = connect();
    await opened(big);
    const closedBig = replies(big, 1);
    big.send('x'.repeat(9 * 1024 * 1024));
    expect(await closedBig).toBe(1009); // message too big (RFC 6455 §7.4.1)
  });

  it('refuses an upgrade without the token, from another site or host, or to another path', async () => {
    expect(await upgradeStatus({})).toBe(101);
    expect(await upgradeStatus({ token: '' })).toBe(401);
    expect(await upgradeStatus({ token: 'wrong' })).toBe(401);
    expect(await upgradeStatus({ origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus({ host: `evil.example:${bridge.port}` })).toBe(403);
    expect(await upgradeStatus({ path: '/api/events' })).toBe(404);
  });
});
