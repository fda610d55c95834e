// What each API method does in the web bridge: validate the argument (the same schemas as IPC),
// delegate to the engine, and turn every outcome into an `ApiResult`. Methods only an operating
// system can honour answer `unavailable`, and `environment()` says so up front.
import type {
  ApiErrorCode,
  AssistantSetup,
  ApiMethod,
  ApiResult,
  Environment,
  FolioApi,
  OpenRequest,
  SettingsState,
} from '#shared/contract/api.ts';
import { FolioError, type EngineService } from '#shared/contract/engine.ts';
import { validateRequest } from '#shared/contract/schema.ts';
import { parseAccelerator } from '../app/accelerator.ts';

/** What the bridge's calls may do besides calling the engine. */
export interface CallContext {
  engine: EngineService;
  /** Tells every open page to show a node (`showInMainWindow` from the quick-search page). */
  showNode(request: OpenRequest): void;
  /** Where unexpected errors are logged (they reach the page only as a generic message). */
  log(message: string): void;
  /** Package version reported by `environment()`. */
  version: string;
  /** How AI assistants start an MCP server on this index (`npm run web`'s command line). */
  assistantSetup?: () => AssistantSetup;
}

type Value<M extends ApiMethod> =
  Awaited<ReturnType<FolioApi[M]>> extends ApiResult<infer T> ? T : never;
type Call<M extends ApiMethod> = (context: CallContext, argument: never) => Promise<Value<M>>;

const unavailable = (what: string) => async (): Promise<never> => {
  throw new FolioError(
    'unavailable',
    `${what} is not available in the browser; use the Folio app.`,
  );
};

/**
 * Settings as the web page sees them: no global shortcut is registered from a browser, but one the
 * app would refuse is reported the same way, so a typo is caught wherever it is typed.
 */
export function withHotkeyCheck(state: SettingsState): SettingsState {
  const parsed = parseAccelerator(state.settings.quickSearchHotkey);
  if (parsed.ok) return state;
  return { ...state, problems: { ...state.problems, quickSearchHotkey: parsed.message } };
}

/** The engine call behind each method; arguments arrive already validated. */
const CALLS: { [M in ApiMethod]: Call<M> } = {
  environment: async (context): Promise<Environment> => ({
    kind: 'web',
    platform: process.platform,
    canPickFolder: false,
    canOpenFiles: false,
    version: context.version,
  }),
  search: (context, request) => context.engine.search(request),
  outline: (context, request) => context.engine.outline(request),
  nodeContent: (context, request) => context.engine.nodeContent(request),
  exportResults: (context, request) => context.engine.exportResults(request),
  links: (context, request) => context.engine.links(request),
  unresolvedLinks: (context, request) => context.engine.unresolvedLinks(request),
  listVaults: (context) => context.engine.listVaults(),
  addVault: (context, request) => context.engine.addVault(request),
  removeVault: async (context, request) => (await context.engine.removeVault(request), null),
  reindexVault: async (context, request) => (await context.engine.reindexVault(request), null),
  updateVault: (context, request) => context.engine.updateVault(request),
  listFileErrors: (context, request) => context.engine.listFileErrors(request),
  getSettings: async (context) => withHotkeyCheck(await context.engine.getSettings()),
  updateSettings: async (context, request) =>
    withHotkeyCheck(await context.engine.updateSettings(request)),
  pickFolder: unavailable('The folder picker'),
  openInEditor: unavailable('Opening files in an editor'),
  revealInFolder: unavailable('Revealing files in the file manager'),
  openExternal: unavailable('Opening links from the server'),
  copyText: unavailable('Copying on the server'),
  assistantSetup: async (context) => {
    if (!context.assistantSetup) return unavailable('Connecting an AI assistant')();
    return context.assistantSetup();
  },
  // A browser tab cannot hide itself; the quick-search page simply stays open.
  hideQuickSearch: async () => null,
  showInMainWindow: async (context, request: OpenRequest) => {
    await context.engine.locateNode(request);
    context.showNode(request);
    return null;
  },
};

/** The outcome of one call and the HTTP status that goes with it. */
export interface CallOutcome {
  status: number;
  result: ApiResult<unknown>;
}

/** Validates `argument` for `method`, runs it, and never throws. */
export async function runCall(
  context: CallContext,
  method: ApiMethod,
  argument: unknown,
): Promise<CallOutcome> {
  const validation = validateRequest(method, argument);
  if (!validation.ok) {
    return { status: 400, result: failure('invalid-argument', validation.message) };
  }
  try {
    const call = CALLS[method] as (context: CallContext, argument: unknown) => Promise<unknown>;
    return { status: 200, result: { ok: true, value: await call(context, validation.value) } };
  } catch (error) {
    if (error instanceof FolioError)
      return { status: 200, result: failure(error.code, error.message) };
    context.log(
      `${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return {
      status: 500,
      result: failure('internal', `${method} failed unexpectedly; see the bridge's log.`),
    };
  }
}

/** An error result. */
export function failure(code: ApiErrorCode, message: string): ApiResult<never> {
  return { ok: false, error: { code, message } };
}
