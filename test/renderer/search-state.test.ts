import { validateRequest } from '#shared/contract/schema.ts';
import { describe, expect, it } from 'vitest';
import type { SearchRequest, SearchResponse } from '#shared/contract/api.ts';
import { SearchState, SHOW_LOADING_AFTER_MS } from '../../src-renderer/src/state/search.svelte.ts';
import { createFakeApi, deferred, failed, ok, result } from './fake-api.ts';

const response = (...ids: string[]): SearchResponse => ({
  results: ids.map((id) => result(id)),
  terms: [],
  unmatchedTopics: [],
  notDates: [],
  tookMs: 1,
});

/** Answers the fake's searches only when a test resolves them, by each search's first query. */
function heldAnswers(fake: ReturnType<typeof createFakeApi>) {
  const pending = new Map<
    string,
    ReturnType<typeof deferred<ReturnType<typeof ok<SearchResponse>>>>
  >();
  fake.answer('search', (request: SearchRequest) => {
    const answer = deferred<ReturnType<typeof ok<SearchResponse>>>();
    pending.set(request.queries[0]!, answer);
    return answer.promise;
  });
  return pending;
}

describe('SearchState', () => {
  it('sends every input at once, marked with the window and its sequence; older answers are dropped', async () => {
    const fake = createFakeApi();
    const pending = heldAnswers(fake);
    const seen: string[][] = [];
    const search = new SearchState(fake.api, {
      onResults: (results) => seen.push(results.map((r) => r.id)),
    });
    search.setTopic(0, 's');
    search.setTopic(0, 'sl');
    search.setTopic(0, 'slo');
    const requests = fake.calls.map(([, request]) => request as SearchRequest);
    expect(requests.map((r) => r.queries)).toEqual([['s'], ['sl'], ['slo']]);
    expect(requests.every((r) => r.typing === true)).toBe(true);
    const tickets = requests.map((r) => r.supersede!);
    expect(new Set(tickets.map((t) => t.client)).size).toBe(1);
    expect(tickets.map((t) => t.seq)).toEqual([1, 2, 3]);
    expect(requests.every((r) => validateRequest('search', r).ok)).toBe(true);
    // Another window has its own id.
    new SearchState(fake.api).setTopic(0, 'x');
    expect((fake.calls[3]![1] as SearchRequest).supersede!.client).not.toBe(tickets[0]!.client);
    // The engine answers the older ones superseded (or late): dropped, results never go back.
    pending.get('sl')!.resolve(failed('superseded', 'superseded') as never);
    pending.get('slo')!.resolve(ok(response('v:slow.md')));
    await expect.poll(() => search.status).toBe('ready');
    pending.get('s')!.resolve(ok(response('v:s.md')));
    await new Promise((done) => setTimeout(done, 10));
    expect(search.results.map((r) => r.id)).toEqual(['v:slow.md']);
    expect(search.resultsFor).toBe('slo');
    expect(seen).toEqual([['v:slow.md']]);
  });

  it("holds the shown answer's date filters that are no date, until an answer without them", async () => {
    const fake = createFakeApi();
    const pending = heldAnswers(fake);
    const search = new SearchState(fake.api);
    search.setTopic(0, 'modified:<3');
    pending.get('modified:<3')!.resolve(ok({ ...response('v:a.md'), notDates: ['modified:<3'] }));
    await expect.poll(() => search.notDates).toEqual(['modified:<3']);
    // The next key's search is on its way: the line stays with the answer shown.
    search.setTopic(0, 'modified:<30d');
    expect(search.notDates).toEqual(['modified:<3']);
    pending.get('modified:<30d')!.resolve(ok(response('v:a.md')));
    await expect.poll(() => search.notDates).toEqual([]);
    // A failed search shows no results, and no line either.
    search.setTopic(0, 'created:yesterday');
    pending
      .get('created:yesterday')!
      .resolve(ok({ ...response(), notDates: ['created:yesterday'] }));
    await expect.poll(() => search.notDates).toEqual(['created:yesterday']);
    search.setTopic(0, 'created:yesterday x');
    pending.get('created:yesterday x')!.resolve(failed('internal', 'broken') as never);
    await expect.poll(() => search.status).toBe('error');
    expect(search.notDates).toEqual([]);
  });

  it('keeps the shown object of a result the next answer repeats, so its row is not redrawn', async () => {
    const fake = createFakeApi();
    const search = new SearchState(fake.api);
    fake.answer('search', () => ok(response('v:a.md', 'v:b.md')));
    search.setTopic(0, 'ba');
    await expect.poll(() => search.results.length).toBe(2);
    const [a, b] = search.results;
    fake.answer('search', () =>
      ok({
        ...response('v:b.md', 'v:c.md', 'v:a.md'),
        results: [result('v:b.md'), result('v:c.md'), result('v:a.md', 'v:a.md', { score: 9 })],
      }),
    );
    search.setTopic(0, 'bat');
    await expect.poll(() => search.results.length).toBe(3);
    expect(search.results[0]).toBe(b); // equal: the shown object
    expect(search.results[2]).not.toBe(a); // its score changed
    expect(search.results[2]!.score).toBe(9);
  });

  it('says "loading" only once a search has been on its way SHOW_LOADING_AFTER_MS', async () => {
    const fake = createFakeApi();
    const answers: ReturnType<typeof deferred<ReturnType<typeof ok<SearchResponse>>>>[] = [];
    fake.answer('search', () => {
      answers.push(deferred());
      return answers.at(-1)!.promise;
    });
    const search = new SearchState(fake.api);
    search.setTopic(0, 'ba');
    expect(search.status).toBe('loading');
    expect(search.shownStatus).toBe('idle');
    answers[0]!.resolve(ok(response('v:a.md')));
    await expect.poll(() => search.shownStatus).toBe('ready');
    // A fast answer: the window goes on saying what the shown results stood at.
    search.setTopic(0, 'bat');
    expect(search.shownStatus).toBe('ready');
    answers[1]!.resolve(ok(response('v:b.md')));
    await expect.poll(() => search.results[0]?.id).toBe('v:b.md');
    expect(search.shownStatus).toBe('ready');
    // A slow one: "loading" once it has been on its way that long.
    const sent = performance.now();
    search.setTopic(0, 'batt');
    await expect.poll(() => search.shownStatus, { interval: 5 }).toBe('loading');
    expect(performance.now() - sent).toBeGreaterThanOrEqual(SHOW_LOADING_AFTER_MS - 1);
    answers[2]!.resolve(ok(response('v:c.md')));
    await expect.poll(() => search.shownStatus).toBe('ready');
  });

  it('a key that changes no query sends nothing', async () => {
    const fake = createFakeApi();
    fake.answer('search', () => ok(response('v:a.md')));
    const search = new SearchState(fake.api);
    for (const text of ['vec', 'vec ', 'vec', ' vec  ']) search.setTopic(0, text);
    await expect.poll(() => search.status).toBe('ready');
    expect(fake.calls.map(([, r]) => (r as SearchRequest).queries)).toEqual([['vec']]);
    // Asked for again (the index changed) it is sent again.
    await search.rerun();
    expect(fake.calls).toHaveLength(2);
  });

  it('sends every non-empty topic, trimmed, as one multi-topic search', async () => {
    const fake = createFakeApi();
    fake.answer('search', () => ok(response()));
    const search = new SearchState(fake.api);
    search.topics = ['  wind speed ', '', 'anemometer'];
    await search.run();
    expect(fake.calls.map(([, request]) => (request as SearchRequest).queries)).toEqual([
      ['wind speed', 'anemometer'],
    ]);
  });

  it('sends a paste longer than a query may be by its first 20,000 characters', async () => {
    const fake = createFakeApi();
    fake.answer('search', () => ok(response()));
    const search = new SearchState(fake.api);
    search.topics = ['wind '.repeat(6000)];
    await search.run();
    const request = fake.calls[0]![1] as { queries: string[] };
    expect(request.queries[0]!.length).toBeLessThanOrEqual(20_000);
    expect(request.queries[0]!.startsWith('wind wind')).toBe(true);
    expect(validateRequest('search', request).ok).toBe(true);
  });

  it('debounces typing into one search', async () => {
    const fake = createFakeApi();
    fake.answer('search', () => ok(response('v:a.md')));
    const search = new SearchState(fake.api, { debounceMs: 5 });
    for (const text of ['b', 'ba', 'bat']) search.setTopic(0, text);
    await new Promise((done) => setTimeout(done, 40));
    expect(fake.calls.map(([, request]) => (request as SearchRequest).queries)).toEqual([['bat']]);
    expect(search.results).toHaveLength(1);
  });

  it('clears the results without asking when every topic is empty', async () => {
    const fake = createFakeApi();
    fake.answer('search', () => ok(response('v:a.md')));
    const search = new SearchState(fake.api);
    search.topics = ['x'];
    await search.run();
    search.topics = ['  '];
    await search.run();
    expect(search.results).toEqual([]);
    expect(search.status).toBe('idle');
    expect(fake.calls).toHaveLength(1);
  });

  it('keeps the error message for the error state', async () => {
    const fake = createFakeApi();
    fake.answer('search', () => failed('internal', 'database is locked'));
    const search = new SearchState(fake.api);
    search.topics = ['x'];
    await search.run();
    expect(search.status).toBe('error');
    expect(search.error).toBe('database is locked');
  });

  it('a failed search leaves no earlier results behind', async () => {
    const fake = createFakeApi();
    fake.answer('search', () => ok(response('v:a.md', 'v:b.md')));
    const seen: number[] = [];
    const search = new SearchState(fake.api, { onResults: (results) => seen.push(results.length) });
    search.topics = ['x'];
    await search.run();
    fake.answer('search', () => failed('unavailable', 'the bridge is not reachable'));
    search.topics = ['xy'];
    await search.run();
    expect([search.status, search.error, search.results]).toEqual([
      'error',
      'the bridge is not reachable',
      [],
    ]);
    // The selection hears of it too (its preview and outline go).
    expect(seen).toEqual([2, 0]);
  });

  it('adds and removes topics, never going below one', () => {
    const search = new SearchState(createFakeApi().api, { debounceMs: 10_000 });
    expect(search.addTopic()).toBe(1);
    search.setTopic(1, 'second');
    search.removeTopic(0);
    expect(search.topics).toEqual(['second']);
    search.removeTopic(0);
    expect(search.topics).toEqual(['']);
  });

  it('reruns only when there is something to search', async () => {
    const fake = createFakeApi();
    fake.answer('search', () => ok(response()));
    const search = new SearchState(fake.api);
    await search.rerun();
    expect(fake.calls).toHaveLength(0);
    search.topics = ['q'];
    await search.rerun();
    expect(fake.calls).toHaveLength(1);
  });
});
