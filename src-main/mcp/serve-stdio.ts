// Serving MCP over stdio until the client goes away (it closes our stdin) or a signal stops us.
// stdout carries the protocol and nothing else: while serving, console output that some library
// might print is sent to stderr instead.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import type { EngineService } from '#shared/contract/engine.ts';
import { createFolioMcpServer } from './server.ts';

/** What a session serves and where it talks. */
export interface StdioSession {
  engine: EngineService;
  version: string;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Aborted on SIGINT/SIGTERM. */
  signal: AbortSignal;
}

type LogLevel = LoggingMessageNotification['params']['level'];

/** Log lines kept for the client until it is initialized (the last ones). */
const EARLY_LOGS = 200;

/** A running session: log lines for the client, and the end of the session. */
export interface ServingSession {
  /** Sends a log line to stderr and to the client (MCP logging; held until it is initialized). */
  log(level: LogLevel, message: string): void;
  /** Resolves when the client closed stdin or a signal arrived; the server is closed by then. */
  done: Promise<void>;
}

/** Routes `console.log/info/debug` to stderr until the returned function restores them. */
function keepStdoutForProtocol(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = console.error;
  return () => Object.assign(console, saved);
}

/** Starts serving; see `ServingSession`. */
export async function serveStdio(session: StdioSession): Promise<ServingSession> {
  const restoreConsole = keepStdoutForProtocol();
  const stderrLine = (line: string) => session.stderr.write(`${line}\n`);
  const server = createFolioMcpServer({
    engine: session.engine,
    version: session.version,
    log: stderrLine,
  });
  const send = (level: LogLevel, message: string) =>
    void server.sendLoggingMessage({ level, logger: 'folio', data: message }).catch(() => {});
  // Lines logged before the client is initialized (a small folder is indexed by then) are sent
  // once it is, the last EARLY_LOGS of them: a client waiting for `indexed …` would wait forever.
  let early: Array<[LogLevel, string]> | null = [];
  server.oninitialized = () => {
    const held = early ?? [];
    early = null;
    for (const [level, message] of held) send(level, message);
  };
  const transport = new StdioServerTransport(
    session.stdin as NodeJS.ReadStream,
    session.stdout as NodeJS.WriteStream,
  );
  const ended = new Promise<void>((resolve) => {
    session.stdin.once('end', resolve);
    session.stdin.once('close', resolve);
    transport.onclose = () => resolve();
    if (session.signal.aborted) resolve();
    else session.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  const done = ended.then(async () => {
    await server.close().catch(() => {});
    restoreConsole();
  });
  return {
    log(level, message) {
      stderrLine(message);
      if (early === null) send(level, message);
      else if (early.push([level, message]) > EARLY_LOGS) early.shift();
    },
    done,
  };
}
