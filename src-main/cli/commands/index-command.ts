// `cli index --db FILE DIR[=NAME]…`: indexes or incrementally updates vaults
// (docs/design.md#command-line). Progress goes to stderr (a bar on a TTY), the summary to stdout
// (`--json` for JSON); a broken file is a warning, a folder that cannot be read fails the command
// naming it.
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../engine/create-engine.ts';
import { progressReporter } from '../progress.ts';
import type { IndexSummary } from '../../engine/indexing/types.ts';
import { CliError, type CliIo, defineCommand, oneLine } from '../command.ts';
import { cliFailure, databaseArgument, rebuildLine, rebuilt } from '../open-index.ts';
import { terminalLine } from '../terminal-text.ts';
import { checkTargets, knownVault, parseTargets, type Target } from '../vault-targets.ts';

const options = { db: { type: 'string' }, json: { type: 'boolean' } } as const;

const INTERRUPTED = 'interrupted; the files indexed so far are kept';

function summaryLine(s: IndexSummary & { documents: number; root: string }): string {
  const seconds = (s.ms / 1000).toFixed(2);
  return `${s.vault} (${s.root}): ${s.documents} documents — ${s.added} added, ${s.modified} modified, ${s.removed} removed, ${s.unchanged + s.touched} unchanged, ${s.errors} errors in ${seconds} s`;
}

/** Indexes each target: a new folder becomes a vault, a known one is reconciled. Returns names. */
async function indexTargets(
  engine: EngineService,
  targets: Target[],
  signal: AbortSignal,
): Promise<string[]> {
  const names: string[] = [];
  for (const target of targets) {
    const known = knownVault(target, await engine.listVaults());
    // A new vault is indexed as soon as it is added; a known one is reconciled, unless opening
    // the index has just rebuilt it (its summary is the rebuild's).
    if (!known) {
      const added = await engine.addVault({ root: target.root, name: target.name });
      await engineInternals(engine).indexed(added.name);
      names.push(added.name);
    } else {
      if (!engineInternals(engine).summary(known.name)) {
        await engine.reindexVault({ name: known.name });
      }
      names.push(known.name);
    }
    if (signal.aborted) throw new CliError(INTERRUPTED);
  }
  return names;
}

/** Each vault's summary on stdout, its warnings and the files it could not index on stderr. */
async function report(engine: EngineService, names: string[], io: CliIo, json: boolean) {
  const vaults = await engine.listVaults();
  // `errors`: the files of the vault that are not indexed now, whether this run or an earlier
  // one found them (an unchanged unreadable file is not read again, but still missing from the
  // index); each is named on stderr.
  const summaries = names.map((name) => {
    const vault = vaults.find((v) => v.name === name)!;
    const summary = engineInternals(engine).summary(name)!;
    return { ...summary, errors: vault.errors, documents: vault.documents, root: vault.root };
  });
  const warn = (text: string) => io.stderr.write(`warning: ${oneLine(text)}\n`);
  for (const summary of summaries) {
    for (const warning of summary.warnings) {
      warn(`${summary.vault}:${warning.path}: ${warning.message}`);
    }
  }
  for (const error of await engine.listFileErrors({})) {
    if (names.includes(error.vault)) warn(`${error.vault}:${error.path}: ${error.message}`);
  }
  if (json) io.stdout.write(`${JSON.stringify({ vaults: summaries })}\n`);
  else for (const s of summaries) io.stdout.write(`${terminalLine(summaryLine(s))}\n`);
}

export const command = defineCommand({
  usage: 'index --db FILE [--json] DIR[=NAME]…',
  options,
  async run({ values, positionals }, io) {
    const db = databaseArgument(values.db!); // the usage line requires it
    const targets = parseTargets(positionals);
    const engine = await createEngine({ dbPath: db, watch: false });
    const progress = progressReporter(io.stderr);
    const unsubscribe = engine.subscribe((event) => {
      if (event.type === 'indexProgress') progress.update(event.progress);
    });
    // Ctrl-C: stop between files; every file indexed so far stays committed.
    const stop = () => void engine.close();
    io.signal.addEventListener('abort', stop);
    try {
      // Every folder is checked before the first is indexed: a refusal leaves the index as it was.
      checkTargets(targets, await engine.listVaults());
      // An index of another Folio version is rebuilt (or its interrupted rebuild finished) first,
      // every vault of it, as a read command does (docs/design.md#command-line).
      const line = rebuildLine(db, engine);
      if (line) io.stderr.write(line);
      const warnings = line ? await rebuilt(engine, io.signal) : [];
      const names = await indexTargets(engine, targets, io.signal);
      progress.end();
      for (const warning of warnings) io.stderr.write(`warning: ${oneLine(warning)}\n`);
      await report(engine, names, io, values.json === true);
      return 0;
    } catch (error) {
      progress.end();
      if (error instanceof CliError) throw error;
      // Ctrl-C may end the job mid-file (the worker is stopped): that is the interrupt, not a fault.
      if (io.signal.aborted) throw new CliError(INTERRUPTED);
      throw cliFailure(db, error);
    } finally {
      io.signal.removeEventListener('abort', stop);
      unsubscribe();
      await engine.close();
    }
  },
});
