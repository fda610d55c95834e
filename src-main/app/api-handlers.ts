// What each API method does in the app: most go to the engine, the OS ones to `os-services`, the
// window ones to the window manager. Also the events the engine emits, forwarded to every window.
// No Electron here: the collaborators are interfaces, wired in `main.ts`.
import {
  channelOf,
  type ApiEvent,
  type AssistantSetup,
  type Environment,
  type OpenRequest,
  type SettingsState,
} from '#shared/contract/api.ts';
import { FolioError, type EngineEvent, type EngineService } from '#shared/contract/engine.ts';
import type { ApiHandlers } from './ipc-router.ts';
import type { OsServices } from './os-services.ts';

/** The window operations the API exposes. */
export interface WindowControls {
  /** Hides the quick-search window (Esc). */
  hideQuickSearch(): void;
  /** Shows and focuses the main window and asks it to show the node. */
  showNode(request: OpenRequest): void;
}

/** Reconciles settings with what the shell applied (the hotkey) and adds the shell's problems. */
export type SettingsAdopter = (state: SettingsState) => SettingsState;

/** Everything the handlers delegate to. */
export interface ApiHandlerDeps {
  /** Resolves to the engine once it is open; rejects with why it could not open. */
  engine(): Promise<EngineService>;
  /** The OS operations (editor, folder, links, clipboard, folder picker). */
  os: OsServices;
  /** The window operations. */
  windows: WindowControls;
  /** Applied to every settings state before it reaches a window. */
  adoptSettings: SettingsAdopter;
  /** What `environment()` answers. */
  environment: Environment;
  /** How AI assistants start this app's MCP server (Settings → Connect an AI assistant). */
  assistantSetup(): AssistantSetup;
}

/** The engine, or an `unavailable` error saying why it did not start. */
async function ready(deps: ApiHandlerDeps): Promise<EngineService> {
  try {
    return await deps.engine();
  } catch (error) {
    throw new FolioError(
      'unavailable',
      `the index could not be opened: ${(error as Error).message}`,
    );
  }
}

/** The API as the main process implements it. */
export function createApiHandlers(deps: ApiHandlerDeps): ApiHandlers {
  const engine = () => ready(deps);
  return {
    environment: async () => deps.environment,
    search: async (request) => (await engine()).search(request),
    outline: async (request) => (await engine()).outline(request),
    nodeContent: async (request) => (await engine()).nodeContent(request),
    exportResults: async (request) => (await engine()).exportResults(request),
    links: async (request) => (await engine()).links(request),
    unresolvedLinks: async (request) => (await engine()).unresolvedLinks(request),
    listVaults: async () => (await engine()).listVaults(),
    addVault: async (request) => (await engine()).addVault(request),
    removeVault: async (request) => {
      await (await engine()).removeVault(request);
      return null;
    },
    reindexVault: async (request) => {
      await (await engine()).reindexVault(request);
      return null;
    },
    updateVault: async (request) => (await engine()).updateVault(request),
    listFileErrors: async (request) => (await engine()).listFileErrors(request),
    getSettings: async () => deps.adoptSettings(await (await engine()).getSettings()),
    updateSettings: async (request) =>
      deps.adoptSettings(await (await engine()).updateSettings(request)),
    pickFolder: () => deps.os.pickFolder(),
    openInEditor: (request) => deps.os.openInEditor(request),
    revealInFolder: (request) => deps.os.revealInFolder(request),
    openExternal: (request) => deps.os.openExternal(request),
    copyText: (request) => deps.os.copyText(request),
    assistantSetup: async () => deps.assistantSetup(),
    hideQuickSearch: async () => {
      deps.windows.hideQuickSearch();
      return null;
    },
    showInMainWindow: async (request) => {
      deps.windows.showNode(request);
      return null;
    },
  };
}

/** An event on its way to the windows. */
export interface OutgoingEvent {
  /** `channelOf(event)`. */
  channel: string;
  /** The event's argument for the renderer's listener. */
  payload: unknown;
}

const EVENT_OF: Record<EngineEvent['type'], ApiEvent> = {
  indexProgress: 'onIndexProgress',
  indexChanged: 'onIndexChanged',
  vaultsChanged: 'onVaultsChanged',
  settingsChanged: 'onSettingsChanged',
};

/** The channel and payload of an engine event; settings pass through the adopter first. */
export function toOutgoingEvent(event: EngineEvent, adoptSettings: SettingsAdopter): OutgoingEvent {
  const channel = channelOf(EVENT_OF[event.type]);
  switch (event.type) {
    case 'indexProgress':
      return { channel, payload: event.progress };
    case 'indexChanged':
      return { channel, payload: event.change };
    case 'vaultsChanged':
      return { channel, payload: event.vaults };
    case 'settingsChanged':
      return { channel, payload: adoptSettings(event.state) };
  }
}

/** Forwards every engine event to `broadcast`; returns the unsubscribe function. */
export function forwardEngineEvents(
  engine: EngineService,
  adoptSettings: SettingsAdopter,
  broadcast: (event: OutgoingEvent) => void,
): () => void {
  return engine.subscribe((event) => broadcast(toOutgoingEvent(event, adoptSettings)));
}
