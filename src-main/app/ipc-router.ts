// The one main-process module that registers IPC handlers
// (docs/architecture.md#one-choke-point-per-side). For every method of the contract it checks the
// sender, validates the argument with the contract's schema, calls the service, and answers
// `ApiResult`: errors cross as data, never as rejections. `ipcMain` is passed in, so the whole
// choke point is tested in Node with a fake registrar.
import {
  API_METHODS,
  channelOf,
  type ApiError,
  type ApiErrorCode,
  type ApiMethod,
  type ApiResult,
  type FolioApi,
} from '#shared/contract/api.ts';
import { FolioError } from '#shared/contract/engine.ts';
import { validateRequest } from '#shared/contract/schema.ts';

/** The argument type of a method (undefined for methods without one). */
export type RequestOf<M extends ApiMethod> = Parameters<FolioApi[M]>[0];
/** The success value of a method. */
export type ValueOf<M extends ApiMethod> =
  Awaited<ReturnType<FolioApi[M]>> extends ApiResult<infer T> ? T : never;

/** One service function per API method; they throw `FolioError` for errors meant for the user. */
export type ApiHandlers = { [M in ApiMethod]: (request: RequestOf<M>) => Promise<ValueOf<M>> };

/** The part of Electron's `ipcMain` the router uses. */
export interface IpcRegistrar<Event> {
  /** Answers `ipcRenderer.invoke(channel, argument)` with the listener's result. */
  handle(channel: string, listener: (event: Event, argument: unknown) => Promise<unknown>): void;
  /** Removes the channel's handler. */
  removeHandler(channel: string): void;
}

/** How the router decides whom to answer and where failures are reported. */
export interface IpcRouterOptions<Event> {
  /** True only for our own windows' top frames on our own origin. */
  isTrustedSender(event: Event): boolean;
  /** Receives unexpected errors (their details never reach the renderer). */
  logError(message: string, error: unknown): void;
}

const ERROR_CODES: ReadonlySet<ApiErrorCode> = new Set([
  'invalid-argument',
  'not-found',
  'conflict',
  'io',
  'unavailable',
  'forbidden',
  'internal',
  'superseded',
]);

// Duck-typed as well as `instanceof`: an engine error rebuilt from a worker message is still one.
function asFolioError(error: unknown): ApiError | null {
  if (error instanceof FolioError) return { code: error.code, message: error.message };
  const candidate = error as { name?: unknown; code?: unknown; message?: unknown } | null;
  if (
    candidate?.name === 'FolioError' &&
    ERROR_CODES.has(candidate.code as ApiErrorCode) &&
    typeof candidate.message === 'string'
  ) {
    return { code: candidate.code as ApiErrorCode, message: candidate.message };
  }
  return null;
}

/** Turns any thrown value into the error the renderer sees. */
export function toApiError(method: ApiMethod, error: unknown): ApiError {
  return (
    asFolioError(error) ?? {
      code: 'internal',
      message: `${method} failed unexpectedly; the details are in Folio's log`,
    }
  );
}

/** Handles one call: sender check, validation, the service, the error mapping. */
export async function dispatch<Event>(
  method: ApiMethod,
  event: Event,
  argument: unknown,
  handlers: ApiHandlers,
  options: IpcRouterOptions<Event>,
): Promise<ApiResult<unknown>> {
  if (!options.isTrustedSender(event)) {
    return {
      ok: false,
      error: { code: 'forbidden', message: `${method}: caller is not a Folio window` },
    };
  }
  const validation = validateRequest(method, argument);
  if (!validation.ok) {
    return { ok: false, error: { code: 'invalid-argument', message: validation.message } };
  }
  try {
    const handler = handlers[method] as (request: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(validation.value) };
  } catch (error) {
    const apiError = toApiError(method, error);
    if (apiError.code === 'internal') options.logError(`${method} failed`, error);
    return { ok: false, error: apiError };
  }
}

/**
 * Registers a handler on `channelOf(method)` for every API method; returns the unregister function.
 */
export function registerIpcHandlers<Event>(
  ipc: IpcRegistrar<Event>,
  handlers: ApiHandlers,
  options: IpcRouterOptions<Event>,
): () => void {
  for (const method of API_METHODS) {
    ipc.handle(channelOf(method), (event, argument) =>
      dispatch(method, event, argument, handlers, options),
    );
  }
  return () => {
    for (const method of API_METHODS) ipc.removeHandler(channelOf(method));
  };
}
