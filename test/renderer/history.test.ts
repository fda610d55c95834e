import { describe, expect, it } from 'vitest';
import {
  HISTORY_KEY,
  MAX_SEARCHES,
  MAX_SECTIONS,
  emptyHistory,
  forget,
  frecency,
  frecentSections,
  lastSearch,
  parseHistory,
  recordOpened,
  recordSearch,
} from '../../src-renderer/src/lib/history.ts';
import { HistoryState } from '../../src-renderer/src/state/history.svelte.ts';

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const section = (id: string) => ({
  id,
  title: id,
  breadcrumb: `> ${id}`,
  vault: 'v',
  path: `${id}.md`,
});

describe('recent searches', () => {
  it('keeps the newest first, once each, without empty topics', () => {
    let data = recordSearch(emptyHistory(), ['borrow'], NOW);
    data = recordSearch(data, ['  ', 'lifetimes '], NOW + 1);
    data = recordSearch(data, ['borrow', ''], NOW + 2);
    expect(data.searches.map((s) => s.topics)).toEqual([['borrow'], ['lifetimes']]);
    expect(lastSearch(data)).toEqual(['borrow']);
    expect(recordSearch(data, ['', ' '], NOW)).toBe(data);
  });

  it('keeps a multi-topic search as one entry and at most MAX_SEARCHES', () => {
    let data = emptyHistory();
    for (let i = 0; i < MAX_SEARCHES + 5; i++) data = recordSearch(data, [`q${i}`, 'x'], NOW + i);
    expect(data.searches).toHaveLength(MAX_SEARCHES);
    expect(data.searches[0]!.topics).toEqual([`q${MAX_SEARCHES + 4}`, 'x']);
  });
});

describe('frecency', () => {
  it('ranks a section opened often above one opened once, recent above old', () => {
    let data = emptyHistory();
    data = recordOpened(data, section('once'), NOW - DAY);
    for (let i = 0; i < 3; i++) data = recordOpened(data, section('often'), NOW - 20 * DAY + i);
    data = recordOpened(data, section('old'), NOW - 200 * DAY);
    expect(frecentSections(data, NOW).map((s) => s.id)).toEqual(['often', 'once', 'old']);
    const often = data.sections.find((s) => s.id === 'often')!;
    expect(often.count).toBe(3);
    expect(frecency(often, NOW)).toBe(50 * 3);
  });

  it('forgets the least frecent past MAX_SECTIONS', () => {
    let data = recordOpened(emptyHistory(), section('stale'), NOW - 365 * DAY);
    for (let i = 0; i < MAX_SECTIONS; i++) data = recordOpened(data, section(`s${i}`), NOW);
    expect(data.sections).toHaveLength(MAX_SECTIONS);
    expect(data.sections.some((s) => s.id === 'stale')).toBe(false);
  });

  it('forgets one entry on request', () => {
    let data = recordOpened(recordSearch(emptyHistory(), ['a'], NOW), section('x'), NOW);
    data = forget(forget(data, { id: 'x' }), { topics: ['a'] });
    expect(data).toEqual(emptyHistory());
  });
});

describe('parseHistory', () => {
  it('reads garbage, another version or bad entries as empty, never throws', () => {
    for (const raw of [null, '', '{', '[]', '{"version":2,"searches":[],"sections":[]}', 'null'])
      expect(parseHistory(raw)).toEqual(emptyHistory());
    const mixed = JSON.stringify({
      version: 1,
      searches: [{ topics: ['ok'], at: 1 }, { topics: [3], at: 1 }, null],
      sections: [{ id: 'x', title: 't', visits: [1], count: 1 }, { id: 5 }],
    });
    const data = parseHistory(mixed);
    expect(data.searches).toHaveLength(1);
    expect(data.sections.map((s) => s.id)).toEqual(['x']);
  });
});

describe('HistoryState', () => {
  function storage(initial: Record<string, string> = {}) {
    const data = { ...initial };
    return {
      data,
      getItem: (k: string) => data[k] ?? null,
      setItem: (k: string, v: string) => void (data[k] = v),
    };
  }

  it('persists each change and reads it back in another page', () => {
    const store = storage();
    const one = new HistoryState(store, { now: () => NOW });
    one.recordSearch(['borrow']);
    one.recordOpened(section('a'));
    const two = new HistoryState(store, { now: () => NOW });
    expect(two.last).toEqual(['borrow']);
    expect(two.sections.map((s) => s.id)).toEqual(['a']);
    expect(JSON.parse(store.data[HISTORY_KEY]!).version).toBe(1);
  });

  it("hears another window's change, and keeps both windows' entries", () => {
    const store = storage();
    let notify = () => {};
    const main = new HistoryState(store, {
      now: () => NOW,
      watch: (on) => ((notify = on), () => {}),
    });
    const quick = new HistoryState(store, { now: () => NOW + 1 });
    quick.recordSearch(['from quick']);
    notify();
    expect(main.searches.map((s) => s.topics)).toEqual([['from quick']]);
    main.recordSearch(['from main']);
    expect(new HistoryState(store).searches.map((s) => s.topics[0])).toEqual([
      'from main',
      'from quick',
    ]);
  });

  it('keeps working when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    const history = new HistoryState(broken, { now: () => NOW });
    history.recordSearch(['x']);
    expect(history.last).toEqual(['x']);
  });
});
