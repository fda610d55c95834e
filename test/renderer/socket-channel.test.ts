// The page's search socket (src-renderer/src/api/socket-channel.ts) against a real WebSocket
// server: once open, a call leaves in the caller's task — before anything the caller queued
// (a UI update) runs — and its reply comes back by id; a closed socket answers `null` (HTTP then).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { SocketChannel } from '../../src-renderer/src/api/socket-channel.ts';

/** A socket server that echoes each call's method back as its result, with the bridge's times. */
async function echoServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const http = createServer();
  const server = new WebSocketServer({ server: http });
  server.on('connection', (client) =>
    client.on('message', (data) => {
      const { id, method } = JSON.parse(String(data)) as { id: number; method: string };
      const at = performance.timeOrigin + performance.now();
      const timing = { bridge: 0, call: 0, cpu: 0, stringify: 0, receivedAt: at, repliedAt: at };
      client.send(JSON.stringify({ id, result: { ok: true, value: method }, timing }));
    }),
  );
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    stop: async () => {
      for (const client of server.clients) client.terminate();
      await new Promise((done) => server.close(done));
      await new Promise((done) => http.close(done));
    },
  };
}

let stop = async () => {};
afterEach(() => stop());

describe('SocketChannel', () => {
  it('sends a call on an open socket before the work its caller queued, and answers it', async () => {
    const server = await echoServer();
    stop = server.stop;
    const channel = new SocketChannel(server.url);
    expect(await channel.call('search', {})).toEqual({ ok: true, value: 'search' });
    const order: string[] = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, data) {
      order.push('sent');
      return send.call(this, data);
    };
    try {
      queueMicrotask(() => order.push('queued work'));
      const answer = channel.call('outline', {});
      order.push('call returned');
      expect(await answer).toEqual({ ok: true, value: 'outline' });
    } finally {
      WebSocket.prototype.send = send;
    }
    expect(order).toEqual(['sent', 'call returned', 'queued work']);
  });

  it('answers null once the socket closed, so that the caller goes over HTTP', async () => {
    const server = await echoServer();
    const channel = new SocketChannel(server.url);
    expect(await channel.call('search', {})).toEqual({ ok: true, value: 'search' });
    await server.stop();
    // The close reaches the page a moment after the server is gone.
    await new Promise((done) => setTimeout(done, 100));
    expect(await channel.call('search', {})).toBeNull();
  });
});
