// Every label of the committed query sets must be a real node of its file, as the chunker builds
// it (GitHub slugs of every heading, docs/design.md#ids-and-slugs) — a wrong slug would count as a
// miss forever.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../src-main/engine/chunk/chunk-document.ts';
import { labelDocId, labelToId } from '../../src-main/engine/eval/query-set.ts';
import { loadSet, QUERY_SETS } from './query-sets.ts';

describe.each(QUERY_SETS)('$file', (committed) => {
  const set = loadSet(committed);
  const labels = [...new Set(set.queries.flatMap((q) => [q.expected, ...(q.also ?? [])]))];

  // Issue 7 asks for 60 or more on rust-book and dendron; the others are smaller by design.
  const minimum = /^(rust-book|dendron-vault)\./.test(committed.file) ? 60 : 30;

  it(`has at least ${minimum} distinct queries`, () => {
    expect(new Set(set.queries.map((q) => q.q.toLowerCase())).size).toBe(set.queries.length);
    expect(set.queries.length).toBeGreaterThanOrEqual(minimum);
  });

  it('labels only nodes that exist', () => {
    const idsByDoc = new Map<string, Set<string>>();
    const unknown: string[] = [];
    for (const label of labels) {
      const docId = labelDocId('v', label);
      let ids = idsByDoc.get(docId);
      if (!ids) {
        const path = docId.slice('v:'.length);
        const doc = chunkDocument({
          vault: 'v',
          path,
          bytes: readFileSync(join(committed.root, path)),
        });
        ids = new Set(doc.nodes.map((node) => node.id));
        idsByDoc.set(docId, ids);
      }
      if (!ids.has(labelToId('v', label))) unknown.push(label);
    }
    expect(unknown).toEqual([]);
  });
});
