// A listed word in its title without the other operands, `({title} : …) NOT (…)`, is scored as
// the title filter's rows less those that also match the other side (search/fts-statements.ts
// scoredRows): the rows, their bm25 and flags, their order and pages must be FTS5's own for the
// expression as written, and any other expression is left as it is
// (docs/benchmarks.md#a-new-querys-first-search).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import { scoredRows } from '../../../src-main/engine/search/fts-statements.ts';
import type { Scope } from '../../../src-main/engine/search/topic.ts';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

const root = tempDir();
const NOTES: Record<string, string> = {
  'virtual.md': '# Virtual functions\n\nA virtual function is overridden.\n',
  'virtual-base.md': '# Virtual base classes\n\nA virtual base class is shared.\n',
  'virtual-only.md': '# Virtual\n\nDispatch at run time; a class may have a base.\n',
  'bases.md': '# Base classes\n\nEvery class has a base or none; virtual ones too.\n',
  'dtor.md': '# Virtual destructors\n\nDeclare the destructor virtual in a base.\n',
  'table.md': '## Virtual tables\n\nOne table a type.\n\n## Virtual calls\n\nThrough the table.\n',
};
for (const [name, text] of Object.entries(NOTES)) writeFileSync(join(root, name), text);

const WEIGHTS = [3, 2.5, 2, 2, 1, 0.5];
const EVERY: Scope = { include: null, exclude: [] };

describe('a title filter without other words, scored', () => {
  const engine = vaultEngine(root, 't');
  const reader = () => engineInternals(engine()).reader;
  /** FTS5's own rows for the expression as written, in the same shape and order. */
  const plain = (expr: string, ranked: boolean) =>
    reader()
      .db.prepare(
        `SELECT rowid, -bm25(fts, ?, ?, ?, ?, ?, ?) AS b, (-bm25(fts, 1, 0, 0, 0, 1, 0) > 0),
          (-bm25(fts, 1, 0, 0, 0, 0, 0) > 0) AS t, (-bm25(fts, 1, 0, 1, 1, 0, 1) > 0) AS c
        FROM fts WHERE fts MATCH ?` +
          (ranked ? ' ORDER BY b * (1 + 1.5 * t + 0.5 * c) DESC, rowid' : ' ORDER BY rowid'),
      )
      .raw()
      .all(...WEIGHTS, expr) as unknown[][];
  const byRowid = (rows: unknown[][]) => [...rows].sort((a, b) => Number(a[0]) - Number(b[0]));

  const EXPRESSIONS = [
    '({title} : ("virtual")) NOT (("base" OR "class"))',
    '({title} : ("virtual")) NOT ("destructor")',
    '({title} : ("virtual" OR "base")) NOT (("class") AND ("shared"))',
    '({title} : ("virtual")) NOT ("nothing")',
    '({title} : ("virtual")) NOT ("base") AND ("function")', // not one NOT: left as it is
    '({title} : ("virtual")) AND ("class")',
  ];

  it.each(EXPRESSIONS)('%s: the rows, bm25 and flags FTS5 gives', (expr) => {
    const all = scoredRows(reader(), expr, EVERY, WEIGHTS, null, { limit: -1, offset: 0 });
    expect(byRowid(all)).toEqual(plain(expr, false));
    expect(all.length).toBeGreaterThan(0);
  });

  it('ranks and pages them as FTS5 does', () => {
    const expr = EXPRESSIONS[0]!;
    const order = { heading: 1.5, context: 0.5 };
    const ranked = plain(expr, true);
    expect(ranked.length).toBeGreaterThan(2);
    const first = scoredRows(reader(), expr, EVERY, WEIGHTS, order, { limit: 2, offset: 0 });
    const rest = scoredRows(reader(), expr, EVERY, WEIGHTS, order, { limit: -1, offset: 2 });
    // Rows of equal order may come in either order: compare the orders, then the rows.
    const orderOf = (r: unknown[]) => Number(r[1]) * (1 + 1.5 * Number(r[3]) + 0.5 * Number(r[4]));
    expect([...first, ...rest].map(orderOf)).toEqual(ranked.map(orderOf));
    expect(byRowid([...first, ...rest])).toEqual(byRowid(ranked));
  });

  it('keeps to a scope and to the rows asked for', () => {
    const expr = EXPRESSIONS[1]!;
    const rows = plain(expr, false);
    const rowids = rows.map((r) => Number(r[0]));
    const among = rowids.slice(0, 1);
    const asked = scoredRows(reader(), expr, EVERY, WEIGHTS, null, { limit: -1, offset: 0 }, among);
    expect(asked).toEqual(rows.slice(0, 1));
    const outside: Scope = { include: [{ lo: 0, hi: Math.min(...rowids) }], exclude: [] };
    expect(scoredRows(reader(), expr, outside, WEIGHTS, null, { limit: -1, offset: 0 })).toEqual(
      [],
    );
    const inside: Scope = {
      include: null,
      exclude: [{ lo: 0, hi: Math.min(...rowids) }],
    };
    expect(
      byRowid(scoredRows(reader(), expr, inside, WEIGHTS, null, { limit: -1, offset: 0 })),
    ).toEqual(rows);
  });
});
