// A vault of notes whose files carry given modification times, indexed: the date tests' setup.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { tempDir } from '../store/temp.ts';

/** A note: its file name, its text, and its file's modification time (epoch ms). */
export type DatedNote = [name: string, text: string, mtime: number];

/** An engine on vault `v` holding these notes, indexed and ready; the caller closes it. */
export async function datedVault(notes: DatedNote[]): Promise<EngineService> {
  const dir = tempDir();
  const root = join(dir, 'v');
  mkdirSync(root);
  for (const [name, text, mtime] of notes) {
    writeFileSync(join(root, name), text);
    utimesSync(join(root, name), mtime / 1000, mtime / 1000);
  }
  const engine = await createEngine({
    dbPath: join(dir, 'db'),
    vaults: [{ root, name: 'v' }],
    watch: false,
  });
  await engineInternals(engine).ready();
  return engine;
}
