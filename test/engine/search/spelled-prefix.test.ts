// The statements that only match (search/fts-statements.ts: rowidsOf, countRows, rowMatches)
// spell a prefix with few completions out as its terms: they must match exactly the rows FTS5's
// own prefix query matches, whatever the expression around it, and follow the index when it
// changes (docs/benchmarks.md#typed-prefixes).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import {
  countRows,
  nearIsCheap,
  rowidsOf,
  rowMatches,
} from '../../../src-main/engine/search/fts-statements.ts';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

const root = tempDir();
const NOTES: Record<string, string> = {
  'refs.md': '# References\n\nA reference refers to a value; referencing is cheap.\n',
  'move.md': '# Move\n\nMoving a value leaves a reference behind.\n',
  'other.md': '# Other\n\nReferee and refinery are not references.\n',
  'many.md': `# Many\n\n${Array.from({ length: 40 }, (_, i) => `zed${i}x`).join(' ')}\n`,
};
for (const [name, text] of Object.entries(NOTES)) writeFileSync(join(root, name), text);

describe('a prefix spelled out as its terms', () => {
  const engine = vaultEngine(root, 'p');
  const reader = () => engineInternals(engine()).reader;
  /** FTS5's own answer: the prefix phrase as written. */
  const plain = (expr: string) =>
    reader()
      .db.prepare('SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid')
      .pluck()
      .all(expr) as number[];
  const sorted = (rowids: number[]) => [...rowids].sort((a, b) => a - b);

  const EXPRESSIONS = [
    '"ref" *',
    '"refer" *',
    '("move" AND ("ref" OR "ref" *))',
    '{title} : ("ref" *)',
    '("valu") NOT ("refer" *)',
    '"zed" *', // 40 completions: left as a prefix
    '"qqq" *', // none
    '{path} : (^"ref" *)', // an initial-token prefix is left as it is
  ];

  it.each(EXPRESSIONS)('%s matches the rows FTS5 matches', (expr) => {
    reader().refresh();
    const rows = plain(expr);
    expect(sorted(rowidsOf(reader(), expr))).toEqual(rows);
    expect(countRows(reader(), expr, 1000)).toBe(rows.length);
    // Every row of the index (rowids above 2^36): true exactly for those.
    const every = plain('"a" OR "the" OR "ref" * OR "zed" * OR "move" OR "other" OR "valu"');
    expect(every.length).toBeGreaterThan(rows.length);
    for (const rowid of every)
      expect(rowMatches(reader(), expr, rowid), `row ${rowid}`).toBe(rows.includes(rowid));
  });

  it('finds a completion the index gained since', async () => {
    reader().refresh();
    const before = rowidsOf(reader(), '"ref" *').length;
    expect(before).toBeGreaterThan(0);
    writeFileSync(join(root, 'new.md'), '# Refactoring\n\nRefactor often.\n');
    await engine().reindexVault({ name: 'p' });
    await engineInternals(engine()).indexed('p');
    reader().refresh();
    const after = sorted(rowidsOf(reader(), '"ref" *'));
    expect(after).toEqual(plain('"ref" *'));
    expect(after.length).toBeGreaterThan(before);
  });
});

describe('a NEAR check of a prefix', () => {
  const engine = vaultEngine(root, 'p');
  const reader = () => engineInternals(engine()).reader;

  // FTS5 cannot read a prefix that begins many terms cheaply inside NEAR (it takes phrases, so
  // the prefix is not spelled out): the passage check then leaves it to the text.
  it.each([
    ['NEAR("move" "ref" *, 20)', true], // 5 completions: spelled out elsewhere, cheap here
    ['NEAR("move" "valu", 20)', true], // no prefix
    ['NEAR("move" "zed" *, 20)', false], // 40 completions
    ['NEAR("move" ^"ref" *, 20)', false], // an initial-token prefix
  ])('%s is cheap: %s', (expr, cheap) => {
    reader().refresh();
    expect(nearIsCheap(reader(), expr as string)).toBe(cheap);
  });
});
