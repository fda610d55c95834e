// Multi-topic search (docs/design.md#multi-topic-search: each topic is searched separately, results merged, each chunk once
// with the higher score): a topic ranks and scores beside others as it does alone, even where its
// raw matches must grow because merging folds them into fewer results than the page holds; the
// response names the topics that found nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

function vault(): string {
  const root = join(tempDir(), 'topics');
  mkdirSync(root);
  // Thirty sections about one word in one note: alone they merge into that note.
  const sections = Array.from({ length: 30 }, (_, i) => `## Part ${i}\n\nalpha ${i}\n`);
  writeFileSync(join(root, 'alpha.md'), `# Alpha\n\n${sections.join('\n')}`);
  for (const name of ['beta-one', 'beta-two']) {
    writeFileSync(join(root, `${name}.md`), `# ${name}\n\nbeta here\n`);
  }
  // Notes on other things, so that neither word is common.
  for (let i = 0; i < 60; i++)
    writeFileSync(join(root, `other-${i}.md`), `# Other ${i}\n\ngamma\n`);
  return root;
}

const engine = vaultEngine(vault, 't');

describe('multi-topic search', () => {
  it('gives each result the score its own topic gives it alone', async () => {
    const limit = 3; // 30 raw matches: the alpha sections overflow them, and fold into one
    const alone = await engine().search({ queries: ['alpha'], limit });
    const both = await engine().search({ queries: ['alpha', 'beta'], limit });
    expect(alone.results[0]).toMatchObject({ id: 't:alpha.md' });
    const together = both.results.find((r) => r.id === 't:alpha.md');
    expect(together?.score).toBe(alone.results[0]!.score);
    expect(together?.mergedFrom).toEqual(alone.results[0]!.mergedFrom);
  });

  it('names the queries each result matched, by their index in the request', async () => {
    // The empty query is no topic but keeps its place: 'beta' is query 2.
    const { results } = await engine().search({ queries: ['alpha', ' ', 'beta', 'alpha beta'] });
    const topicsOf = (id: string) => results.find((r) => r.id === id)?.topics;
    expect(topicsOf('t:alpha.md')).toEqual([0, 3]);
    expect(topicsOf('t:beta-one.md')).toEqual([2, 3]);
    expect(results.every((r) => r.topics.length > 0)).toBe(true);
    const single = await engine().search({ queries: ['gamma'], limit: 3 });
    expect(single.results.map((r) => r.topics)).toEqual([[0], [0], [0]]);
  });

  it('says which queries found nothing, by their index in the request', async () => {
    const queries = ['alpha', ' ', 'zyzzyva', 'gamma', 'modified:>2999-01-01', 'beta zyzzyva'];
    const answer = await engine().search({ queries, limit: 1 });
    // 'gamma' found 60 sections, none on a page of one: found, not unmatched; 'beta zyzzyva'
    // found 'beta' (partial); the empty query is no topic.
    expect(answer.unmatchedTopics).toEqual([2, 4]);
    expect(answer.results.flatMap((r) => r.topics)).not.toContain(3);
    const strict = await engine().search({ queries, limit: 1, strict: true });
    expect(strict.unmatchedTopics).toEqual([2, 4, 5]);
    const all = await engine().search({ queries: ['alpha', 'beta'] });
    expect(all.unmatchedTopics).toEqual([]);
  });
});
