import { describe, expect, it } from 'vitest';
import { API_EVENTS, API_METHODS, channelOf, type ApiMethod } from '#shared/contract/api.ts';
import { validateRequest, isApiMethod } from '#shared/contract/schema.ts';

describe('contract', () => {
  it('gives every method and event its own folio: channel', () => {
    const channels = [...API_METHODS, ...API_EVENTS].map(channelOf);
    expect(new Set(channels).size).toBe(channels.length);
    expect(channels.every((channel) => /^folio:(call|event):[a-zA-Z]+$/.test(channel))).toBe(true);
  });
});

describe('request validation', () => {
  it('knows a schema for every method', () => {
    expect(API_METHODS.every(isApiMethod)).toBe(true);
    expect(isApiMethod('constructor')).toBe(false);
  });

  it.each([
    ['search', { queries: ['rust'] }, true],
    ['search', { queries: 'rust' }, false],
    ['search', { queries: ['x'], limit: 0 }, false],
    ['search', { queries: ['x'], extra: 1 }, false],
    ['search', { queries: ['x'], detail: 'text' }, true],
    ['search', { queries: ['x'], detail: 'html' }, false],
    ['addVault', { root: '/tmp/v', name: 'Bad Name' }, false],
    ['addVault', { root: '/tmp/v', name: 'good_name-1' }, true],
    ['updateSettings', { fuzzyDistance: 2 }, false],
    ['updateSettings', { columnWeights: { title: 4 } }, true],
    ['environment', undefined, true],
    ['environment', { sneaky: true }, false],
  ] as const)('%s %j → %s', (method, argument, ok) => {
    expect(validateRequest(method, argument).ok).toBe(ok);
  });

  it('takes back the ids the engine makes, however long the heading behind the slug', () => {
    const id = `adv:long-heading.md#${'a'.repeat(15_000)}`; // the adversarial corpus's 15 KB h1
    for (const method of ['nodeContent', 'openInEditor', 'showInMainWindow'] as const) {
      expect(validateRequest(method, { id }).ok).toBe(true);
    }
    expect(validateRequest('exportResults', { ids: [id, id] }).ok).toBe(true);
    expect(validateRequest('nodeContent', { id: 'v:'.padEnd(1_048_577, 'x') })).toEqual({
      ok: false,
      message: 'nodeContent: id is longer than 1048576 characters (id)',
    });
    const many = Array.from({ length: 17 }, () => 'v:'.padEnd(1_000_000, 'x'));
    expect(validateRequest('exportResults', { ids: many })).toEqual({
      ok: false,
      message: 'exportResults: ids are longer than 16777216 characters in all (ids)',
    });
  });

  it('names the method and the field at fault', () => {
    const result = validateRequest('addVault', { root: '' });
    expect(result).toEqual({ ok: false, message: 'addVault: root must not be empty (root)' });
  });

  it('says in words what a list or a note id should be, naming the field', () => {
    expect(validateRequest('search', { queries: 'battery' })).toEqual({
      ok: false,
      message: 'search: queries must be a list of queries (queries)',
    });
    expect(validateRequest('exportResults', { ids: 'sample:Welcome.md' })).toEqual({
      ok: false,
      message: 'exportResults: ids must be a list of ids (ids)',
    });
    expect(validateRequest('outline', { docId: 7 })).toEqual({
      ok: false,
      message: 'outline: docId must be a string (docId)',
    });
    expect(validateRequest('updateSettings', { fuzzyDistance: 2 })).toEqual({
      ok: false,
      message: 'updateSettings: fuzzyDistance must be 0 (off) or 1 (fuzzyDistance)',
    });
    expect(validateRequest('links', { docId: '' })).toEqual({
      ok: false,
      message: 'links: docId must not be empty (docId)',
    });
  });

  it('names a missing field, and says what zod would only abbreviate, in words', () => {
    const cases: Array<[string, unknown, string]> = [
      ['search', {}, 'search: queries is required (queries)'],
      ['outline', {}, 'outline: docId is required (docId)'],
      ['environment', { verbose: true }, 'environment: it takes no argument'],
      ['search', [{ queries: ['a'] }], 'search: the argument must be an object'],
      ['search', 'battery', 'search: the argument must be an object'],
      ['search', { queries: ['a'], limit: 0 }, 'search: limit must be at least 1 (limit)'],
      ['search', { queries: ['a'], limit: 2.5 }, 'search: limit must be a whole number (limit)'],
      ['search', { queries: ['a'], limit: '3' }, 'search: limit must be a number (limit)'],
      [
        'search',
        { queries: ['a'], strict: 'yes' },
        'search: strict must be true or false (strict)',
      ],
      [
        'search',
        { queries: ['a'], sort: 'size' },
        'search: sort must be "relevance", "modified" or "created" (sort)',
      ],
      [
        'exportResults',
        { ids: ['a:b.md'], format: 'html' },
        'exportResults: format must be md, text or json (format)',
      ],
      [
        'updateSettings',
        { resultLimit: 100_000 },
        'updateSettings: resultLimit must be at most 500 (resultLimit)',
      ],
      ['updateSettings', { colour: 'red' }, 'updateSettings: unknown field "colour"'],
      [
        'updateSettings',
        { theme: 'blue' },
        'updateSettings: theme must be "system", "light" or "dark" (theme)',
      ],
      [
        'listFileErrors',
        { vault: 'My Notes' },
        'listFileErrors: vault must match [a-z0-9_-]+ (at most 64 characters) (vault)',
      ],
      ['copyText', { text: 5 }, 'copyText: text must be a string (text)'],
    ];
    for (const [method, argument, message] of cases) {
      expect(validateRequest(method as ApiMethod, argument)).toEqual({ ok: false, message });
    }
  });
});
