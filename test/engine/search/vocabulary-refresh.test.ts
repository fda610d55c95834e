// The fuzzy vocabulary is read whole again after the index changed only once the read one is old
// enough (searches during indexing must not reread it after every file); meanwhile, and before
// it is first read whole, terms are looked up one search at a time: the same counts, always
// current — a word added since is found, whole, partly or as a fuzzy variant.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import { Vocabulary } from '../../../src-main/engine/query/fuzzy.ts';
import { Searcher } from '../../../src-main/engine/search/searcher.ts';
import { leadingVarint } from '../../../src-main/engine/store/sqlite-varint.ts';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

const dir = tempDir();
const root = join(dir, 'garden');
const engine = vaultEngine(() => {
  mkdirSync(root);
  writeFileSync(join(root, 'tools.md'), '# Tools\n\nThe trowel is sharp.\n');
  writeFileSync(
    join(root, 'café.md'),
    '# Café\n\nThe spoons of the café are sharper.\n\n## Crème\n\nCrème brûlée.\n',
  );
  return root;
}, 'g');

const ids = (searcher: Searcher, q: string) => {
  const internals = engineInternals(engine());
  return searcher
    .search({ queries: [q] }, internals.settings(), internals.analyzer())
    .results.map((r) => r.id);
};

/** A searcher looking every term up on its own (the index here is small: see the last test). */
const probing = { vocabularyLookupBudgetMs: 60_000, smallVocabularyTerms: 0 };

describe('fuzzy vocabulary refresh', () => {
  it('after a change, terms are looked up until the read vocabulary is old enough', async () => {
    const internals = engineInternals(engine());
    const whole = { vocabularyLookupBudgetMs: 0 }; // read whole on first need
    const kept = new Searcher(internals.reader, { ...whole, vocabularyMaxAgeMs: 60_000 });
    const eager = new Searcher(internals.reader, { ...whole, vocabularyMaxAgeMs: 0 });
    const lookingUp = new Searcher(internals.reader, probing);
    expect(ids(kept, 'trowl')).toEqual(['g:tools.md#tools']);
    expect(ids(eager, 'trowl')).toEqual(['g:tools.md#tools']);
    expect(ids(lookingUp, 'trowl')).toEqual(['g:tools.md#tools']);

    writeFileSync(join(root, 'pond.md'), '# Pond\n\nA heron waits.\n');
    await engine().reindexVault({ name: 'g' });
    await internals.indexed('g');

    // "heron" came after `kept` read its vocabulary: it is looked up in the index as it is.
    expect(ids(kept, 'heron')).toEqual(['g:pond.md#pond']);
    expect(ids(kept, 'herron')).toEqual(['g:pond.md#pond']);
    expect(ids(kept, 'heron zzqqxx')).toEqual(['g:pond.md#pond']); // a partial match
    expect(ids(eager, 'herron')).toEqual(['g:pond.md#pond']);
    expect(ids(lookingUp, 'herron')).toEqual(['g:pond.md#pond']); // looked up in the index as it is
  });

  it('terms looked up one by one give the same searches as the vocabulary read whole', () => {
    const internals = engineInternals(engine());
    const whole = new Searcher(internals.reader, { vocabularyLookupBudgetMs: 0 });
    const lookingUp = new Searcher(internals.reader, probing);
    const small = new Searcher(internals.reader, { vocabularyLookupBudgetMs: 60_000 });
    // Typos of ASCII and non-ASCII words (their edits use the index's own letters), a word no
    // row holds, and scores (the word weights come from the row counts).
    for (const q of ['trowl', 'cafe spons', 'crme brûle', 'sharp zzqq', 'cafés', 'pond']) {
      const run = (searcher: Searcher) =>
        searcher
          .search({ queries: [q] }, internals.settings(), internals.analyzer())
          .results.map((r) => [r.id, r.score, r.partial, r.matchedTerms]);
      expect(run(lookingUp), q).toEqual(run(whole));
      expect(run(small), q).toEqual(run(whole));
    }
    expect(ids(lookingUp, 'crme')).toEqual(['g:café.md#crème']);
  });

  it('reads a small vocabulary whole at its first lookup and then looks no term up', () => {
    const { reader } = engineInternals(engine());
    const termRows = reader.termRows.bind(reader);
    let lookups = 0;
    reader.termRows = (terms) => {
      lookups += terms.length;
      return termRows(terms);
    };
    try {
      const small = new Searcher(reader, { vocabularyLookupBudgetMs: 60_000 });
      expect(ids(small, 'trowl spons')).toEqual(['g:tools.md#tools', 'g:café.md#café']);
      expect(lookups).toBe(0);
      // Over the threshold: the same search asks for each one-edit neighbour of its words.
      const large = new Searcher(reader, {
        vocabularyLookupBudgetMs: 60_000,
        smallVocabularyTerms: 5,
      });
      expect(ids(large, 'trowl spons')).toEqual(['g:tools.md#tools', 'g:café.md#café']);
      expect(lookups).toBeGreaterThan(100);
    } finally {
      reader.termRows = termRows;
    }
  });

  it("the index row count is the files' node count, and lookups match the vocabulary", () => {
    const { reader } = engineInternals(engine());
    const nodes = reader.db.prepare('SELECT sum(node_count) FROM files').pluck().get();
    expect(reader.rowCount()).toBe(nodes);
    const terms = reader.vocabulary();
    expect(reader.termRows([...terms.map(([t]) => t), 'zzqqnoterm'])).toEqual(terms);
    const whole = new Vocabulary(terms, reader.rowCount());
    expect(whole.variants('trowl')).toEqual(['trowel']);
  });

  it('reads the SQLite varints FTS5 records begin with', () => {
    expect(leadingVarint(Uint8Array.of(0x05, 0xff))).toBe(5);
    expect(leadingVarint(Uint8Array.of(0x81, 0x00))).toBe(128);
    expect(leadingVarint(Uint8Array.of(0x86, 0xf3, 0x46))).toBe(113094);
    expect(leadingVarint(Uint8Array.of(...new Array(8).fill(0x80), 0x07))).toBe(7);
    expect(leadingVarint(Uint8Array.of(0x81))).toBeNull();
  });
});
