// `npm run web` (its usage: web-args.ts's WEB_USAGE): builds the renderer and
// serves it from the real engine on 127.0.0.1, printing the URL (with its session token) to open
// and the vaults it serves (kept in the web database from run to run: web-vaults.ts).
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AssistantSetup } from '#shared/contract/api.ts';
import { onStopSignals } from '../cli/stop-signals.ts';
import { createEngine } from '../engine/create-engine.ts';
import { makeDatabaseFolder } from '../engine/store/database-folder.ts';
import { assistantSetup, sourceLaunch } from '../mcp/assistant-setup.ts';
import { buildRenderer } from './build-renderer.ts';
import { REPO_ROOT, WEB_BUILD_DIR } from './paths.ts';
import { startBridge } from './server.ts';
import { WEB_HELP, WEB_USAGE, WebUsageError, parseWebArgs, type WebArgs } from './web-args.ts';
import { servedVaultsText, startupVaults } from './web-vaults.ts';

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** How an assistant starts the source tree's MCP server on the database served (docs/mcp.md). */
function webAssistantSetup(dbPath: string): AssistantSetup {
  const { platform } = process;
  const npm = { platform, node: process.execPath, npmCli: process.env.npm_execpath };
  return assistantSetup(sourceLaunch(REPO_ROOT, dbPath, npm), dbPath, {
    platform,
    home: homedir(),
    appData: process.env.APPDATA,
  });
}

/** Runs the bridge until SIGINT/SIGTERM; resolves to the exit status. */
export async function runWeb(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${WEB_HELP}\n`);
    return 0;
  }
  let options: WebArgs;
  try {
    options = parseWebArgs(args);
  } catch (error) {
    if (!(error instanceof WebUsageError)) throw error;
    process.stderr.write(`folio web: ${error.message}\n${WEB_USAGE}\n`);
    return 2;
  }
  // Before the build: a database that cannot be made is one line at once, not after the build.
  const newDatabase = !existsSync(options.dbPath);
  makeDatabaseFolder(options.dbPath);
  if (options.build) {
    process.stderr.write('folio web: building the renderer…\n');
    await buildRenderer(WEB_BUILD_DIR);
  } else if (!existsSync(join(WEB_BUILD_DIR, 'index.html'))) {
    process.stderr.write(
      `folio web: --no-build, but ${WEB_BUILD_DIR} has no build; run without it\n`,
    );
    return 2;
  }
  const engine = await createEngine({
    dbPath: options.dbPath,
    ...startupVaults(options, newDatabase),
    watch: options.watch,
    warm: true, // it serves a search window: docs/design.md#warming-before-typing
  });
  let bridge;
  try {
    bridge = await startBridge({
      engine,
      staticDir: WEB_BUILD_DIR,
      port: options.port,
      version: packageVersion(),
      assistantSetup: () => webAssistantSetup(options.dbPath),
    });
  } catch (error) {
    // The engine's watchers and index worker would keep the process alive: stop them first.
    await engine.close();
    throw error;
  }
  process.stdout.write(
    `Folio is served at ${bridge.url}\n` +
      `Quick search:      ${bridge.quickUrl}\n` +
      `Database:          ${options.dbPath}\n` +
      servedVaultsText(await engine.listVaults(), options.only) +
      'Press Ctrl+C to stop.\n',
  );
  await new Promise<void>((resolvePromise) => onStopSignals(resolvePromise));
  await bridge.close();
  await engine.close();
  return 0;
}

if (import.meta.main) {
  runWeb(process.argv.slice(2)).then(
    (status) => (process.exitCode = status),
    (error: unknown) => {
      process.stderr.write(
        `folio web: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exitCode = 1;
    },
  );
}
