// A node body's term repeats past MAX_TERM_OCCURRENCES stay out of the FTS5 body (store/
// fts-columns.ts): FTS5's bm25() walks every occurrence of a query term in a row, so a huge note
// repeating a few words made every search matching it slow. Every word stays findable.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import {
  capOccurrences,
  MAX_TERM_OCCURRENCES,
} from '../../../src-main/engine/store/fts-columns.ts';
import { MAX_SCAN_BYTES } from '../../../src-main/engine/search/highlight.ts';
import { tempDir } from './temp.ts';

describe('capOccurrences', () => {
  it('keeps the first occurrences of each term, in order, once a body is long', () => {
    const terms = [...Array.from({ length: 3000 }, (_, i) => (i % 2 ? 'beta' : 'alpha')), 'omega'];
    const capped = capOccurrences(terms.join(' '), 1000).split(' ');
    expect(capped.filter((t) => t === 'alpha')).toHaveLength(1000);
    expect(capped.filter((t) => t === 'beta')).toHaveLength(1000);
    expect(capped.slice(0, 4)).toEqual(['alpha', 'beta', 'alpha', 'beta']);
    expect(capped.at(-1)).toBe('omega');
  });

  it.each([
    ['x y x y x y z', 1, 'x y z'],
    ['a a a b a b b c', 2, 'a a b b c'],
    ['w w w w', 4, 'w w w w'],
  ])('%j keeping %i of each gives %j', (terms, cap, expected) => {
    // Short texts are returned before counting when they cannot exceed the cap; pad past that.
    const pad = ' q'.repeat(cap * 2);
    const kept = capOccurrences(`${terms}${pad}`, cap).split(' ');
    expect(kept.filter((t) => t !== 'q').join(' ')).toBe(expected);
  });

  it('returns an ordinary body unchanged', () => {
    const body = 'error handling in rust error codes error';
    expect(capOccurrences(body)).toBe(body);
  });
});

describe('a note repeating two words 200,000 times', () => {
  const dir = tempDir('folio-repeats-');
  const dbPath = join(dir, 'repeats.db');
  let engine: EngineService | undefined;

  beforeAll(async () => {
    const vault = join(dir, 'vault');
    mkdirSync(vault, { recursive: true });
    writeFileSync(join(vault, 'big.md'), `# Big\n\n${'folio ranking '.repeat(200_000)}closing\n`);
    writeFileSync(join(vault, 'small.md'), '# Small\n\nfolio ranking of sections\n');
    engine = await createEngine({ dbPath, vaults: [{ root: vault, name: 'r' }], watch: false });
    await engineInternals(engine).ready();
  });
  afterAll(() => engine?.close());

  const search = (q: string) =>
    engineInternals(engine!)
      .searchRaw({ queries: [q] })
      .results.map((r) => r.path)
      .sort();

  it('indexes each repeated term at most MAX_TERM_OCCURRENCES times in a row', () => {
    const db = new Database(dbPath);
    try {
      db.exec("CREATE VIRTUAL TABLE temp.instances USING fts5vocab(main, 'fts', 'instance')");
      const most = db
        .prepare(
          "SELECT term, doc, count(*) AS n FROM temp.instances WHERE term IN ('folio', 'rank') GROUP BY term, doc ORDER BY n DESC LIMIT 1",
        )
        .get() as { n: number };
      expect(most.n).toBe(MAX_TERM_OCCURRENCES);
    } finally {
      db.close();
    }
  });

  it('still finds every word of the note, the phrase, and the word after the repeats', () => {
    expect(search('closing')).toEqual(['big.md']);
    expect(search('"folio ranking"')).toEqual(['big.md', 'small.md']);
    expect(search('sections')).toEqual(['small.md']);
  });

  it('scans only the first MiB of the 2.8 MB section for highlights and the snippet', () => {
    const [closing] = engineInternals(engine!).searchRaw({ queries: ['closing'] }).results;
    expect(closing!.byteEnd - closing!.byteStart).toBeGreaterThan(2 * MAX_SCAN_BYTES);
    expect(closing!.matchRanges).toEqual([]); // its one match lies past the first MiB
    const [folio] = engineInternals(engine!).searchRaw({ queries: ['folio'] }).results;
    expect(folio!.matchRanges.length).toBeGreaterThan(100);
    for (const [, end] of folio!.matchRanges)
      expect(end).toBeLessThanOrEqual(folio!.byteStart + MAX_SCAN_BYTES);
  });
});
