// The FolioApi over HTTP, for the browser build served by `npm run web`: requests are
// `POST /api/<method>` with the session token in a header (searches over a WebSocket when it
// opens: socket-channel.ts), events arrive on one server-sent event stream. The browser itself
// does what a browser can (clipboard, opening links).
import {
  API_EVENTS,
  API_METHODS,
  SOCKET_METHODS,
  type ApiEvent,
  type ApiMethod,
  type ApiResult,
  type FolioApi,
} from '#shared/contract/api.ts';
import { SocketChannel } from './socket-channel.ts';

/** The request header that carries the session token. */
export const TOKEN_HEADER = 'x-folio-token';

/** What the bridge client needs from its surroundings (the browser's, by default). */
export interface BridgeClientOptions {
  /** The session token printed by `npm run web` (in the page URL's `#token=` fragment). */
  token: string;
  /** Origin of the bridge; default: the page's own. */
  baseUrl?: string;
  /** Writes to the clipboard; default: `navigator.clipboard.writeText`. */
  writeClipboard?: (text: string) => Promise<void>;
  /** Opens an http(s)/mailto URL; default: a new browser tab without opener. */
  openUrl?: (url: string) => void;
  /** Opens the search socket at once rather than at the first search (the page does). */
  connectSocket?: boolean;
}

type Listener = (payload: never) => void;

const fail = <T>(code: 'unavailable' | 'internal' | 'invalid-argument', message: string) =>
  ({ ok: false, error: { code, message } }) as ApiResult<T>;

/** Only these URL schemes leave the app (docs/design.md#security). */
export function isExternalUrl(url: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(url.trim());
}

/** Calls one API method on the bridge; any failure is an `ApiResult` error, never a throw. */
async function callBridge<T>(
  baseUrl: string,
  token: string,
  method: ApiMethod,
  argument?: unknown,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body: JSON.stringify(argument ?? null),
    });
  } catch {
    return fail('unavailable', 'The Folio web bridge is not reachable: is `npm run web` running?');
  }
  try {
    return (await response.json()) as ApiResult<T>;
  } catch {
    return fail('internal', `The bridge answered ${method} with HTTP ${response.status}.`);
  }
}

/** A FolioApi that talks to the web bridge (requests over fetch, events over one EventSource). */
export function createBridgeClient(options: BridgeClientOptions): FolioApi {
  const baseUrl = options.baseUrl ?? location.origin;
  const listeners = new Map<ApiEvent, Set<Listener>>();
  let stream: EventSource | null = null;

  function subscribe(event: ApiEvent, listener: Listener): () => void {
    if (!stream) {
      const url = `${baseUrl}/api/events?token=${encodeURIComponent(options.token)}`;
      stream = new EventSource(url);
      for (const name of listeners.keys()) attach(stream, name);
    }
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
      attach(stream, event);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  function attach(source: EventSource, event: ApiEvent) {
    source.addEventListener(event, (message) => {
      const payload = JSON.parse((message as MessageEvent<string>).data) as never;
      for (const listener of listeners.get(event) ?? []) listener(payload);
    });
  }

  const token = encodeURIComponent(options.token);
  const socket = new SocketChannel(`${baseUrl.replace(/^http/, 'ws')}/api/socket?token=${token}`);
  if (options.connectSocket) socket.connect();
  const overHttp = (method: ApiMethod) => (arg?: unknown) =>
    callBridge(baseUrl, options.token, method, arg);
  // The per-keystroke calls go over the socket when it carries them, else over HTTP.
  const overSocket = (method: ApiMethod) => async (arg?: unknown) =>
    (await socket.call(method, arg)) ?? overHttp(method)(arg);
  const remote = Object.fromEntries(
    API_METHODS.map((method) => [
      method,
      SOCKET_METHODS.has(method) ? overSocket(method) : overHttp(method),
    ]),
  ) as unknown as Pick<FolioApi, ApiMethod>;

  const events = Object.fromEntries(
    API_EVENTS.map((event) => [event, (listener: Listener) => subscribe(event, listener)]),
  ) as unknown as Pick<FolioApi, ApiEvent>;

  return { ...remote, ...browserServices(options), ...events };
}

/** What the browser does itself: the clipboard, and links opened in a new tab. */
function browserServices(
  options: BridgeClientOptions,
): Pick<FolioApi, 'copyText' | 'openExternal'> {
  const writeClipboard =
    options.writeClipboard ?? ((text: string) => navigator.clipboard.writeText(text));
  const openUrl =
    options.openUrl ?? ((url: string) => void window.open(url, '_blank', 'noopener,noreferrer'));
  return {
    async copyText({ text }) {
      try {
        await writeClipboard(text);
        return { ok: true, value: null };
      } catch (error) {
        return fail('unavailable', `The browser refused the clipboard: ${String(error)}`);
      }
    },
    async openExternal({ url }) {
      if (!isExternalUrl(url))
        return fail('invalid-argument', `Not an http(s) or mailto URL: ${url}`);
      openUrl(url);
      return { ok: true, value: null };
    },
  };
}
