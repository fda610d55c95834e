// The app's own command line (docs/mcp.md#the-apps-command-line): built into the main bundle as
// `out/main/cli.js` and run by the installed app's binary as plain Node —
// `ELECTRON_RUN_AS_NODE=1 <Folio binary> <app>/out/main/cli.js mcp`, as VS Code's `code` command
// runs its CLI. No Electron API is used here. The commands are the bundled ones (the source tree's
// loader reads `.ts` files beside it, which a bundle does not have), and every engine a command
// creates starts the bundled worker entries emitted beside this file.
import { workerFilesIn } from '../app/paths.ts';
import { useBundledWorkers } from '../engine/service/worker-files.ts';
import type { CliCommand } from './command.ts';
import { runProcess, type CommandSource } from './run.ts';

type CommandModule = Promise<{ command: CliCommand }>;

/**
 * The commands an installed app offers: the MCP server and the reading and indexing commands.
 * `chunk`, `bench` and `eval` are development tools of the source tree (and `chunk` starts its
 * own worker pool from the source files).
 */
const BUNDLED: Record<string, () => CommandModule> = {
  mcp: () => import('./commands/mcp-command.ts'),
  search: () => import('./commands/search-command.ts'),
  outline: () => import('./commands/outline-command.ts'),
  export: () => import('./commands/export-command.ts'),
  index: () => import('./commands/index-command.ts'),
  watch: () => import('./commands/watch-command.ts'),
  ls: () => import('./commands/ls-command.ts'),
};

const commands: CommandSource = {
  async load(name) {
    return Object.hasOwn(BUNDLED, name) ? (await BUNDLED[name]!()).command : null;
  },
  names: () => Object.keys(BUNDLED).sort(),
  invocation: 'ELECTRON_RUN_AS_NODE=1 <Folio> <app>/out/main/cli.js',
};

useBundledWorkers(workerFilesIn(import.meta.dirname));
await runProcess(commands);
