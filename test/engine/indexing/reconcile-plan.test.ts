// The plan of a reconcile, as a table: what the walk found and the manifest holds → what is read
// (added or re-hashed), removed, forgotten and left alone. Pure: no disk, no database.
import { describe, expect, it } from 'vitest';
import {
  minimalScopes,
  planReconcile,
  type PlanInput,
} from '../../../src-main/engine/indexing/reconcile-plan.ts';

/** `path@size:mtime` → a found file (or a manifest/error entry). */
const f = (spec: string) => {
  const [path, stamp] = spec.split('@') as [string, string];
  const [size, mtimeMs] = stamp.split(':').map(Number) as [number, number];
  return { path, size, mtimeMs };
};
const manifest = (...specs: string[]) =>
  new Map(specs.map((spec, i) => [f(spec).path, { ...f(spec), fileId: i + 1, hash: `h${i}` }]));
const errors = (...specs: string[]) => new Map(specs.map((spec) => [f(spec).path, f(spec)]));

interface Row {
  name: string;
  input: Partial<PlanInput> & { found: PlanInput['found'] };
  /** Read: `path+` new, `path~` re-hash (indexed before), `path!` read again (stale rows). */
  read: string[];
  remove?: string[];
  forget?: string[];
  unchanged?: number;
}

const rows: Row[] = [
  { name: 'an empty vault', input: { found: [] }, read: [] },
  {
    name: 'a new vault: every file added, in walk order',
    input: { found: [f('b.md@1:1'), f('a.md@2:2')] },
    read: ['b.md+', 'a.md+'],
  },
  {
    name: 'an unchanged vault: nothing read',
    input: { found: [f('a.md@1:1')], manifest: manifest('a.md@1:1') },
    read: [],
    unchanged: 1,
  },
  {
    name: 'a moved mtime or size: re-hashed',
    input: {
      found: [f('a.md@1:2'), f('b.md@3:1'), f('c.md@1:1')],
      manifest: manifest('a.md@1:1', 'b.md@1:1', 'c.md@1:1'),
    },
    read: ['a.md~', 'b.md~'],
    unchanged: 1,
  },
  {
    name: 'rebuilding: files up to the last stale id read again whatever their stamp',
    input: {
      found: [f('a.md@1:1'), f('b.md@1:2'), f('c.md@1:1'), f('d.md@1:1')],
      manifest: manifest('a.md@1:1', 'b.md@1:1', 'c.md@1:1'),
      lastStale: 2,
    },
    read: ['a.md!', 'b.md!', 'd.md+'],
    unchanged: 1,
  },
  {
    name: 'gone from disk: removed',
    input: { found: [f('a.md@1:1')], manifest: manifest('a.md@1:1', 'gone.md@1:1') },
    read: [],
    remove: ['gone.md'],
    unchanged: 1,
  },
  {
    name: 'under a folder the walk could not read: kept',
    input: {
      found: [],
      unreadable: [{ path: 'locked', message: 'permission denied' }],
      manifest: manifest('locked/a.md@1:1', 'locked.md@1:1', 'lockedness/b.md@1:1'),
    },
    read: [],
    remove: ['locked.md', 'lockedness/b.md'],
  },
  {
    name: 'refused for what it is (a pipe, a link into /proc): removed, error recorded and kept',
    input: {
      found: [],
      refused: [{ path: 'environ.md', message: 'leads into the system folder /proc' }],
      manifest: manifest('environ.md@1:1'),
      errors: errors('environ.md@-1:-1'),
    },
    read: [],
    remove: ['environ.md'],
  },
  {
    name: 'a file that failed with the same stamp: not retried by a whole reconcile',
    input: { found: [f('bad.md@1:1')], errors: errors('bad.md@1:1') },
    read: [],
  },
  {
    name: 'a file that failed with the same stamp: retried by a watched change',
    input: { found: [f('bad.md@1:1')], errors: errors('bad.md@1:1'), scoped: true },
    read: ['bad.md+'],
  },
  {
    name: 'a file an older version failed for a full database: retried with the same stamp',
    input: {
      found: [f('full.md@1:1')],
      errors: new Map([['full.md', { ...f('full.md@1:1'), databaseFault: true }]]),
    },
    read: ['full.md+'],
  },
  {
    name: 'a file refused permission: retried with the same stamp (a chmod moves none)',
    input: {
      found: [f('locked.md@1:1')],
      errors: new Map([['locked.md', { ...f('locked.md@1:1'), denied: true }]]),
    },
    read: ['locked.md+'],
  },
  {
    name: 'a file that failed and changed since: retried',
    input: { found: [f('bad.md@2:2')], errors: errors('bad.md@1:1') },
    read: ['bad.md+'],
  },
  {
    name: 'an indexed file that failed since (old version kept): re-hashed once its stamp moves',
    input: {
      found: [f('a.md@2:2')],
      manifest: manifest('a.md@1:1'),
      errors: errors('a.md@2:2'),
    },
    read: ['a.md~'],
  },
  {
    name: 'the error record of a file gone from disk: forgotten',
    input: { found: [], errors: errors('bad.md@1:1') },
    read: [],
    forget: ['bad.md'],
  },
];

describe('planReconcile', () => {
  it.each(rows)('$name', (row) => {
    const plan = planReconcile({
      unreadable: [],
      manifest: new Map(),
      errors: new Map(),
      scoped: false,
      ...row.input,
    });
    const mark = (known: unknown, stale?: boolean) => (stale ? '!' : known ? '~' : '+');
    expect(plan.read.map(({ file, known, stale }) => file.path + mark(known, stale))).toEqual(
      row.read,
    );
    expect(plan.remove).toEqual(row.remove ?? []);
    expect(plan.forget).toEqual(row.forget ?? []);
    expect(plan.unchanged).toBe(row.unchanged ?? 0);
    const failed = [...(row.input.unreadable ?? []), ...(row.input.refused ?? [])];
    expect(plan.failed).toEqual(failed);
  });
});

describe('minimalScopes', () => {
  const cases: Array<[string[], string[] | null]> = [
    [[], []],
    [['a.md'], ['a.md']],
    [
      ['b.md', 'a.md', 'a.md'],
      ['a.md', 'b.md'],
    ],
    [['notes', 'notes/x.md', 'notes/deep/y.md'], ['notes']],
    [['notes/x.md', 'notes'], ['notes']],
    // `a b` and `a-b` sort between `a` and `a/…`, and are not inside `a`.
    [
      ['a', 'a b/x.md', 'a-b', 'a/c.md'],
      ['a', 'a b/x.md', 'a-b'],
    ],
    [['a.md', ''], null],
  ];
  it.each(cases)('%j → %j', (paths, scopes) => {
    expect(minimalScopes(paths)).toEqual(scopes);
  });
});
