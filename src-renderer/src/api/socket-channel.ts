// The calls made per keystroke (`search`) over one WebSocket to the bridge
// (src-main/bridge/api-socket.ts): a message on an open socket reaches the bridge and back in ~3 ms
// where a `fetch` takes ~10 (docs/benchmarks.md#ui). Opened with the page (`connect`), or else by
// the first such call. A call the socket cannot carry — it never opened (an older bridge), or it
// closed before the reply — is answered `null`, and the caller sends it over HTTP instead; a
// socket that closed after opening is opened again by the next call.
import type { ApiMethod, ApiResult } from '#shared/contract/api.ts';

/** What the bridge sends back for a call. */
interface SocketReply {
  id: number;
  result: ApiResult<unknown>;
  /** The bridge's times for the call, ms (the UI benchmark reads them). */
  timing: Record<string, number>;
}

/** A reply as this page received it: when it arrived (ms since the epoch), its size and parse. */
interface Received {
  reply: SocketReply;
  arrivedAt: number;
  bytes: number;
  parseMs: number;
}

/** One page's socket to the bridge. */
export class SocketChannel {
  readonly #url: string;
  #socket: Promise<WebSocket | null> | null = null;
  /**
   * The socket while open: a call is sent in the caller's task, before the page's pending
   * updates run (an await, even of an open socket's promise, would let them run first).
   */
  #opened: WebSocket | null = null;
  /** The socket never opened: this page uses HTTP only. */
  #refused = false;
  #nextId = 0;
  /** The calls sent and not answered yet, by id. */
  readonly #pending = new Map<number, (received: Received | null) => void>();

  constructor(url: string) {
    this.#url = url;
  }

  /** Opens the socket now, so that the first call does not wait for it (no-op once open). */
  connect(): void {
    if (!this.#refused) this.#socket ??= this.#open();
  }

  /** Sends `method`; resolves to its result, or `null` when the socket could not carry it. */
  async call<T>(method: ApiMethod, argument: unknown): Promise<ApiResult<T> | null> {
    const socket = this.#opened ?? (this.#refused ? null : await (this.#socket ??= this.#open()));
    if (!socket || socket.readyState !== WebSocket.OPEN) return null;
    const id = ++this.#nextId;
    const sentAt = performance.now();
    const received = await new Promise<Received | null>((resolve) => {
      this.#pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, argument: argument ?? null }));
    });
    if (!received) return null;
    const { reply, arrivedAt, bytes, parseMs } = received;
    // The UI benchmark splits a keystroke with these (docs/benchmarks.md#ui): the bridge's times,
    // and the page's send and receive on the same epoch clock as the bridge's (`…At`); cleared at
    // once, so that a long session keeps no entries (performance observers have them already).
    performance.measure('folio:socket-call', {
      start: sentAt,
      detail: {
        method,
        ...reply.timing,
        sentAt: performance.timeOrigin + sentAt,
        arrivedAt,
        bytes,
        parse: parseMs,
      },
    });
    performance.clearMeasures('folio:socket-call');
    return reply.result as ApiResult<T>;
  }

  #open(): Promise<WebSocket | null> {
    return new Promise((resolve) => {
      const socket = new WebSocket(this.#url);
      let opened = false;
      socket.addEventListener('open', () => {
        opened = true;
        this.#opened = socket;
        resolve(socket);
      });
      socket.addEventListener('message', (event) => this.#reply(event.data as string));
      socket.addEventListener('close', () => {
        if (!opened) this.#refused = true;
        this.#socket = null;
        if (this.#opened === socket) this.#opened = null;
        resolve(null);
        for (const answer of this.#pending.values()) answer(null);
        this.#pending.clear();
      });
    });
  }

  #reply(data: string): void {
    const arrived = performance.now();
    const reply = JSON.parse(data) as SocketReply;
    const parseMs = performance.now() - arrived;
    const arrivedAt = performance.timeOrigin + arrived;
    this.#pending.get(reply.id)?.({ reply, arrivedAt, bytes: data.length, parseMs });
    this.#pending.delete(reply.id);
  }
}
