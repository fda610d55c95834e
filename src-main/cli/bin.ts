// The Folio command line: `npm run --silent cli -- <command> …` (docs/design.md#command-line). Each
// command lives in `commands/<name>-command.ts` and is loaded on demand, so a quick command never
// pays for a slow one.
import { existsSync } from 'node:fs';
import { CliError, oneLine, UsageError, type CliCommand, type CliIo } from './command.ts';

const commandsDir = new URL('./commands/', import.meta.url);

async function loadCommand(name: string): Promise<CliCommand | null> {
  if (!/^[a-z][a-z-]*$/.test(name)) return null;
  const file = new URL(`${name}-command.ts`, commandsDir);
  if (!existsSync(file)) return null;
  const module = (await import(file.href)) as { command: CliCommand };
  return module.command;
}

async function listCommands(): Promise<string[]> {
  const { readdirSync } = await import('node:fs');
  return readdirSync(commandsDir)
    .filter((file) => file.endsWith('-command.ts'))
    .map((file) => file.slice(0, -'-command.ts'.length))
    .sort();
}

async function help(io: CliIo): Promise<void> {
  io.stdout.write('usage: npm run --silent cli -- <command> [options]\n\n');
  for (const name of await listCommands()) {
    const command = await loadCommand(name);
    if (command) io.stdout.write(`  ${command.usage}\n`);
  }
}

/** Runs one command line and resolves to its exit status. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    await help(io);
    return name ? 0 : 2;
  }
  const command = await loadCommand(name);
  if (!command) {
    io.stderr.write(`folio: unknown command "${oneLine(name)}" (try: help)\n`);
    return 2;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      // One line (docs/design.md#exit-status-and-errors), the usage after the fault it explains.
      io.stderr.write(`folio ${name}: ${oneLine(error.message)}; usage: ${command.usage}\n`);
      return 2;
    }
    if (error instanceof CliError) {
      io.stderr.write(`folio ${name}: ${oneLine(error.message)}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`folio ${name}: ${oneLine(message)}\n`);
    if (process.env.FOLIO_DEBUG) console.error(error);
    return 1;
  }
}

if (import.meta.main) {
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (controller.signal.aborted) process.exit(130);
      controller.abort();
    });
  }
  // A closed pipe (`cli search … | head`) is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  const status = await main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    signal: controller.signal,
  });
  process.exitCode = status;
}
