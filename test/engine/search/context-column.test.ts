// The FTS5 `context` column (store/fts-columns.ts): a section under a generic heading ("Remarks")
// matches the words of its ancestor headings and file title, so "clamp undefined behavior" finds
// clamp › Remarks as an all-terms match; those words complete a match but never score nor make one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { engineInternals } from '../../../src-main/engine/create-engine.ts';
import { contextTitles } from '../../../src-main/engine/store/fts-columns.ts';
import { vaultEngine } from './vault-engine.ts';

const root = join(import.meta.dirname, '../../fixtures/ranking/context');

describe('contextTitles', () => {
  const doc = chunkDocument({
    vault: 'c',
    path: 'library/range-functions.md',
    bytes: readFileSync(join(root, 'library/range-functions.md')),
  });
  const bySlug = new Map(doc.nodes.map((n) => [n.slug ?? '(document)', contextTitles(n)]));

  it('is empty for the document node', () => {
    expect(contextTitles(doc.nodes[0]!)).toEqual([]);
  });

  it('holds the file title and every ancestor heading, never the own title, each once', () => {
    expect(Object.fromEntries(bySlug)).toEqual({
      '(document)': [],
      'range-functions': [],
      clamp: ['Range functions'],
      remarks: ['Range functions', 'clamp'],
      example: ['Range functions', 'clamp'],
      minmax: ['Range functions'],
      'remarks-1': ['Range functions', 'minmax'],
    });
  });
});

describe('matching through the context', () => {
  const engine = vaultEngine(root, 'c');
  const search = (q: string, strict = false) =>
    engineInternals(engine()).searchRaw({ queries: [q], strict }).results;

  it('a generic section matches words found only in its ancestor heading, as an AND match', () => {
    const ids = search('clamp undefined behavior', true).map((r) => r.id);
    expect(ids).toContain('c:library/range-functions.md#remarks');
    // minmax › Remarks says the same but is not about clamp.
    expect(ids).not.toContain('c:library/range-functions.md#remarks-1');
  });

  it('partial matches count context words too', () => {
    const results = search('minmax pair undefined');
    const remarks = results.find((r) => r.id === 'c:library/range-functions.md#remarks-1');
    expect(remarks?.partial).toBe(true);
    expect(remarks?.matchedTerms.sort()).toEqual(['minmax', 'undefined']);
  });

  it('never makes a match alone: the section must hold one of the words itself', () => {
    const ids = (q: string) => search(q, true).map((r) => r.id);
    // Remarks and Example of clamp hold "clamp" only through their context: clamp is the match.
    expect(ids('clamp')).toEqual([
      'c:library/range-functions.md#clamp',
      'c:sensor-notes.md#sensor-notes',
    ]);
    // A path filter narrows without scoring, so it cannot make such a row score either.
    expect(ids('clamp path:library/')).toEqual(['c:library/range-functions.md#clamp']);
  });

  it('tells where the words are whatever the column weights', async () => {
    // With the body weighted 0, body matches score 0 like context-only ones, yet only the
    // latter are dropped.
    await engine().updateSettings({ columnWeights: { body: 0 } });
    try {
      const ids = search('clamp', true).map((r) => r.id);
      expect(ids.sort()).toEqual([
        'c:library/range-functions.md#clamp',
        'c:sensor-notes.md#sensor-notes',
      ]);
    } finally {
      await engine().updateSettings({ columnWeights: { body: 1 } });
    }
  });

  it('a section matching only through its file path or tags is part of its document', () => {
    // Every section of range-functions.md is under a path holding "range" and "functions"; only
    // the document and the heading naming them are matches.
    const ids = search('functions', true).map((r) => r.id);
    expect(ids.sort()).toEqual([
      'c:library/range-functions.md',
      'c:library/range-functions.md#range-functions',
    ]);
  });

  it('words of a camel-case name in the heading find its section', () => {
    const ids = search('task dialog supported', true).map((r) => r.id);
    expect(ids[0]).toBe('c:library/ctaskdialog-class.md#ctaskdialogissupported');
  });

  it('the document node matches by its own title, not by a context', () => {
    const doc = search('range functions', true).find(
      (r) => r.id === 'c:library/range-functions.md',
    );
    expect(doc).toBeDefined();
  });
});
