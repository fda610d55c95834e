// The contract's AI assistants (MCP; docs/mcp.md):
// part of the one contract (docs/architecture.md#one-contract), re-exported by api.ts.

/** How an MCP client starts Folio's MCP server on this machine. */
export interface AssistantLaunch {
  /** The program: the app's own binary, or npm for the source tree (`npm run web`). */
  command: string;
  args: string[];
  /** Environment the program needs (`ELECTRON_RUN_AS_NODE` for the app's binary); may be empty. */
  env: Record<string, string>;
}

/** Which assistant a configuration is for. */
export type AssistantClient = 'claude-desktop' | 'claude-code' | 'cursor';

/** One assistant's configuration for this machine, ready to copy. */
export interface AssistantConfig {
  client: AssistantClient;
  /** The assistant's name, e.g. `Claude Desktop`. */
  name: string;
  /** Where the text goes: a file to add it to, or a terminal to run it in. */
  where: string;
  /** The configuration block or command. */
  text: string;
}

/** How to connect AI assistants to this Folio (Settings → Connect an AI assistant). */
export interface AssistantSetup {
  launch: AssistantLaunch;
  /** The index database the server reads (the one this UI shows). */
  database: string;
  configs: AssistantConfig[];
  /** Said above the blocks when they would not keep working as shown (an AppImage's files move). */
  warning?: string;
}
