// Running a command line: finding the command, turning its errors into one line and an exit
// status (docs/design.md#exit-status-and-errors), and the process around it (signals, a closed
// pipe). `bin.ts` runs it on the source tree's commands; the app's bundled command line
// (`app-cli.ts`) on the commands built into it.
import { existsSync, readdirSync } from 'node:fs';
import { CliError, oneLine, UsageError, type CliCommand, type CliIo } from './command.ts';
import { onStopSignals } from './stop-signals.ts';

/** Where the commands come from: the source tree (`commands/<name>-command.ts`) or a bundle. */
export interface CommandSource {
  /** The command of that name, or null. */
  load(name: string): Promise<CliCommand | null>;
  /** Every command's name, sorted. */
  names(): string[];
  /** How the command line is run, for `help`. */
  invocation: string;
}

const commandsDir = new URL('./commands/', import.meta.url);

/** The commands beside this module, each loaded on demand. */
export const SOURCE_COMMANDS: CommandSource = {
  async load(name) {
    if (!/^[a-z][a-z-]*$/.test(name)) return null;
    const file = new URL(`${name}-command.ts`, commandsDir);
    if (!existsSync(file)) return null;
    const module = (await import(file.href)) as { command: CliCommand };
    return module.command;
  },
  names() {
    return readdirSync(commandsDir)
      .filter((file) => file.endsWith('-command.ts'))
      .map((file) => file.slice(0, -'-command.ts'.length))
      .sort();
  },
  invocation: 'npm run --silent cli --',
};

async function help(io: CliIo, commands: CommandSource): Promise<void> {
  io.stdout.write(`usage: ${commands.invocation} <command> [options]\n\n`);
  for (const name of commands.names()) {
    const command = await commands.load(name);
    if (command) io.stdout.write(`  ${command.usage}\n`);
  }
}

/**
 * Runs one command line and resolves to its exit status; `loaded` is called once the command's
 * code is loaded, before it runs.
 */
export async function main(
  argv: string[],
  io: CliIo,
  commands: CommandSource = SOURCE_COMMANDS,
  loaded?: () => void,
): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    await help(io, commands);
    return name ? 0 : 2;
  }
  const command = await commands.load(name);
  if (!command) {
    io.stderr.write(`folio: unknown command "${oneLine(name)}" (try: help)\n`);
    return 2;
  }
  loaded?.();
  // `search --help`: what a person tries first; before `--` it can be no query.
  const end = args.indexOf('--');
  if ((end === -1 ? args : args.slice(0, end)).includes('--help')) {
    io.stdout.write(`usage: ${commands.invocation} ${command.usage}\n`);
    return 0;
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

/**
 * Runs the process's command line with `commands`: Ctrl-C stops a command cleanly, twice exits.
 * Until the command's code is loaded a signal ends the process at once: loading runs as one
 * chain of promises, so a handler would wait for all of it (8 s for `cli mcp` at load 34).
 */
export async function runProcess(commands: CommandSource = SOURCE_COMMANDS): Promise<void> {
  const controller = new AbortController();
  // A closed pipe (`cli search … | head`) is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  const status = await main(
    process.argv.slice(2),
    { stdout: process.stdout, stderr: process.stderr, signal: controller.signal },
    commands,
    () => onStopSignals(() => controller.abort()),
  );
  process.exitCode = status;
}
