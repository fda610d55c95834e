// The words of a rebuild of the index, one text for the app, the CLI and the MCP server
// (docs/architecture.md#the-index-is-a-rebuildable-cache); each is checked in its own words too:
// test/renderer/format.test.ts, test/cli/progress.test.ts, test/engine/service/stemmer-rebuild.test.ts.
import { describe, expect, it } from 'vitest';
import { rebuildFor, rebuildMeanwhile, vaultsDone } from '#shared/rebuild-wording.ts';

const stemmer = { reason: 'stemmer', stemmer: 'none', vaults: 5, vaultsDone: 1 } as const;
const version = { ...stemmer, reason: 'version' } as const;

describe('the words of a rebuild', () => {
  it('name what it is for, quoted for the app or for a terminal and an assistant', () => {
    expect(rebuildFor(stemmer)).toBe('the stemming language “none”');
    expect(rebuildFor(stemmer, 'plain')).toBe('the stemming language "none"');
    expect(rebuildFor(version)).toBe('this version of Folio');
    expect(rebuildFor(version, 'plain')).toBe('this version of Folio');
  });

  it('count the vaults done in one form, and not at all for one vault', () => {
    expect(vaultsDone(stemmer)).toBe('1 of 5 vaults done');
    expect(vaultsDone({ ...stemmer, vaults: 1, vaultsDone: 0 })).toBe('');
  });

  it('say what a search finds meanwhile: old stems for a stemmer, else what came in', () => {
    expect(rebuildMeanwhile(stemmer)).toBe(
      'notes not read again yet are found by the words that stem the same either way',
    );
    expect(rebuildMeanwhile(version)).toBe('notes are searched as they come in');
  });
});
