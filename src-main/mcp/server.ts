// Folio's MCP server (docs/mcp.md): the official SDK's protocol `Server` with the two tool
// handlers written here rather than `McpServer.registerTool`, because every argument is checked
// by the contract's schemas with a one-line message naming the field (the SDK's own check joins
// every zod issue on its own line) and the schemas sent to clients are those same schemas.
// A call never throws: bad arguments, unknown tools, ids outside the index and engine failures
// all come back as tool errors (`isError`) in one line, and the server keeps serving.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { FolioError, type EngineService } from '#shared/contract/engine.ts';
import { validateToolArguments, type ToolName } from '#shared/contract/schema.ts';
import { idArgument, idFault, idHint, vaultsThere } from './hints.ts';
import { TOOL_CALLS } from './tool-calls.ts';
import { INSTRUCTIONS, toolList } from './tool-definitions.ts';

/** What the server needs. */
export interface FolioMcpOptions {
  engine: EngineService;
  /** Folio's version, reported to the client at initialization. */
  version: string;
  /** Where unexpected failures are logged with their stack (stderr; never stdout). */
  log(message: string): void;
}

/** The most characters of a tool error: an id of a megabyte is quoted by its ends. */
const MAX_ERROR_CHARS = 2_000;

/**
 * One line, as a tool error (a message may quote a file name holding a line break), within
 * `MAX_ERROR_CHARS`: a message quoting a huge argument keeps its start and end, so an answer stays
 * bounded as every answer is (docs/mcp.md#errors).
 */
function toolError(message: string): CallToolResult {
  let line = message.trim().replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  if (line.length > MAX_ERROR_CHARS) {
    const left = `[… ${(line.length - 1_500).toLocaleString('en')} characters left out …]`;
    line = `${line.slice(0, 1_200)}${left}${line.slice(-300)}`;
  }
  return { content: [{ type: 'text', text: line }], isError: true };
}

const isTool = (name: string): name is ToolName => Object.hasOwn(TOOL_CALLS, name);

/** What a JSON value is, for a message: `a string`, `an array`. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** Runs one `tools/call`: validate, call the engine, render; every failure a tool error. */
export async function callTool(
  options: FolioMcpOptions,
  name: unknown,
  argument: unknown,
): Promise<CallToolResult> {
  const tools = Object.keys(TOOL_CALLS).join(', ');
  if (typeof name !== 'string') {
    return toolError(`tools/call needs the tool's name (name); the tools are ${tools}`);
  }
  if (!isTool(name)) return toolError(`unknown tool "${name}"; the tools are ${tools}`);
  // Left out or null: no arguments (`vaults` takes none).
  if (argument != null && (typeof argument !== 'object' || Array.isArray(argument))) {
    return toolError(`${name}: arguments must be an object, got ${kindOf(argument)}`);
  }
  const checked = validateToolArguments(name, argument);
  if (!checked.ok) {
    // A vault named as a person writes it (`Hub`): the names there are.
    const there = checked.message.endsWith('(vault)')
      ? await vaultsThere(options.engine).catch(() => null)
      : null;
    return toolError(there ? `${checked.message}; ${there}` : checked.message);
  }
  try {
    const call = TOOL_CALLS[name] as (
      engine: EngineService,
      args: unknown,
    ) => ReturnType<(typeof TOOL_CALLS)[ToolName]>;
    const output = await call(options.engine, checked.value);
    return {
      content: [{ type: 'text', text: output.text }],
      structuredContent: output.structured as Record<string, unknown>,
    };
  } catch (error) {
    if (error instanceof FolioError) {
      const id = idArgument(checked.value);
      const hint =
        id !== undefined && idFault(error) ? await idHint(options.engine, id).catch(() => '') : '';
      return toolError(`${name}: ${error.message}${hint}`);
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    options.log(`folio mcp: ${name} failed: ${detail}`);
    const message = error instanceof Error ? error.message : String(error);
    return toolError(`${name} failed: ${message}`);
  }
}

/** The server, ready to connect to a transport (`StdioServerTransport` in `cli mcp`). */
export function createFolioMcpServer(options: FolioMcpOptions): Server {
  const server = new Server(
    { name: 'folio', title: 'Folio', version: options.version },
    { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS },
  );
  const tools = toolList();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  // `tools/call` is answered by the fallback handler (the SDK's hook for methods without a handler
  // of their own): a handler set for it is wrapped by the SDK in its own check of the request,
  // which answers `arguments` that are not an object with JSON-RPC -32603 and zod's issue list
  // before Folio sees the call (docs/mcp.md#errors). Here every call is a tool result.
  server.fallbackRequestHandler = async (request) => {
    if (request.method !== 'tools/call') {
      throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    }
    const params = request.params ?? {};
    return callTool(options, params.name, params.arguments);
  };
  return server;
}
