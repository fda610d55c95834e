// The folders given to `index`, `watch`, `mcp` and `npm run web` as `DIR[=NAME]…` (docs/design.md#command-line):
// parsed, and checked together before the first is indexed. The engine refuses the same folder
// twice, a name taken, or a folder inside a vault only when that folder's turn comes, after the
// ones before it are indexed; a command that fails must not leave half of its work in the index.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { EngineService } from '#shared/contract/engine.ts';
import type { VaultInfo } from '#shared/contract/vaults.ts';
import { expandHome } from '../engine/vaults/home-path.ts';
import { VAULT_NAME } from '../engine/vaults/vault-names.ts';
import { CliError, UsageError } from './command.ts';

/** A folder given on the command line, with the vault name asked for. */
export interface Target {
  /** The argument as typed, for messages. */
  arg: string;
  root: string;
  name: string | undefined;
}

/**
 * Parses `DIR[=NAME]…`; a leading `~` is the home folder, as for `npm run web` and the app (an
 * assistant's MCP configuration passes arguments without a shell to expand it). Names the
 * argument at fault, and refuses arguments that contradict one another: the same folder or the
 * same name twice, or a folder inside another (its notes would be indexed twice).
 */
export function parseTargets(positionals: string[], cwd = process.cwd()): Target[] {
  if (positionals.length === 0) throw new UsageError('at least one DIR[=NAME] is required');
  const targets = positionals.map((arg) => parseTarget(arg, cwd));
  targets.forEach((target, i) => {
    for (const earlier of targets.slice(0, i)) checkPair(earlier, target);
  });
  return targets;
}

function parseTarget(arg: string, cwd: string): Target {
  const at = arg.lastIndexOf('=');
  const dir = at > 0 ? arg.slice(0, at) : arg;
  const name = at > 0 ? arg.slice(at + 1) : undefined;
  const root = resolve(cwd, expandHome(dir));
  if (!existsSync(root)) {
    // `notes=2024` is read as the folder `notes` named `2024`: say how to give such a folder.
    const whole = name !== undefined && existsSync(resolve(cwd, expandHome(arg)));
    const hint = whole ? ` (the folder ${arg} holds "=": give it with a name, ${arg}=NAME)` : '';
    throw new CliError(`${dir}: no such folder${hint}`);
  }
  if (!statSync(root).isDirectory()) throw new CliError(`${dir}: not a folder`);
  if (name !== undefined && !VAULT_NAME.test(name)) {
    throw new UsageError(`vault name "${name}" (in ${arg}) must match [a-z0-9_-]+`);
  }
  return { arg, root, name };
}

function checkPair(earlier: Target, target: Target): void {
  const [a, b] = [realFolder(earlier.root), realFolder(target.root)];
  if (a === b) throw new UsageError(`${target.arg} names the same folder as ${earlier.arg}`);
  if (target.name !== undefined && target.name === earlier.name) {
    throw new UsageError(
      `vault name "${target.name}" is given twice (${earlier.arg}, ${target.arg})`,
    );
  }
  const [inner, outer] = isBelow(b, a) ? [target, earlier] : isBelow(a, b) ? [earlier, target] : [];
  if (inner && outer) {
    throw new UsageError(
      `${inner.arg} is inside ${outer.arg}: its notes would be indexed twice; give one of them`,
    );
  }
}

/** The database's vault of the target's folder (under any spelling of it), if it has one. */
export function knownVault(target: Target, vaults: VaultInfo[]): VaultInfo | undefined {
  const real = realFolder(target.root);
  return vaults.find((vault) => realFolder(vault.root) === real);
}

/**
 * Refuses, before any is added, a target the engine would refuse against the database's vaults:
 * a known folder asked for under another name, a name another folder's vault has, or a folder
 * inside a vault or holding one. A target that is a known vault's folder is reconciled.
 */
export function checkTargets(targets: Target[], vaults: VaultInfo[]): void {
  for (const target of targets) {
    const known = knownVault(target, vaults);
    if (known) {
      if (target.name !== undefined && target.name !== known.name) {
        throw new CliError(`${target.root} is already indexed as vault "${known.name}"`);
      }
      continue;
    }
    const real = realFolder(target.root);
    for (const vault of vaults) {
      const other = realFolder(vault.root);
      if (target.name === vault.name) {
        throw new CliError(
          `vault name "${vault.name}" (in ${target.arg}) is taken by the vault of ${vault.root}`,
        );
      }
      if (isBelow(real, other)) {
        throw new CliError(
          `folder ${target.root} is inside the vault "${vault.name}" (${vault.root}), whose search already covers it`,
        );
      }
      if (isBelow(other, real)) {
        throw new CliError(
          `folder ${target.root} holds the vault "${vault.name}" (${vault.root}); remove that vault first to index the whole folder`,
        );
      }
    }
  }
}

/**
 * The vault names of the targets (`watch`, `mcp`), registering the new ones once every target is
 * checked.
 */
export async function vaultNames(engine: EngineService, targets: Target[]): Promise<string[]> {
  const vaults = await engine.listVaults();
  checkTargets(targets, vaults);
  const names: string[] = [];
  for (const target of targets) {
    const known = knownVault(target, vaults);
    names.push(
      known?.name ?? (await engine.addVault({ root: target.root, name: target.name })).name,
    );
  }
  return names;
}

/** The folder with its symbolic links resolved: two spellings of one folder are one vault. */
function realFolder(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}

/** True when `inner` is a folder below `outer`. */
function isBelow(inner: string, outer: string): boolean {
  const path = relative(outer, inner);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}
