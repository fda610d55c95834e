// `SearchRequest.detail` (docs/mcp.md#speed): `text` leaves out what only a view of the note
// reads — match ranges and the HTML snippet — and changes nothing else of a result.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

function vault(): string {
  const root = join(tempDir(), 'detail');
  mkdirSync(root);
  writeFileSync(
    join(root, 'parsing.md'),
    '# Parsing\n\nA <parser> reads tokens & trees.\n\n## Parser errors\n\nEach parser error names its line.\n',
  );
  writeFileSync(join(root, 'other.md'), '# Other\n\nNothing about it here.\n');
  return root;
}

const engine = vaultEngine(vault, 'd');

describe('result detail', () => {
  it('leaves match ranges and the HTML snippet out of text results, and only them', async () => {
    for (const queries of [['parser'], ['parser error'], ['parser', 'tokens']]) {
      const full = await engine().search({ queries });
      const text = await engine().search({ queries, detail: 'text' });
      expect(full.results.length).toBeGreaterThan(0);
      expect(full.results.some((r) => r.matchRanges.length > 0 && r.snippet !== '')).toBe(true);
      expect(text.results).toEqual(
        full.results.map((r) => ({ ...r, matchRanges: [], snippet: '' })),
      );
    }
  });

  it('builds full results by default', async () => {
    const [result] = (await engine().search({ queries: ['parser'] })).results;
    expect(result!.snippet).toContain('<b>');
    expect(result!.snippet).toContain('&lt;');
    expect(result!.matchRanges.length).toBeGreaterThan(0);
  });
});
