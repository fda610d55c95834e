// Which fuzzy variants a word is planned with (search/topic.ts, docs/design.md#fuzzy-matching):
// a word the index holds often keeps none while typed, and untyped none far more common than it.
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { Vocabulary } from '../../../src-main/engine/query/fuzzy.ts';
import { RANKING_DEFAULTS } from '../../../src-main/engine/search/ranking.ts';
import { ONLY_QUERY, planTopic } from '../../../src-main/engine/search/topic.ts';

/** The fuzzy expression of a one-word query's operand, planned over terms with these row counts. */
function fuzzyOf(word: string, rows: Record<string, number>, typing = false): string | null {
  const vocabulary = new Vocabulary(Object.entries(rows), 100_000);
  const topic = planTopic(word, ONLY_QUERY, {
    analyzer: createAnalyzer('english'),
    vocabulary,
    vaults: [],
    options: RANKING_DEFAULTS,
    fuzzy: true,
    typing,
    countRows: () => 0,
  });
  return topic.wanted[0]!.operand.fuzzy;
}

describe('fuzzy variants of a word', () => {
  it('leaves out a variant far more common than a word the index holds often', () => {
    // 'lvalue' (stem 'lvalu') in 160 rows: 'value' in 137 times as many is another word.
    expect(fuzzyOf('lvalue ', { lvalu: 160, valu: 21_910 })).toBeNull();
    // 'cdialog' in 231 rows keeps 'dialog', 16 times as common.
    expect(fuzzyOf('cdialog ', { cdialog: 231, dialog: 3_768 })).toContain('"dialog"');
  });

  it('keeps every variant of a word held by few rows, as a misspelling is', () => {
    expect(fuzzyOf('lvalue ', { lvalu: 20, valu: 21_910 })).toContain('"valu"');
  });

  it('keeps none of a word the index holds often while it is typed', () => {
    expect(fuzzyOf('cdialog', { cdialog: 231, dialog: 3_768 }, true)).toBeNull();
    expect(fuzzyOf('cdialog', { cdialog: 231, dialog: 3_768 })).toContain('"dialog"');
  });
});
