// The files of a vault as link resolution sees them: by id, by name (`nameKey`) and by alias,
// kept in memory by the link writer and in step with its own writes (docs/links.md#storage).
import { nameKey } from './resolve.ts';

/** A file as link resolution needs it. */
export interface FileEntry {
  id: number;
  path: string;
  aliases: string[];
  firstNode: number;
  nodeCount: number;
}

/** 32-bit FNV-1a of a link name: links are found by the name of what they point to. */
export function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index++) {
    hash ^= name.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export const aliasKey = (alias: string) => alias.normalize('NFC').toLowerCase();

/** The names links may find a file by: its own and its aliases' (as `nameKey`s). */
export function fileNames(file: { path: string; aliases: string[] }): string[] {
  return [nameKey(file.path), ...file.aliases.map(nameKey)];
}

/** The files of one vault, by id, by name and by alias. */
export class VaultFiles {
  readonly byId = new Map<number, FileEntry>();
  readonly byName = new Map<string, FileEntry[]>();
  readonly byAlias = new Map<string, FileEntry[]>();

  add(file: FileEntry): void {
    this.byId.set(file.id, file);
    push(this.byName, nameKey(file.path), file);
    for (const alias of file.aliases) push(this.byAlias, aliasKey(alias), file);
  }

  remove(file: FileEntry): void {
    this.byId.delete(file.id);
    pull(this.byName, nameKey(file.path), file);
    for (const alias of file.aliases) pull(this.byAlias, aliasKey(alias), file);
  }
}

function push(map: Map<string, FileEntry[]>, key: string, file: FileEntry): void {
  const list = map.get(key);
  if (list) list.push(file);
  else map.set(key, [file]);
}

function pull(map: Map<string, FileEntry[]>, key: string, file: FileEntry): void {
  const list = map.get(key);
  if (!list) return;
  const left = list.filter((entry) => entry.id !== file.id);
  if (left.length > 0) map.set(key, left);
  else map.delete(key);
}
