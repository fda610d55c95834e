// The MCP tests talk to the real `cli mcp` process with the SDK's own client over stdio (no
// hand-written JSON-RPC): start it, call tools, read what it printed on stderr.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  LoggingMessageNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { EVENT_TIMEOUT_MS } from '../engine/live/helpers.ts';
import { REPO } from '../engine/live/cli-process.ts';

const NODE_ARGS = ['--disable-warning=ExperimentalWarning', '--experimental-strip-types'];

/** A connected client of a `cli mcp` process. */
export interface McpSession {
  client: Client;
  /** Everything the server printed on stderr so far. */
  stderr(): string;
  /** Log messages the server sent (MCP logging), oldest first. */
  logs: string[];
  /** Resolves with the first log message (from now on, or already sent) `match` accepts. */
  nextLog(match: (message: string) => boolean, what: string): Promise<string>;
  /** `tools/call`, typed as a tool result. */
  call(name: string, args?: unknown): Promise<CallToolResult>;
  /** The pid of the server process. */
  pid: number;
  close(): Promise<void>;
}

/**
 * Starts `cli mcp ARGS…` and connects the SDK client to it — once `holdUntil` accepts what the
 * server printed on stderr, when given (the client initializes only then).
 */
export function startMcp(
  args: string[],
  holdUntil?: (stderr: string) => boolean,
): Promise<McpSession> {
  const nodeArgs = [...NODE_ARGS, join(REPO, 'src-main/cli/bin.ts'), 'mcp', ...args];
  return startServer(nodeArgs, {}, holdUntil);
}

/** The SDK's stdio transport, its `start` resolving once `ready` does (the process started). */
class HeldTransport extends StdioClientTransport {
  ready: () => Promise<void> = () => Promise.resolve();
  override async start(): Promise<void> {
    await super.start();
    await this.ready();
  }
}

/** Starts Node with `nodeArgs` (a command line that serves MCP) and connects the client to it. */
export async function startServer(
  nodeArgs: string[],
  env: Record<string, string> = {},
  holdUntil?: (stderr: string) => boolean,
): Promise<McpSession> {
  const transport = new HeldTransport({
    command: process.execPath,
    args: nodeArgs,
    cwd: REPO,
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  const printed = new Set<() => void>();
  transport.stderr!.on('data', (data: Buffer) => {
    stderr += data.toString();
    for (const wake of printed) wake();
  });
  if (holdUntil) {
    transport.ready = () =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!holdUntil(stderr)) return;
          clearTimeout(timer);
          printed.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          printed.delete(check);
          reject(new Error(`timed out holding the client; stderr: ${stderr}`));
        }, EVENT_TIMEOUT_MS);
        printed.add(check);
        check();
      });
  }
  const client = new Client({ name: 'folio-test', version: '1.0.0' });
  const logs: string[] = [];
  const waiters = new Set<() => void>();
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    logs.push(String(notification.params.data));
    for (const wake of waiters) wake();
  });
  await client.connect(transport);
  const nextLog = (match: (message: string) => boolean, what: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = logs.find(match);
        if (found === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for the log message: ${what}; stderr: ${stderr}`));
      }, EVENT_TIMEOUT_MS);
      waiters.add(check);
      check();
    });
  return {
    client,
    stderr: () => stderr,
    logs,
    nextLog,
    call: async (name, callArgs) =>
      (await client.callTool({
        name,
        arguments: callArgs as Record<string, unknown>,
      })) as CallToolResult,
    pid: transport.pid!,
    close: () => client.close(),
  };
}

/** The text of a tool result (its one text block). */
export function textOf(result: CallToolResult): string {
  const block = result.content[0];
  if (block?.type !== 'text')
    throw new Error(`expected a text block, got ${JSON.stringify(block)}`);
  return block.text;
}
