// Registering a vault: the folder must exist and be readable, one folder is one vault, and the
// name is `[a-z0-9_-]+` — given, or derived from the folder name and made unique.
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, parse, relative, resolve } from 'node:path';
import { FolioError } from '#shared/contract/engine.ts';
import { systemFolderOf } from '../files/regular-file.ts';
import type { Registry, VaultRecord } from '../store/registry.ts';
import { uniqueVaultName, VAULT_NAME, vaultNameFromFolder } from './vault-names.ts';

function realFolder(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return resolve(root);
  }
}

function checkFolder(root: string): void {
  if (!isAbsolute(root))
    throw new FolioError(
      'invalid-argument',
      `root "${root}" must be an absolute path (or start with ~/)`,
    );
  let isFolder: boolean;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {
    throw new FolioError('not-found', `folder ${root} does not exist`);
  }
  if (!isFolder) throw new FolioError('invalid-argument', `${root} is not a folder`);
  try {
    readdirSync(root);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new FolioError('io', `folder ${root} cannot be read (${code})`);
  }
  const system = systemFolder(realFolder(root));
  if (system) {
    throw new FolioError(
      'invalid-argument',
      `folder ${root} is ${system}, not a folder of notes: choose the folder that holds them`,
    );
  }
}

/**
 * Why a (real) folder cannot be a vault, or null. The root of a disk and the kernel's file
 * systems would be walked and watched whole: millions of folders, and `/proc/<pid>/root` links
 * back to `/` (adding `/proc` once grew the process by 130 MB a second).
 */
export function systemFolder(real: string): string | null {
  if (parse(real).root === real) return 'the root of the file system';
  const kernel = systemFolderOf(real);
  return kernel ? `inside the system folder ${kernel}` : null;
}

/** The vault already registered for `root` (same real folder), if any. */
export function vaultAt(registry: Registry, root: string): VaultRecord | undefined {
  const real = realFolder(root);
  return registry.vaults().find((v) => realFolder(v.root) === real);
}

/** True when `inner` is a folder below `outer` (both real paths). */
function isBelow(inner: string, outer: string): boolean {
  const path = relative(outer, inner);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}

/**
 * Refuses a folder inside a vault or holding one: its notes would be indexed twice and every
 * result shown twice (`work:notes/a.md` and `notes:a.md`).
 */
function checkOverlap(registry: Registry, root: string): void {
  const real = realFolder(root);
  for (const vault of registry.vaults()) {
    const other = realFolder(vault.root);
    if (isBelow(real, other)) {
      throw new FolioError(
        'conflict',
        `folder ${root} is inside the vault "${vault.name}" (${vault.root}), whose search already covers it`,
      );
    }
    if (isBelow(other, real)) {
      throw new FolioError(
        'conflict',
        `folder ${root} holds the vault "${vault.name}" (${vault.root}); remove that vault first to add the whole folder`,
      );
    }
  }
}

/** Validates and registers a vault; throws `FolioError` naming the folder or name at fault. */
export function addVaultChecked(
  registry: Registry,
  root: string,
  name: string | undefined,
  sample: boolean,
): VaultRecord {
  checkFolder(root);
  const existing = vaultAt(registry, root);
  if (existing)
    throw new FolioError('conflict', `folder ${root} is already the vault "${existing.name}"`);
  checkOverlap(registry, root);
  const vaults = registry.vaults();
  const taken = new Set(vaults.map((v) => v.name));
  let chosen: string;
  if (name !== undefined) {
    if (!VAULT_NAME.test(name))
      throw new FolioError(
        'invalid-argument',
        `vault name "${name}" must match [a-z0-9_-]+ (at most 64 characters)`,
      );
    const holder = vaults.find((v) => v.name === name);
    if (holder) {
      throw new FolioError(
        'conflict',
        `a vault named "${name}" already exists (${holder.root}): give ${root} another name`,
      );
    }
    chosen = name;
  } else {
    chosen = uniqueVaultName(vaultNameFromFolder(root), taken);
  }
  return registry.addVault(chosen, resolve(root), sample);
}
