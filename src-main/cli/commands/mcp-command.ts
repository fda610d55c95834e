// `cli mcp [--db FILE] [--watch] [DIR[=NAME]…]`: an MCP server over stdio on one engine kept warm
// for the session (docs/mcp.md). Without folders it serves the index read-only — by default the
// app's own database — and may run beside the app while the app writes it. With folders it
// indexes them and keeps them in step while serving; `--watch` alone keeps every vault of the
// database in step. Progress and indexing events go to stderr and to the client as MCP log
// messages, never to stdout, which carries the protocol.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { EngineService } from '#shared/contract/engine.ts';
import { appDatabasePath } from '#shared/user-data.ts';
import { createEngine, engineInternals } from '../../engine/create-engine.ts';
import { makeDatabaseFolder } from '../../engine/store/database-folder.ts';
import { progressReporter } from '../progress.ts';
import { serveStdio, type ServingSession } from '../../mcp/serve-stdio.ts';
import { CliError, defineCommand, type CliIo } from '../command.ts';
import { cliFailure, databaseArgument } from '../open-index.ts';
import { parseTargets, vaultNames } from '../vault-targets.ts';

const options = { db: { type: 'string' }, watch: { type: 'boolean' } } as const;

/** Folio's version: from the package.json above this module (source tree or app bundle). */
function folioVersion(): string {
  for (let dir = import.meta.dirname, up = 0; up < 6; up++, dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'folio' && pkg.version) return pkg.version;
  }
  return '0.0.0';
}

/** The database to serve: `--db`, else the app's own (where the app keeps it on this machine). */
function databasePath(db: string | undefined): string {
  if (db !== undefined) return resolve(databaseArgument(db));
  return resolve(
    appDatabasePath({ platform: process.platform, env: process.env, home: homedir() }),
  );
}

/** Keeps vaults indexed while serving: progress to stderr, each commit as a log line. */
async function keepIndexed(
  engine: EngineService,
  names: string[],
  session: ServingSession,
  io: CliIo,
): Promise<() => void> {
  const progress = progressReporter(io.stderr);
  const unsubscribe = engine.subscribe((event) => {
    if (event.type === 'indexProgress') progress.update(event.progress);
    else if (event.type === 'indexChanged') {
      progress.end();
      const { vault, indexed, removed, failed = [] } = event.change;
      for (const path of indexed) session.log('info', `indexed ${vault}:${path}`);
      for (const path of removed) session.log('info', `removed ${vault}:${path}`);
      for (const f of failed)
        session.log('warning', `not indexed ${vault}:${f.path}: ${f.message}`);
    }
  });
  // Searches answer from what is committed meanwhile; a vault that fails shows in `vaults`.
  engineInternals(engine)
    .follow(names)
    .then(
      () => session.log('info', `watching ${names.join(', ')}`),
      (error: Error) => session.log('error', `indexing failed: ${error.message}`),
    );
  return unsubscribe;
}

export const command = defineCommand({
  usage: 'mcp [--db FILE] [--watch] [DIR[=NAME]…]',
  options,
  async run({ values, positionals }, io) {
    const targets = positionals.length > 0 ? parseTargets(positionals) : [];
    const db = databasePath(values.db);
    const writing = targets.length > 0 || values.watch === true;
    if (!writing && !existsSync(db)) {
      throw new CliError(
        `--db ${db}: no such database (index some folders with the app or \`cli index\`, or give folders to serve)`,
      );
    }
    let engine: EngineService;
    try {
      if (writing) makeDatabaseFolder(db);
      // An assistant's server lives for its whole session and its queries are new ones: warming
      // loads what a query's first search would (docs/mcp.md#speed), yielding to every call.
      engine = await createEngine({
        dbPath: db,
        watch: false,
        readOnly: !writing,
        warm: true,
        warmContents: false,
      });
    } catch (error) {
      throw cliFailure(db, error);
    }
    let stopIndexing = () => {};
    let serving = true; // `warmed` also resolves when the engine closes: say nothing then
    try {
      const names = writing
        ? targets.length > 0
          ? await vaultNames(engine, targets)
          : (await engine.listVaults()).map((v) => v.name)
        : [];
      const session = await serveStdio({
        engine,
        version: folioVersion(),
        stdin: process.stdin,
        stdout: io.stdout,
        stderr: io.stderr,
        signal: io.signal,
      });
      io.stderr.write(
        `folio mcp: serving ${db}${writing ? `, keeping ${names.join(', ') || 'no vault'} indexed` : ' read-only'}\n`,
      );
      void engineInternals(engine)
        .warmed()
        .then(() => serving && session.log('debug', 'folio mcp: index warmed for searching'));
      if (names.length > 0) stopIndexing = await keepIndexed(engine, names, session, io);
      await session.done;
      return 0;
    } catch (error) {
      throw cliFailure(db, error);
    } finally {
      serving = false;
      stopIndexing();
      await engine.close();
    }
  },
});
