// A common word's top rows (search/top-rows.ts): its best rows by its own bm25 and heading, as
// FTS5 ranks them, remembered while the index stays as it is and read again once it changes
// (docs/search-quality.md#the-score).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import { scoredRows, weightParams } from '../../../src-main/engine/search/fts-statements.ts';
import { topRows } from '../../../src-main/engine/search/top-rows.ts';
import type { Scope } from '../../../src-main/engine/search/topic.ts';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

const root = tempDir();
const NOTES: Record<string, string> = {
  'frost.md': '# Frost\n\nCold nights bring frost to the cold valley.\n',
  'snaps.md': '# Cold snaps\n\nA snap lasts a week.\n',
  'river.md': '# River\n\nThe river is cold in spring.\n',
};
for (const [name, text] of Object.entries(NOTES)) writeFileSync(join(root, name), text);

describe("a common word's top rows", () => {
  const engine = vaultEngine(root, 't');
  const internals = () => engineInternals(engine());
  const all: Scope = { include: null, exclude: [] };
  const order = { heading: 1.5, context: 0.5 };
  const weights = () => weightParams(internals().settings().columnWeights, 0);
  const top = (limit: number) =>
    topRows(internals().reader, '"cold"', all, weights(), order, limit);
  const ranked = (limit: number) =>
    scoredRows(internals().reader, '"cold"', all, weights(), order, { limit, offset: 0 });

  it('are its best rows as FTS5 ranks them, remembered while the index is unchanged', () => {
    internals().reader.refresh();
    const first = top(2);
    expect(first).toEqual(ranked(2));
    expect(first).toHaveLength(2);
    expect(top(2)).toBe(first);
    // Another limit, another memory.
    expect(top(3)).toEqual(ranked(3));
  });

  it('are read again once the index changed', async () => {
    internals().reader.refresh();
    const before = top(5);
    writeFileSync(join(root, 'winter.md'), '# Cold winter\n\nCold, cold, cold.\n');
    await engine().reindexVault({ name: 't' });
    await internals().indexed('t');
    internals().reader.refresh();
    const after = top(5);
    expect(after).toEqual(ranked(5));
    expect(after).toHaveLength(before.length + 1);
  });
});
