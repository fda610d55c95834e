// The index worker thread through its client: the same index with or without a chunk pool,
// progress and commits reported back, and a cancel that stops a large reconcile between files.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { IndexChanged } from '#shared/contract/api.ts';
import type { IndexSummary } from '../../../src-main/engine/indexing/types.ts';
import { IndexWorkerClient } from '../../../src-main/engine/indexing/index-client.ts';
import { openDatabase } from '../../../src-main/engine/store/database.ts';
import { IndexReader } from '../../../src-main/engine/store/index-reader.ts';
import { Registry } from '../../../src-main/engine/store/registry.ts';
import { tempDir } from '../store/temp.ts';
import { CORPORA } from '../live/cli-process.ts';

const dir = tempDir('folio-index-client-');
const clients: IndexWorkerClient[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

function setup(name: string, root: string, chunkWorkers: number) {
  const dbPath = join(dir, `${name}.db`);
  const db = openDatabase(dbPath);
  const record = new Registry(db).addVault(name, root, false);
  const client = new IndexWorkerClient({ dbPath, stemmer: 'english', chunkWorkers });
  clients.push(client);
  const documents = () =>
    new IndexReader(db).documents().map((d) => `${d.path}\t${d.hash}\t${d.node_count}`);
  return { client, documents, vault: { id: record.id, name, root, ignore: [] } };
}

describe('index worker client', () => {
  it('indexes the same with chunk workers as on its own thread, reporting as it goes', async () => {
    // The chunker's fixtures: one file per edge case (CRLF, BOMs, deep nesting, …), and four
    // that are not UTF-8 text, which both must refuse alike.
    const root = join(import.meta.dirname, '../../fixtures/chunk');
    const alone = setup('alone', root, 0);
    const pooled = setup('pooled', root, 1);
    const changes: IndexChanged[] = [];
    const phases = new Set<string>();
    const summary = await pooled.client.reconcile(pooled.vault, null, {
      changed: (change) => changes.push(change),
      progress: (progress) => phases.add(progress.phase),
    });
    const aloneSummary = await alone.client.reconcile(alone.vault, null, {});
    // Counts and warnings alike (warnings in the order files finished, which a pool changes).
    const same = (s: IndexSummary | null) => ({
      ...s,
      vault: null,
      ms: null,
      warnings: [...s!.warnings].sort((a, b) => a.path.localeCompare(b.path)),
    });
    expect(same(summary)).toEqual(same(aloneSummary));
    expect(summary).toMatchObject({ added: 51, errors: 4 });
    expect(changes.flatMap((c) => c.indexed)).toHaveLength(51);
    expect(changes.flatMap((c) => c.failed ?? []).map((f) => f.path)).toEqual(
      expect.arrayContaining(['not-text/binary.md', 'not-text/utf16be-bom.md']),
    );
    expect([...phases]).toEqual(['scanning', 'indexing', 'done']);
    expect(pooled.documents()).toEqual(alone.documents());
    expect(alone.documents()).toHaveLength(51);
  });

  it('stops a large reconcile soon after its signal aborts, keeping what was committed', async () => {
    const { client, vault, documents } = setup('cancelled', join(CORPORA, 'msdocs-cpp'), 0);
    const controller = new AbortController();
    const summary = await client.reconcile(
      vault,
      null,
      { changed: () => controller.abort() }, // abort at the first commit
      controller.signal,
    );
    expect(summary.added).toBeGreaterThan(0);
    expect(summary.added).toBeLessThan(9746);
    expect(documents()).toHaveLength(summary.added);
  });

  it('refuses work once closed', async () => {
    const { client, vault } = setup('closed', join(CORPORA, 'rust-book'), 0);
    await client.close();
    await expect(client.reconcile(vault, null, {})).rejects.toThrow(/closed/);
  });
});
