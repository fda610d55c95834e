// Long nodes judged by their best passage (search/passages.ts): the sliding window as a table,
// the NEAR shortcut, and on the fixtures a long transcript holding the words far apart falls
// below a short section holding most of them together, while words said together still make it
// an all-terms match.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { compileQuery } from '../../../src-main/engine/query/compile.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';
import {
  bestPassage,
  nearExpression,
  passageOperands,
  PassageTexts,
} from '../../../src-main/engine/search/passages.ts';
import type { NodeRow } from '../../../src-main/engine/store/node-rows.ts';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import { vaultEngine } from './vault-engine.ts';

describe('bestPassage', () => {
  const cases: Array<[starts: number[][], window: number, best: number[]]> = [
    [[[0], [10], [20]], 100, [0, 1, 2]],
    [[[0], [500], [1000]], 100, [0]],
    [[[0, 900], [500], [950]], 100, [0, 2]],
    [[[0], [], [50]], 100, [0, 2]],
    [[[300], [200, 5000], [5050]], 100, [0, 1]], // the first of two equally large
    [[[], []], 100, []],
    [[[0], [100]], 100, [0, 1]], // the window's ends are both in
    [[[5000, 300], [200], [5050, 40]], 100, [0, 1]], // lists in any order
    [[[7, 7], [7]], 0, [0, 1]], // one place
  ];
  it.each(cases)('%j within %i', (starts, window, best) => {
    expect(bestPassage(starts, window)).toEqual(best);
  });
});

describe('nearExpression', () => {
  const analyzer = createAnalyzer('english');
  const near = (q: string) => nearExpression(compileQuery(parseQuery(q), analyzer).required, 100);
  it('groups plain words, phrases and prefixes; anything else is left to the text', () => {
    expect(near('relocate "bold heading" hand*')).toBe('NEAR("reloc" "bold head" "hand" *, 100)');
    expect(near('relocate (office OR desk)')).toBeNull();
    expect(near('relocate title:office')).toBeNull();
  });
});

describe('passageOperands on a huge node', () => {
  const analyzer = createAnalyzer('english');
  const operands = compileQuery(parseQuery('alpha beta gamma'), analyzer).required;
  // 'alpha' opens it; 'beta gamma' is said together only after its first MiB of filler.
  const text = `alpha ${'filler '.repeat(160_000)}beta gamma`;
  const content = new TextEncoder().encode(text);
  const row = {
    depth: 0,
    token_estimate: 160_003,
    body_ranges: JSON.stringify([[0, content.length]]),
  } as unknown as NodeRow;
  const options = { longNodeTokens: 1500, passageChars: 600, passageTokens: 100 };
  it('looks for a passage in its first MiB only', () => {
    const node = { row, content: () => content, near: () => false };
    const held = passageOperands(node, operands, [0, 1, 2], {
      analyzer,
      options,
      texts: new PassageTexts(),
    });
    expect(held).toEqual([0]);
  });
});

describe('long nodes in search', () => {
  const engine = vaultEngine(join(import.meta.dirname, '../../fixtures/ranking/passages'), 'p');
  const search = async (q: string, strict = false) =>
    (await engine().search({ queries: [q], strict })).results.map((r) => [
      r.id,
      r.partial,
      [...r.matchedTerms].sort().join(' '),
    ]);

  it('words far apart in a 13 kB transcript match one passage at a time', async () => {
    expect(await search('relocate heading rehearsal')).toEqual([
      ['p:move-header.md#details', true, 'heading relocate'],
      ['p:transcript.md#weekly-call-transcript', true, 'relocate'],
    ]);
  });

  it('in strict AND no partial matches follow, so a long node with every word stays', async () => {
    expect(await search('relocate rehearsal', true)).toEqual([
      ['p:transcript.md#weekly-call-transcript', false, 'rehearsal relocate'],
    ]);
  });

  it('a request of many topics reads the content of each file once', async () => {
    // Every topic checks the transcript's passages; each used to read and decode its text again
    // (a 32-topic request over a 30 MB note: docs/benchmarks.md#huge-notes).
    const reader = engineInternals(engine()).reader;
    const read: number[] = [];
    const contentUpTo = reader.contentUpTo;
    reader.contentUpTo = (fileId: number, end: number) => {
      read.push(fileId);
      return contentUpTo.call(reader, fileId, end);
    };
    try {
      const queries = Array.from(
        { length: 8 },
        (_, i) => `relocate heading rehearsal${i} rehearsal`,
      );
      const { results } = await engine().search({ queries });
      const transcript = results.find((r) => r.id === 'p:transcript.md#weekly-call-transcript');
      expect(transcript?.partial).toBe(true);
      expect(transcript?.topics).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(read.length).toBeGreaterThan(0);
      expect(read.length).toBe(new Set(read).size);
    } finally {
      reader.contentUpTo = contentUpTo;
    }
  });

  it('words said together still make an all-terms match', async () => {
    const [first] = await search('relocate office');
    expect(first).toEqual(['p:transcript.md#weekly-call-transcript', false, 'office relocate']);
  });
});
