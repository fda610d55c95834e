// The `window.folio` object (docs/architecture.md#one-choke-point-per-side): one method per
// operation of the contract, each bound to its own channel, and event subscriptions that return
// their unsubscribe function. The IPC port is injected so the object is tested in Node; `index.ts`
// passes `ipcRenderer`.
import {
  channelOf,
  type ApiEvent,
  type ApiMethod,
  type ApiResult,
  type FolioApi,
} from '#shared/contract/api.ts';

/** The two things the preload does with `ipcRenderer`; nothing else of it reaches the page. */
export interface IpcPort {
  invoke(channel: string, argument: unknown): Promise<unknown>;
  /** Subscribes to a main-process event; returns the unsubscribe function. */
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
}

type Result<M extends ApiMethod> = ReturnType<FolioApi[M]>;
type Payload<E extends ApiEvent> = Parameters<Parameters<FolioApi[E]>[0]>[0];

/** Builds the API object over `port`. */
export function createFolioApi(port: IpcPort): FolioApi {
  // A rejected invoke (no handler yet, main process gone) becomes a value like every other error.
  function call<M extends ApiMethod>(method: M, argument?: unknown): Result<M> {
    const pending = port.invoke(channelOf(method), argument).then(
      (result) => result as ApiResult<unknown>,
      (error: unknown): ApiResult<unknown> => ({
        ok: false,
        error: {
          code: 'unavailable',
          message: `${method}: the main process did not answer (${(error as Error)?.message ?? error})`,
        },
      }),
    );
    return pending as Result<M>;
  }

  function on<E extends ApiEvent>(event: E, listener: (payload: Payload<E>) => void): () => void {
    if (typeof listener !== 'function')
      throw new TypeError(`${event}: listener must be a function`);
    return port.subscribe(channelOf(event), (payload) => listener(payload as Payload<E>));
  }

  return {
    environment: () => call('environment'),
    search: (request) => call('search', request),
    outline: (request) => call('outline', request),
    nodeContent: (request) => call('nodeContent', request),
    exportResults: (request) => call('exportResults', request),
    links: (request) => call('links', request),
    unresolvedLinks: (request) => call('unresolvedLinks', request),
    listVaults: () => call('listVaults'),
    addVault: (request) => call('addVault', request),
    removeVault: (request) => call('removeVault', request),
    reindexVault: (request) => call('reindexVault', request),
    updateVault: (request) => call('updateVault', request),
    listFileErrors: (request) => call('listFileErrors', request),
    getSettings: () => call('getSettings'),
    updateSettings: (request) => call('updateSettings', request),
    pickFolder: () => call('pickFolder'),
    openInEditor: (request) => call('openInEditor', request),
    revealInFolder: (request) => call('revealInFolder', request),
    openExternal: (request) => call('openExternal', request),
    copyText: (request) => call('copyText', request),
    assistantSetup: () => call('assistantSetup'),
    hideQuickSearch: () => call('hideQuickSearch'),
    showInMainWindow: (request) => call('showInMainWindow', request),
    onIndexProgress: (listener) => on('onIndexProgress', listener),
    onIndexChanged: (listener) => on('onIndexChanged', listener),
    onVaultsChanged: (listener) => on('onVaultsChanged', listener),
    onSettingsChanged: (listener) => on('onSettingsChanged', listener),
    onShowNode: (listener) => on('onShowNode', listener),
    onQuickSearchShown: (listener) => on('onQuickSearchShown', listener),
  };
}
