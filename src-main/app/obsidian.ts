// "Open in editor" for Obsidian vaults: a Folio vault inside an Obsidian vault (a folder holding
// `.obsidian/`) opens its notes in Obsidian through its URL scheme rather than the OS default app.
import { stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';

// How far up from a note an enclosing Obsidian vault is looked for (a Folio vault is often a
// sub-folder of the user's Obsidian vault).
const MAX_LEVELS_UP = 32;

/** The Obsidian vault a folder belongs to: its root folder, or null when it is not in one. */
export async function findObsidianVault(folder: string): Promise<string | null> {
  let current = folder;
  for (let level = 0; level <= MAX_LEVELS_UP; level += 1) {
    const marker = await stat(join(current, '.obsidian')).catch(() => null);
    if (marker?.isDirectory()) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
  return null;
}

/**
 * `obsidian://open?vault=…&file=…` for a file inside an Obsidian vault. Obsidian names a vault
 * after its folder and takes the file path relative to it, `/`-separated; the `.md` extension is
 * dropped as Obsidian's own "copy URI" does. Obsidian's URI has no line parameter.
 */
export function obsidianOpenUrl(obsidianRoot: string, file: string): string {
  const vault = basename(obsidianRoot);
  const path = relative(obsidianRoot, file).split(sep).join('/').replace(/\.md$/i, '');
  const query = `vault=${encodeURIComponent(vault)}&file=${encodeURIComponent(path)}`;
  return `obsidian://open?${query}`;
}
