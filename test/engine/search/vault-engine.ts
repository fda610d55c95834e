// An engine on one vault folder, for the tests of a file or a `describe`: created (and the vault
// indexed) before them, closed after them, its database in a temporary folder.
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { tempDir } from '../store/temp.ts';

/** Registers the engine's set-up and tear-down; the getter returns it inside the tests. */
export function vaultEngine(root: string | (() => string), name: string): () => EngineService {
  let engine: EngineService | undefined;
  beforeAll(async () => {
    const folder = typeof root === 'function' ? root() : root;
    engine = await createEngine({
      dbPath: join(tempDir(), `${name}.db`),
      vaults: [{ root: folder, name }],
      watch: false,
    });
    await engineInternals(engine).ready();
  });
  afterAll(() => engine?.close());
  return () => engine!;
}
