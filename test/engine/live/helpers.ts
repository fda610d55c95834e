// Helpers of the live-vault tests: waiting for engine events (never fixed sleeps), writing vault
// files, and what a clean index of a folder holds (to compare a live index against).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexChanged, VaultInfo } from '#shared/contract/api.ts';
import type { EngineEvent, EngineService } from '#shared/contract/engine.ts';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { indexerDeps } from '../../../src-main/engine/indexing/indexer-deps.ts';
import { openDatabase } from '../../../src-main/engine/store/database.ts';
import { IndexReader } from '../../../src-main/engine/store/index-reader.ts';
import { Indexer } from '../../../src-main/engine/indexing/indexer.ts';
import { Registry } from '../../../src-main/engine/store/registry.ts';

/** Generous: the machine running the tests may be busy. */
export const EVENT_TIMEOUT_MS = 20_000;

/** Resolves with the first engine event `pick` maps to a value; rejects after the timeout. */
export function nextEvent<T>(
  engine: EngineService,
  pick: (event: EngineEvent) => T | undefined,
  what: string,
  timeoutMs = EVENT_TIMEOUT_MS,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const unsubscribe = engine.subscribe((event) => {
      const value = pick(event);
      if (value === undefined) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    });
  });
}

/** Resolves once every path of `indexed` was committed and every one of `removed` dropped. */
export function committed(
  engine: EngineService,
  expected: { indexed?: string[]; removed?: string[] },
): Promise<void> {
  const indexed = new Set(expected.indexed ?? []);
  const removed = new Set(expected.removed ?? []);
  const what = `indexed ${[...indexed].join(', ')} removed ${[...removed].join(', ')}`;
  return nextEvent(
    engine,
    (event) => {
      if (event.type !== 'indexChanged') return undefined;
      const change: IndexChanged = event.change;
      for (const path of change.indexed) indexed.delete(path);
      for (const path of change.removed) removed.delete(path);
      return indexed.size === 0 && removed.size === 0 ? true : undefined;
    },
    what,
  ).then(() => {});
}

/** Resolves once a vault reaches `status`. */
export function vaultStatus(
  engine: EngineService,
  name: string,
  status: VaultInfo['status'],
): Promise<VaultInfo> {
  return nextEvent(
    engine,
    (event) =>
      event.type === 'vaultsChanged'
        ? event.vaults.find((v) => v.name === name && v.status === status)
        : undefined,
    `vault ${name} to be ${status}`,
  );
}

/** Writes a vault file, creating its folders. */
export function write(root: string, path: string, text: string | Uint8Array): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** `path\thash` of every indexed document of the engine, sorted. */
export function indexedDocuments(engine: EngineService): string[] {
  return engineInternals(engine)
    .reader.documents()
    .map((d) => `${d.vault}:${d.path}\t${d.hash}`)
    .sort();
}

/** `path\thash` of every document a clean index of `root` (as vault `name`) holds, sorted. */
export async function cleanDocuments(
  root: string,
  name: string,
  dbPath: string,
): Promise<string[]> {
  const db = openDatabase(dbPath);
  try {
    const record = new Registry(db).addVault(name, root, false);
    const indexer = new Indexer(
      db,
      indexerDeps(async (input) => chunkDocument(input)),
      'english',
    );
    await indexer.reconcile({ id: record.id, name, root, ignore: [] });
    return new IndexReader(db)
      .documents()
      .map((d) => `${d.vault}:${d.path}\t${d.hash}`)
      .sort();
  } finally {
    db.close();
  }
}
