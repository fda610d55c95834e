import { describe, expect, it } from 'vitest';
import {
  labelDocId,
  labelToId,
  parseQuerySet,
  QuerySetError,
} from '../../../src-main/engine/eval/query-set.ts';
import { pickVault } from '../../../src-main/engine/eval/run-eval.ts';

describe('parseQuerySet', () => {
  it('reads queries with and without "also"', () => {
    const text = JSON.stringify({
      queries: [
        { q: 'borrow checker', expected: 'ch04.md#refs' },
        { q: 'hello', expected: 'hello.md', also: ['a.md#b'] },
      ],
    });
    expect(parseQuerySet(text, 'set.json')).toEqual({
      queries: [
        { q: 'borrow checker', expected: 'ch04.md#refs' },
        { q: 'hello', expected: 'hello.md', also: ['a.md#b'] },
      ],
    });
  });

  it.each([
    ['not JSON', '{"queries": [', /^set\.json: not valid JSON/],
    ['no queries key', '{"items": []}', /^set\.json: expected \{"queries":\[…\]\}/],
    ['an empty list', '{"queries": []}', /at least one query/],
    ['null', 'null', /^set\.json: expected/],
    ['a query that is a string', '{"queries": ["x"]}', /^set\.json: query 1: must be an object/],
    ['an empty q', '{"queries": [{"q": " ", "expected": "a.md"}]}', /query 1: "q" must be/],
    ['a missing expected', '{"queries": [{"q": "x"}]}', /query 1 \("x"\): "expected" must be/],
    ['an expected without path', '{"queries": [{"q": "x", "expected": "#s"}]}', /"expected"/],
    [
      'also not a list',
      '{"queries": [{"q": "a", "expected": "a.md"}, {"q": "b", "expected": "b.md", "also": "c.md"}]}',
      /query 2 \("b"\): "also" must be a list/,
    ],
    ['also with a number', '{"queries": [{"q": "x", "expected": "a.md", "also": [1]}]}', /"also"/],
  ])('rejects %s with a message naming the file and query', (_name, text, message) => {
    expect(() => parseQuerySet(text, 'set.json')).toThrow(QuerySetError);
    expect(() => parseQuerySet(text, 'set.json')).toThrow(message);
  });
});

describe('labels', () => {
  it.each([
    ['a.md#intro', 'v:a.md#intro', 'v:a.md'],
    ['a.md', 'v:a.md', 'v:a.md'],
    ['dir/b c.md#x-y', 'v:dir/b c.md#x-y', 'v:dir/b c.md'],
  ])('%s maps to node %s of document %s', (label, id, docId) => {
    expect(labelToId('v', label)).toBe(id);
    expect(labelDocId('v', label)).toBe(docId);
  });
});

describe('pickVault', () => {
  it.each([
    [['rust'], undefined, 'rust'],
    [['a', 'b'], 'b', 'b'],
  ])('vaults %j with --vault %s → %s', (names, requested, picked) => {
    expect(pickVault(names, requested)).toBe(picked);
  });

  it.each([
    [['a', 'b'], undefined, 'the database has 2 vaults (a, b); choose one with --vault'],
    [[], undefined, 'the database has 0 vaults ((none)); choose one with --vault'],
    [['a'], 'z', '--vault "z" is not in the database (vaults: a)'],
  ])('vaults %j with --vault %s fails', (names, requested, message) => {
    expect(() => pickVault(names, requested)).toThrow(message);
  });
});
