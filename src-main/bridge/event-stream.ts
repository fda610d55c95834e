// Server-sent events: the bridge's side of the `on…` subscriptions. One stream per open page;
// every engine event goes to every stream as `event: <api event name>` with a JSON payload.
import type { ServerResponse } from 'node:http';
import type { ApiEvent } from '#shared/contract/api.ts';
import type { EngineEvent } from '#shared/contract/engine.ts';
import { withHotkeyCheck } from './api-calls.ts';

/** How often a comment line keeps idle connections (and proxies) from timing out. */
const HEARTBEAT_MS = 25_000;

/** The API event and payload an engine event becomes. */
export function toApiEvent(event: EngineEvent): { name: ApiEvent; payload: unknown } {
  switch (event.type) {
    case 'indexProgress':
      return { name: 'onIndexProgress', payload: event.progress };
    case 'indexChanged':
      return { name: 'onIndexChanged', payload: event.change };
    case 'vaultsChanged':
      return { name: 'onVaultsChanged', payload: event.vaults };
    case 'settingsChanged':
      return { name: 'onSettingsChanged', payload: withHotkeyCheck(event.state) };
  }
}

/** The open event streams. */
export class EventStreams {
  readonly #clients = new Set<ServerResponse>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor() {
    this.#heartbeat = setInterval(() => this.#write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** Turns `response` into an event stream until the page goes away. */
  open(response: ServerResponse, headers: Record<string, string>): void {
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.write('retry: 2000\n\n');
    this.#clients.add(response);
    response.on('close', () => this.#clients.delete(response));
  }

  /** Sends one event to every open stream. */
  send(name: ApiEvent, payload: unknown): void {
    this.#write(`event: ${name}\ndata: ${JSON.stringify(payload ?? null)}\n\n`);
  }

  /** How many pages are listening. */
  get size(): number {
    return this.#clients.size;
  }

  /** Ends every stream. */
  close(): void {
    clearInterval(this.#heartbeat);
    for (const client of this.#clients) client.end();
    this.#clients.clear();
  }

  #write(chunk: string): void {
    for (const client of this.#clients) client.write(chunk);
  }
}
