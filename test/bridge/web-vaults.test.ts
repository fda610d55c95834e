// `npm run web`'s vaults: which the engine is started with, and the start-up lines that say what is
// served. The web database keeping its vaults from run to run is tested end to end in
// test/e2e/web-vaults.spec.ts.
import { describe, expect, it } from 'vitest';
import type { VaultInfo } from '#shared/contract/api.ts';
import { SAMPLE_VAULT } from '../../src-main/bridge/paths.ts';
import { servedVaultsText, startupVaults } from '../../src-main/bridge/web-vaults.ts';

const notes = { root: '/home/a/notes' };

function info(name: string, root: string, patch: Partial<VaultInfo> = {}): VaultInfo {
  const base = { boost: 1, pinned: false, ignore: [], errors: 0, sample: false };
  return { name, root, status: 'watching', documents: 3, ...base, ...patch };
}

describe('npm run web start-up vaults', () => {
  it('are the sample vault on a new database when no folder is given', () => {
    expect(startupVaults({ vaults: [], only: false }, true)).toEqual({
      vaults: [{ root: SAMPLE_VAULT, name: 'sample', sample: true }],
    });
  });

  it('are the earlier ones (nothing added) on an existing database', () => {
    expect(startupVaults({ vaults: [], only: false }, false)).toEqual({
      vaults: [],
      exclusiveVaults: false,
    });
  });

  it('add the folders given, or with --only serve just those', () => {
    expect(startupVaults({ vaults: [notes], only: false }, true)).toEqual({
      vaults: [notes],
      exclusiveVaults: false,
    });
    expect(startupVaults({ vaults: [notes], only: true }, false)).toEqual({
      vaults: [notes],
      exclusiveVaults: true,
    });
  });
});

describe('npm run web start-up lines', () => {
  it('list each vault served with its folder, documents and status', () => {
    const text = servedVaultsText(
      [info('notes', '/home/a/notes'), info('w', '/srv/w', { documents: 1, status: 'offline' })],
      false,
    );
    expect(text).toBe(
      'Vaults (2, kept from run to run; --only DIR… serves just those):\n' +
        '  notes  /home/a/notes  (3 documents, watching)\n' +
        '  w      /srv/w  (1 document, FOLDER NOT FOUND (kept; it comes back when the folder does))\n',
    );
  });

  it('say why a vault is in error', () => {
    const problem = 'ignore glob "*a*a*a*a*b": too costly to match';
    const text = servedVaultsText([info('notes', '/n', { status: 'error', problem })], false);
    expect(text).toContain(`  notes  /n  (3 documents, error: ${problem})\n`);
  });

  it('say --only removed the others', () => {
    expect(servedVaultsText([info('notes', '/n')], true)).toMatch(
      /^Vaults \(1, only the folders given \(--only removed any other\)\):\n/,
    );
  });

  it('say how to add a folder when there is none', () => {
    expect(servedVaultsText([], false)).toContain('none yet. Add a folder: npm run web -- ~/notes');
  });
});
