// The web bridge's HTTP server: the built renderer as static files, the FolioApi as
// `POST /api/<method>` (and the per-keystroke calls over a WebSocket, api-socket.ts), its events as
// `GET /api/events` (server-sent events). Loopback only.
import { createReadStream } from 'node:fs';
import { STATUS_CODES, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { isApiMethod } from '#shared/contract/schema.ts';
import type { ApiErrorCode, ApiResult, AssistantSetup } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { failure, type CallContext } from './api-calls.ts';
import { ApiSocket, SOCKET_PATH } from './api-socket.ts';
import { serverTimingHeader, timedCall } from './call-timing.ts';
import { EventStreams, toApiEvent } from './event-stream.ts';
import { MAX_BODY_BYTES, readBody, sendJson } from './http-json.ts';
import { TaskLimit } from '#shared/task-limit.ts';
import { hasLargeReply } from './large-replies.ts';
import {
  SECURITY_HEADERS,
  createToken,
  isAllowedHost,
  isAllowedOrigin,
  tokenMatches,
} from './security.ts';
import { contentTypeOf, resolveStaticFile } from './static-files.ts';

/** Calls with note-sized replies computed and sent at once at most (`large-replies.ts`). */
const LARGE_REPLIES_AT_ONCE = 2;

/** How to start the bridge. */
export interface BridgeOptions {
  /** The engine every call is delegated to (the caller creates and closes it). */
  engine: EngineService;
  /** The built renderer (`index.html`, `quick.html`, assets). */
  staticDir: string;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Session token; default: a fresh random one. */
  token?: string;
  /** Version reported by `environment()`. */
  version?: string;
  /** Where unexpected errors go; default: stderr. */
  log?: (message: string) => void;
  /** How AI assistants start an MCP server on this index; absent: `unavailable`. */
  assistantSetup?: () => AssistantSetup;
}

/** A running bridge. */
export interface Bridge {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  token: string;
  /** The main page's URL, token included (what `npm run web` prints). */
  url: string;
  /** The quick-search page's URL, token included. */
  quickUrl: string;
  /** Stops listening and ends the event streams (the engine is the caller's to close). */
  close(): Promise<void>;
}

/** A refused request: its HTTP status and the error the page receives as data. */
interface Refusal {
  status: number;
  result: ApiResult<never>;
}

const refuse = (status: number, code: ApiErrorCode, message: string): Refusal => ({
  status,
  result: failure(code, message),
});

const BAD_TOKEN = refuse(
  401,
  'forbidden',
  'Missing or wrong session token: open the URL `npm run web` printed.',
);

/** The bridge's request handling: guards first, then events, API calls or static files. */
class BridgeRoutes {
  /** The bound port (known once listening); the Host and Origin checks depend on it. */
  port = 0;
  readonly #token: string;
  readonly #staticDir: string;
  readonly #streams: EventStreams;
  readonly #context: CallContext;
  readonly #largeReplies = new TaskLimit(LARGE_REPLIES_AT_ONCE);
  readonly #socket: ApiSocket;

  constructor(token: string, staticDir: string, streams: EventStreams, context: CallContext) {
    this.#token = token;
    this.#staticDir = staticDir;
    this.#streams = streams;
    this.#context = context;
    this.#socket = new ApiSocket(context);
  }

  /** Ends the pages' sockets. */
  close(): void {
    this.#socket.close();
  }

  /** A WebSocket upgrade: only to `SOCKET_PATH`, with the guards and the token of any request. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const refusal = this.#guard(request) ?? this.#socketRefusal(request);
    if (!refusal) return this.#socket.accept(request, socket, head);
    const body = JSON.stringify(refusal.result);
    socket.end(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }

  #socketRefusal(request: IncomingMessage): Refusal | null {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${this.port}`);
    if (url.pathname !== SOCKET_PATH) {
      return refuse(404, 'not-found', `No WebSocket at ${url.pathname}.`);
    }
    return tokenMatches(this.#token, url.searchParams.get('token')) ? null : BAD_TOKEN;
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refusal = this.#guard(request) ?? (await this.#route(request, response));
    if (refusal) void sendJson(response, refusal.status, refusal.result);
  }

  #guard(request: IncomingMessage): Refusal | null {
    if (!isAllowedHost(request.headers.host, this.port)) {
      return refuse(
        403,
        'forbidden',
        'Unknown Host: address the bridge as 127.0.0.1 or localhost.',
      );
    }
    if (!isAllowedOrigin(request.headers.origin, this.port)) {
      return refuse(403, 'forbidden', 'Cross-origin requests are refused.');
    }
    return null;
  }

  #route(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<Refusal | null> | Refusal | null {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${this.port}`);
    if (url.pathname === '/api/events') return this.#openEvents(request, response, url);
    if (url.pathname.startsWith('/api/')) {
      return this.#callApi(request, response, url.pathname.slice('/api/'.length));
    }
    return this.#serveStatic(request, response, url.pathname);
  }

  #openEvents(request: IncomingMessage, response: ServerResponse, url: URL): Refusal | null {
    if (request.method !== 'GET')
      return refuse(405, 'invalid-argument', 'Use GET for /api/events.');
    if (!tokenMatches(this.#token, url.searchParams.get('token'))) return BAD_TOKEN;
    this.#streams.open(response, SECURITY_HEADERS);
    return null;
  }

  async #callApi(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
  ): Promise<Refusal | null> {
    const received = performance.now();
    if (request.method !== 'POST') {
      return refuse(405, 'invalid-argument', `Use POST for /api/${method}.`);
    }
    const given = request.headers['x-folio-token'];
    if (!tokenMatches(this.#token, Array.isArray(given) ? given[0] : given)) return BAD_TOKEN;
    if (!isApiMethod(method)) return refuse(404, 'not-found', `Unknown API method "${method}".`);
    const body = await readBody(request);
    if (body === null) {
      return refuse(
        413,
        'invalid-argument',
        `${method}: the request is over ${MAX_BODY_BYTES} bytes.`,
      );
    }
    let argument: unknown;
    try {
      // JSON has no `undefined`: a method without argument is sent `null`, which its schema takes.
      argument = body.length === 0 ? null : JSON.parse(body);
    } catch {
      return refuse(400, 'invalid-argument', `${method}: the request body is not JSON.`);
    }
    const reply = async () => {
      const { outcome, timing } = await timedCall(this.#context, method, argument, received);
      const headers = { 'server-timing': serverTimingHeader(timing) };
      await sendJson(response, outcome.status, outcome.result, headers);
    };
    // A note-sized reply holds its slot until it has left for the socket (or the client went).
    await (hasLargeReply(method) ? this.#largeReplies.run(reply) : reply());
    return null;
  }

  #serveStatic(request: IncomingMessage, response: ServerResponse, path: string): Refusal | null {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse(405, 'invalid-argument', 'Only GET and HEAD are served.');
    }
    const file = resolveStaticFile(this.#staticDir, path);
    if (!file) {
      response.writeHead(404, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found\n');
      return null;
    }
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': contentTypeOf(file),
      'cache-control': 'no-cache',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
    return null;
  }
}

/** Starts the bridge on 127.0.0.1; resolves once it listens. */
export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  const token = options.token ?? createToken();
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const streams = new EventStreams();
  const routes = new BridgeRoutes(token, options.staticDir, streams, {
    engine: options.engine,
    showNode: (request) => streams.send('onShowNode', request),
    log,
    version: options.version ?? '0.0.0',
    assistantSetup: options.assistantSetup,
  });
  const unsubscribe = options.engine.subscribe((event) => {
    const { name, payload } = toApiEvent(event);
    streams.send(name, payload);
  });
  const server = createServer((request, response) => {
    routes.handle(request, response).catch((error: unknown) => {
      log(`bridge: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!response.headersSent) void sendJson(response, 500, failure('internal', 'Bridge error.'));
      else response.end();
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', (error) => log(`bridge socket: ${error.message}`));
    routes.upgrade(request, socket, head);
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolvePromise());
  });
  routes.port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${routes.port}`;
  const fragment = `#token=${token}`;
  return {
    origin,
    port: routes.port,
    token,
    url: `${origin}/${fragment}`,
    quickUrl: `${origin}/quick.html${fragment}`,
    close: async () => {
      unsubscribe();
      streams.close();
      routes.close();
      server.closeAllConnections();
      await new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
    },
  };
}
