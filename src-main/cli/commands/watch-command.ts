// `cli watch --db FILE [--json] DIR[=NAME]…`: indexes the folders, then keeps the index in step
// with them until SIGINT/SIGTERM, then closes the database cleanly (docs/design.md#command-line).
// Only the folders given are watched, even if the database knows other vaults. With `--json`, one
// line per event on stdout: `ready` once the initial index is committed, `indexed` / `removed`
// after each commit, `error` for a file that could not be indexed (or, with `path: null`, a vault
// in trouble), and `idle` once every change seen so far is indexed (after `ready`, and again after
// each burst of changes): a script waits for `idle` to know the index has caught up.
import type { IndexChanged, VaultInfo } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../engine/create-engine.ts';
import { progressReporter } from '../progress.ts';
import { type CliIo, defineCommand, oneLine } from '../command.ts';
import { terminalLine } from '../terminal-text.ts';
import { cliFailure, databaseArgument } from '../open-index.ts';
import { parseTargets, vaultNames } from '../vault-targets.ts';

const options = { db: { type: 'string' }, json: { type: 'boolean' } } as const;

/** One thing `watch` reports. */
type WatchEvent =
  | { event: 'ready' }
  | { event: 'idle' }
  | { event: 'indexed' | 'removed'; vault: string; path: string }
  | { event: 'error'; vault: string; path: string | null; message: string };

function printer(io: CliIo, json: boolean): (event: WatchEvent) => void {
  if (json) return (event) => io.stdout.write(`${JSON.stringify(event)}\n`);
  return (event) => {
    if (event.event === 'idle') return; // a terminal user sees each commit; scripts want this
    if (event.event === 'ready') io.stderr.write('watching; press Ctrl-C to stop\n');
    else if (event.event === 'error')
      io.stdout.write(
        `error ${oneLine(`${event.vault}${event.path === null ? '' : `:${event.path}`}: ${event.message}`)}\n`,
      );
    else io.stdout.write(`${event.event} ${terminalLine(`${event.vault}:${event.path}`)}\n`);
  };
}

function changeEvents(change: IndexChanged): WatchEvent[] {
  const { vault } = change;
  return [
    ...change.indexed.map((path) => ({ event: 'indexed' as const, vault, path })),
    ...change.removed.map((path) => ({ event: 'removed' as const, vault, path })),
    ...(change.failed ?? []).map((f) => ({ event: 'error' as const, vault, ...f })),
  ];
}

/** Reports vaults that go offline or into error (once per change of status). */
function statusWatcher(engine: EngineService, names: string[], print: (e: WatchEvent) => void) {
  const last = new Map<string, string>();
  return (vaults: VaultInfo[]) => {
    for (const vault of vaults) {
      if (!names.includes(vault.name) || last.get(vault.name) === vault.status) continue;
      last.set(vault.name, vault.status);
      if (vault.status === 'offline') {
        const message = `folder ${vault.root} is offline (gone, or an unmounted disk); its index is kept until it comes back`;
        print({ event: 'error', vault: vault.name, path: null, message });
      } else if (vault.status === 'error') {
        const message = engineInternals(engine).problem(vault.name) ?? 'indexing failed';
        print({ event: 'error', vault: vault.name, path: null, message });
      }
    }
  };
}

/** How often `watch --json` looks whether its vaults have caught up. */
const IDLE_POLL_MS = 100;

/**
 * Prints `idle` when none of the vaults has a change under way, once per burst: a change
 * reported (`touched`) makes the next idle moment printed again. Polled: a look is a few flags.
 */
function idleReporter(busy: () => boolean, print: (e: WatchEvent) => void) {
  let printed = false;
  const timer = setInterval(() => {
    if (busy()) printed = false;
    else if (!printed) {
      printed = true;
      print({ event: 'idle' });
    }
  }, IDLE_POLL_MS);
  return {
    touched: () => (printed = false),
    stop: () => clearInterval(timer),
  };
}

const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

export const command = defineCommand({
  usage: 'watch --db FILE [--json] DIR[=NAME]…',
  options,
  async run({ values, positionals }, io) {
    const db = databaseArgument(values.db!); // the usage line requires it
    const targets = parseTargets(positionals);
    const engine = await createEngine({ dbPath: db, watch: false });
    const print = printer(io, values.json === true);
    const progress = progressReporter(io.stderr);
    let names: string[] = [];
    let ready = false;
    let onStatus = (_vaults: VaultInfo[]) => {};
    let idle: ReturnType<typeof idleReporter> | null = null;
    const unsubscribe = engine.subscribe((event) => {
      // Progress is for the initial index; afterwards each commit is reported on its own.
      if (event.type === 'indexProgress' && !ready) progress.update(event.progress);
      else if (event.type === 'indexChanged' && names.includes(event.change.vault)) {
        progress.end();
        for (const e of changeEvents(event.change)) print(e);
        idle?.touched();
      } else if (event.type === 'vaultsChanged') onStatus(event.vaults);
    });
    try {
      names = await vaultNames(engine, targets);
      onStatus = statusWatcher(engine, names, print);
      onStatus(await engine.listVaults());
      const followed = engineInternals(engine).follow(names);
      followed.catch(() => {}); // after an interrupt nobody awaits it any more
      await Promise.race([followed, aborted(io.signal)]);
      progress.end();
      ready = true;
      if (!io.signal.aborted) print({ event: 'ready' });
      const internals = engineInternals(engine);
      // Also keeps the process alive while every folder is offline (no watcher runs then).
      idle = idleReporter(() => names.some((name) => internals.busy(name)), print);
      await aborted(io.signal);
      return 0;
    } catch (error) {
      progress.end();
      throw cliFailure(db, error);
    } finally {
      idle?.stop();
      unsubscribe();
      await engine.close();
    }
  },
});
