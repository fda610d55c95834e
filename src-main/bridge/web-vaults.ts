// Which vaults `npm run web` serves, and the lines that tell the person at the terminal. The web
// database keeps its vaults from run to run like the app's: folders named on the command line
// are added, `--only` serves just those, and the sample vault comes only with a new database.
import type { VaultInfo } from '#shared/contract/api.ts';
import type { EngineOptions } from '#shared/contract/engine.ts';
import { SAMPLE_VAULT } from './paths.ts';
import type { WebArgs } from './web-args.ts';

/** The engine's start-up vaults for these arguments; `newDatabase`: the file does not exist yet. */
export function startupVaults(
  args: Pick<WebArgs, 'vaults' | 'only'>,
  newDatabase: boolean,
): Pick<EngineOptions, 'vaults' | 'exclusiveVaults'> {
  // As the app: the sample vault on a first run only, so removing it is permanent.
  if (args.vaults.length === 0 && newDatabase) {
    return { vaults: [{ root: SAMPLE_VAULT, name: 'sample', sample: true }] };
  }
  return { vaults: args.vaults, exclusiveVaults: args.only };
}

const STATUS: Record<VaultInfo['status'], string> = {
  idle: 'indexed',
  indexing: 'indexing…',
  watching: 'watching',
  paused: 'paused',
  offline: 'FOLDER NOT FOUND (kept; it comes back when the folder does)',
  error: 'error (see Vaults in the page)',
};

/** The start-up lines about the vaults served: one per vault, or how to add one. */
export function servedVaultsText(vaults: readonly VaultInfo[], only: boolean): string {
  if (vaults.length === 0) {
    return (
      'Vaults:            none yet. Add a folder: npm run web -- ~/notes (kept for later runs),\n' +
      '                   or Vaults (Alt+V) in the page.\n'
    );
  }
  const kept = only
    ? 'only the folders given (--only removed any other)'
    : 'kept from run to run; --only DIR… serves just those';
  const width = Math.max(...vaults.map((vault) => vault.name.length));
  const rows = vaults.map((vault) => {
    const documents = `${vault.documents} document${vault.documents === 1 ? '' : 's'}`;
    const status = vault.problem ? `error: ${vault.problem}` : STATUS[vault.status];
    return `  ${vault.name.padEnd(width)}  ${vault.root}  (${documents}, ${status})`;
  });
  return `Vaults (${vaults.length}, ${kept}):\n${rows.join('\n')}\n`;
}
