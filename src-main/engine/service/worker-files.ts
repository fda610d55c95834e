// Where the engine's worker threads start from. By default the `.ts` worker modules beside the
// engine code (run by Node's type stripping); a bundled build names its bundled entries instead:
// the app passes them in `EngineOptions.workerFiles`, the app's bundled command line sets them
// here once for every engine its commands create (docs/mcp.md#the-apps-command-line).
import type { EngineOptions } from '#shared/contract/engine.ts';

type WorkerFiles = NonNullable<EngineOptions['workerFiles']>;

let bundled: WorkerFiles | undefined;

/** Makes every engine created from now on without `workerFiles` use these entries. */
export function useBundledWorkers(files: WorkerFiles): void {
  bundled = files;
}

/** The worker entries of an engine: its own option, else the bundled ones, else the default. */
export function workerFilesOf(options: EngineOptions): WorkerFiles | undefined {
  return options.workerFiles ?? bundled;
}
