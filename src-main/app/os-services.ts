// The API's OS operations: open a note in its editor, reveal it, open a link, copy text, pick a
// folder. Electron's `shell`, `clipboard` and dialog are injected (the boundary), so the rules —
// which URLs leave the app, when Obsidian is used, what a failure says — are tested in Node.
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type {
  ExternalUrlRequest,
  OpenOutcome,
  OpenRequest,
  TextRequest,
} from '#shared/contract/api.ts';
import { FolioError, type NodeLocation } from '#shared/contract/engine.ts';
import { findObsidianVault, obsidianOpenUrl } from './obsidian.ts';
import { externalUrlVerdict } from './url-policy.ts';

/** The part of Electron's `shell` used here. */
export interface ShellPort {
  /** Resolves to an error message, or `''` on success (Electron's contract). */
  openPath(path: string): Promise<string>;
  /** Opens a URL with the OS (browser, mail client, Obsidian). */
  openExternal(url: string): Promise<void>;
  /** Shows the file selected in the file manager. */
  showItemInFolder(path: string): void;
}

/** What the OS services need from Electron and the engine. */
export interface OsServiceDeps {
  /** Electron's `shell`. */
  shell: ShellPort;
  /** Electron's `clipboard.writeText`. */
  writeClipboard(text: string): void;
  /** Shows the native folder picker; null when cancelled. */
  pickFolder(): Promise<string | null>;
  /** The engine's `locateNode`. */
  locateNode(request: OpenRequest): Promise<NodeLocation>;
  /** The text of the heading the node starts with; null for a whole note (the engine's text). */
  headingOf(request: OpenRequest): Promise<string | null>;
}

/** The OS operations of `FolioApi`, as the IPC handlers call them. */
export interface OsServices {
  /** Opens the node's file in Obsidian at its heading (Obsidian vaults) or the OS default app. */
  openInEditor(request: OpenRequest): Promise<OpenOutcome>;
  /** Shows the node's file in the file manager. */
  revealInFolder(request: OpenRequest): Promise<null>;
  /** Opens an http(s) or mailto link with the OS; refuses anything else. */
  openExternal(request: ExternalUrlRequest): Promise<null>;
  /** Puts text on the clipboard. */
  copyText(request: TextRequest): Promise<null>;
  /** The chosen folder, or null when cancelled. */
  pickFolder(): Promise<string | null>;
}

/** Creates the OS services over the injected ports. */
export function createOsServices(deps: OsServiceDeps): OsServices {
  async function locateExisting(request: OpenRequest): Promise<NodeLocation> {
    const location = await deps.locateNode(request);
    const info = await stat(location.file).catch(() => null);
    if (!info?.isFile()) {
      throw new FolioError('not-found', `${location.file} no longer exists on disk`);
    }
    return location;
  }

  return {
    // The OS default app has no portable way to take a line number, so the file opens at its top;
    // a note in an Obsidian vault opens in Obsidian at its heading instead (falling back to the
    // default app when no application handles `obsidian://`).
    async openInEditor(request) {
      const location = await locateExisting(request);
      const obsidianRoot = await findObsidianVault(dirname(location.file));
      if (obsidianRoot !== null) {
        const heading = await deps.headingOf(request).catch(() => null);
        try {
          await deps.shell.openExternal(obsidianOpenUrl(obsidianRoot, location.file, heading));
          return { app: 'obsidian', file: location.file, heading };
        } catch {
          // Obsidian is not installed: the default app below is the honest fallback.
        }
      }
      const failure = await deps.shell.openPath(location.file);
      if (failure !== '') throw new FolioError('io', `could not open ${location.file}: ${failure}`);
      return { app: 'default-app', file: location.file, heading: null };
    },

    async revealInFolder(request) {
      const location = await locateExisting(request);
      deps.shell.showItemInFolder(location.file);
      return null;
    },

    async openExternal(request) {
      const verdict = externalUrlVerdict(request.url);
      if (!verdict.ok) throw new FolioError('invalid-argument', `openExternal: ${verdict.reason}`);
      try {
        await deps.shell.openExternal(verdict.url);
      } catch (error) {
        throw new FolioError('io', `could not open ${verdict.url}: ${(error as Error).message}`);
      }
      return null;
    },

    async copyText(request) {
      deps.writeClipboard(request.text);
      return null;
    },

    pickFolder: () => deps.pickFolder(),
  };
}
