// The API calls made per keystroke, over one WebSocket per page (`GET /api/socket?token=…`, on the
// bridge's own port). A `fetch` from a page costs Chromium a new request each time — ~10 ms at p50
// for a reply that takes the bridge under 1 ms, against ~3 ms for a message on an open socket
// (docs/benchmarks.md#ui). The `ws` package does the protocol (handshake, framing, masking, size
// limit, close): hand-written framing would be security-sensitive parsing of our own to maintain.
// The socket is guarded as every request is (Host, Origin, token: server.ts) and each call's
// argument is validated by the same schemas as over HTTP (`runCall`).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { SOCKET_METHODS, type ApiMethod } from '#shared/contract/api.ts';
import type { CallContext } from './api-calls.ts';
import { timedCall } from './call-timing.ts';

/** Where pages open the socket. */
export const SOCKET_PATH = '/api/socket';

/**
 * The largest message accepted: a search's 32 topics of 20,000 characters, each escaped to at
 * most 6 bytes in JSON, is 3.84 MB (the request schema's limits, src-shared/contract/schema.ts).
 */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** WebSocket close code: a message broke the protocol's rules (RFC 6455 §7.4.1). */
const POLICY_VIOLATION = 1008;

/** A page's call: `id` pairs it with its reply. */
interface SocketCall {
  id: number;
  method: ApiMethod;
  argument: unknown;
}

/** Reads one message; a string is why it is refused (a close reason: under 123 bytes). */
function parseCall(data: RawData, isBinary: boolean): SocketCall | string {
  if (isBinary) return 'binary messages are refused';
  let message: unknown;
  try {
    message = JSON.parse(data.toString());
  } catch {
    return 'a message is not JSON';
  }
  const { id, method, argument } = (message ?? {}) as Partial<Record<keyof SocketCall, unknown>>;
  if (!Number.isSafeInteger(id)) return 'a message has no integer id';
  if (typeof method !== 'string' || !SOCKET_METHODS.has(method as ApiMethod)) {
    return 'a message names no method the socket carries';
  }
  return { id: id as number, method: method as ApiMethod, argument: argument ?? null };
}

/** The bridge's WebSocket side: accepts guarded upgrades and answers the calls they carry. */
export class ApiSocket {
  readonly #server = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  readonly #context: CallContext;

  constructor(context: CallContext) {
    this.#context = context;
  }

  /** Takes over an upgrade request the bridge has already checked (Host, Origin, token). */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#server.handleUpgrade(request, socket, head, (client) => {
      client.on('message', (data, isBinary) => void this.#answer(client, data, isBinary));
      client.on('error', (error) => this.#context.log(`bridge socket: ${error.message}`));
    });
  }

  /** Closes every page's socket. */
  close(): void {
    for (const client of this.#server.clients) client.terminate();
    this.#server.close();
  }

  async #answer(client: WebSocket, data: RawData, isBinary: boolean): Promise<void> {
    const received = performance.now();
    const call = parseCall(data, isBinary);
    if (typeof call === 'string') {
      client.close(POLICY_VIOLATION, call);
      return;
    }
    const { outcome, timing } = await timedCall(
      this.#context,
      call.method,
      call.argument,
      received,
    );
    if (client.readyState !== client.OPEN) return;
    const stringifyStart = performance.now();
    const result = JSON.stringify(outcome.result);
    const replied = performance.now();
    // On the epoch clock (`…At`), so that the page can split its round trip into the way there
    // and back (docs/benchmarks.md#ui).
    const times = {
      ...timing,
      stringify: replied - stringifyStart,
      receivedAt: performance.timeOrigin + received,
      repliedAt: performance.timeOrigin + replied,
    };
    client.send(`{"id":${call.id},"result":${result},"timing":${JSON.stringify(times)}}`);
  }
}
