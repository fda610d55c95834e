import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_VAULT, userDataDir } from '../../src-main/bridge/paths.ts';
import { parseWebArgs } from '../../src-main/bridge/web-args.ts';

const dir = mkdtempSync(join(tmpdir(), 'folio-web-args-'));
mkdirSync(join(dir, 'notes'));
writeFileSync(join(dir, 'file.md'), '# not a folder');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run web arguments', () => {
  it('serves the sample vault with the per-user database by default', () => {
    const args = parseWebArgs([], dir);
    expect(args.vaults).toEqual([{ root: SAMPLE_VAULT, sample: true }]);
    expect(args.dbPath).toBe(join(userDataDir(), 'web.db'));
    expect([args.port, args.build, args.watch]).toEqual([0, true, true]);
  });

  it('takes folders (optionally named), --db, --port, --no-build and --no-watch', () => {
    const args = parseWebArgs(
      ['--db', 'x.db', '--port', '8123', '--no-build', '--no-watch', 'notes', 'notes=work'],
      dir,
    );
    expect(args).toEqual({
      dbPath: join(dir, 'x.db'),
      port: 8123,
      build: false,
      watch: false,
      vaults: [{ root: join(dir, 'notes') }, { root: join(dir, 'notes'), name: 'work' }],
    });
  });

  it.each([
    [['missing'], 'folder not found: missing'],
    [['file.md'], 'not a folder: file.md'],
    [
      ['--port', 'http'],
      '--port must be a port number from 0 (any free port) to 65535, got "http"',
    ],
    [['--port', '70000'], 'to 65535, got "70000"'],
    [['--port', ''], 'to 65535, got ""'],
    [['--port', '0x50'], 'to 65535, got "0x50"'],
    [['--port', '8e3'], 'to 65535, got "8e3"'],
  ])('%j → %s', (argv, message) => {
    expect(() => parseWebArgs(argv, dir)).toThrow(message);
  });

  it('names an unknown option', () => {
    expect(() => parseWebArgs(['--bogus'], dir)).toThrow(/--bogus/);
  });

  it('finds the per-user folder of each platform', () => {
    expect(userDataDir({ XDG_DATA_HOME: '/x' }, 'linux')).toBe('/x/folio');
    expect(userDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toBe(
      join('C:/Users/a/AppData/Roaming', 'Folio'),
    );
    expect(userDataDir({}, 'darwin')).toMatch(/Library[/\\]Application Support[/\\]Folio$/);
  });
});
