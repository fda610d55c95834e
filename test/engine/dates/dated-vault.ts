// A folder of notes whose files carry given modification times: the date tests' vault.
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../store/temp.ts';

/** A note: its file name, its text, and its file's modification time (epoch ms). */
export type DatedNote = [name: string, text: string, mtime: number];

/** Writes the notes into a fresh folder, each file with its modification time; returns it. */
export function datedVault(notes: DatedNote[]): string {
  const root = tempDir();
  for (const [name, text, mtime] of notes) {
    writeFileSync(join(root, name), text);
    utimesSync(join(root, name), mtime / 1000, mtime / 1000);
  }
  return root;
}
