// A FolioApi for renderer state tests: the stand-in for the preload object at the Electron
// boundary. Methods answer what a test sets, record their calls, and can be held back to test
// the order of responses; events are emitted by hand.
import type {
  ApiErrorCode,
  ApiEvent,
  ApiMethod,
  ApiResult,
  FolioApi,
  SearchResult,
} from '#shared/contract/api.ts';
import { API_EVENTS, API_METHODS } from '#shared/contract/api.ts';

type Handler = (argument: never) => Promise<ApiResult<unknown>> | ApiResult<unknown>;

/** A controllable API and what was asked of it. */
export interface FakeApi {
  api: FolioApi;
  /** Every call, in order: method and argument. */
  calls: Array<[ApiMethod, unknown]>;
  /** Sets what a method answers. */
  answer(method: ApiMethod, handler: Handler): void;
  /** Delivers an event to the page's listeners. */
  emit(event: ApiEvent, payload?: unknown): void;
  /** Listeners currently subscribed to an event. */
  listeners(event: ApiEvent): number;
}

/** The answer of a call that succeeded. */
export const ok = <T>(value: T): ApiResult<T> => ({ ok: true, value });
/** The answer of a call that failed, as the main process or the bridge sends it. */
export const failed = (code: ApiErrorCode, message: string): ApiResult<never> => ({
  ok: false,
  error: { code, message },
});

export function createFakeApi(): FakeApi {
  const calls: Array<[ApiMethod, unknown]> = [];
  const handlers = new Map<ApiMethod, Handler>();
  const listeners = new Map<ApiEvent, Set<(payload: unknown) => void>>();
  const api = {} as Record<string, unknown>;
  for (const method of API_METHODS) {
    api[method] = async (argument?: unknown) => {
      calls.push([method, argument]);
      const handler = handlers.get(method);
      return handler ? handler(argument as never) : failed('unavailable', `${method} not set`);
    };
  }
  for (const event of API_EVENTS) {
    listeners.set(event, new Set());
    api[event] = (listener: (payload: unknown) => void) => {
      listeners.get(event)!.add(listener);
      return () => listeners.get(event)!.delete(listener);
    };
  }
  return {
    api: api as unknown as FolioApi,
    calls,
    answer: (method, handler) => handlers.set(method, handler),
    emit: (event, payload) => listeners.get(event)!.forEach((listener) => listener(payload)),
    listeners: (event) => listeners.get(event)!.size,
  };
}

/** A promise and the function that resolves it. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** A search result with the given id (and document), the other fields plausible. */
export function result(
  id: string,
  docId = id.split('#')[0]!,
  extra: Partial<SearchResult> = {},
): SearchResult {
  const [vault, path] = docId.split(':') as [string, string];
  return {
    id,
    docId,
    vault,
    path,
    title: id,
    breadcrumb: `> ${id}`,
    displayTitle: id,
    displayBreadcrumb: `> ${id}`,
    depth: id.includes('#') ? 2 : 0,
    score: 1,
    snippet: '',
    snippetSegments: [{ text: id, match: false }],
    matchRanges: [],
    byteStart: 0,
    byteEnd: 10,
    headingStart: 0,
    startLine: 1,
    endLine: 2,
    mergedFrom: [],
    partial: false,
    matchedTerms: [],
    topics: [],
    modified: 0,
    created: null,
    ...extra,
  };
}
