// Vault names (docs/design.md#vaults): unique, `[a-z0-9_-]+`, derived from the folder name by
// default.
import { basename } from 'node:path';

/** What a vault name must look like. */
export const VAULT_NAME = /^[a-z0-9_-]{1,64}$/;

/** `My Notes (2024)` → `my-notes-2024`; `Café` → `cafe`; a name with no usable letter → `vault`. */
export function vaultNameFromFolder(root: string): string {
  const name = basename(root.replace(/[\\/]+$/, '') || root)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return name || 'vault';
}

/** `name`, or `name-2`, `name-3`… — the first one not in `taken`. */
export function uniqueVaultName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) {
    const candidate = `${name}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}
