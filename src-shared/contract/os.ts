// The contract's OS integration (the app implements it; the web bridge answers what a browser can):
// part of the one contract (docs/architecture.md#one-contract), re-exported by api.ts.

export interface OpenRequest {
  /** A node id; the file opens at the node's first line where the platform allows. */
  id: string;
}

/** What "open" did, so the window can say so. */
export interface OpenOutcome {
  /**
   * `obsidian`: the note of an Obsidian vault was handed to Obsidian (`obsidian://open`), at
   * `heading` when there is one; `default-app`: the OS default app opened the file at its top (no
   * platform's default-app call takes a line).
   */
  app: 'obsidian' | 'default-app';
  /** The file opened (absolute path). */
  file: string;
  /** The heading Obsidian was asked to show; null for a whole note or the default app. */
  heading: string | null;
}

export interface ExternalUrlRequest {
  /** Only http(s) and mailto URLs are opened. */
  url: string;
}

export interface TextRequest {
  text: string;
}

/** Where the UI runs, so it can offer what the environment allows. */
export interface Environment {
  kind: 'electron' | 'web';
  platform: string;
  /** A native folder picker is available (`pickFolder`). */
  canPickFolder: boolean;
  /** Files can be opened in the OS default app / revealed in the file manager. */
  canOpenFiles: boolean;
  version: string;
}
