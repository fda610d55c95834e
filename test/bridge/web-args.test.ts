import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { userDataDir } from '../../src-main/bridge/paths.ts';
import { parseWebArgs } from '../../src-main/bridge/web-args.ts';
import { expandHome } from '../../src-main/engine/vaults/home-path.ts';

const dir = mkdtempSync(join(tmpdir(), 'folio-web-args-'));
mkdirSync(join(dir, 'notes/sub'), { recursive: true });
mkdirSync(join(dir, 'other'));
writeFileSync(join(dir, 'file.md'), '# not a folder');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run web arguments', () => {
  it('names no folder and uses the per-user database by default', () => {
    const args = parseWebArgs([], dir);
    expect(args.vaults).toEqual([]);
    expect(args.dbPath).toBe(join(userDataDir(), 'web.db'));
    expect([args.port, args.build, args.watch, args.only]).toEqual([0, true, true, false]);
  });

  it('expands a leading ~ in folders and --db', () => {
    const home = homedir();
    const args = parseWebArgs(['--db', '~/web-test.db', '~'], dir);
    expect(args.dbPath).toBe(join(home, 'web-test.db'));
    expect(args.vaults).toEqual([{ root: home }]);
  });

  it('takes folders (optionally named), --db, --port, --no-build and --no-watch', () => {
    const args = parseWebArgs(
      [
        '--db',
        'x.db',
        '--port',
        '8123',
        '--no-build',
        '--no-watch',
        '--only',
        'notes',
        'other=work',
      ],
      dir,
    );
    expect(args).toEqual({
      dbPath: join(dir, 'x.db'),
      port: 8123,
      build: false,
      watch: false,
      only: true,
      vaults: [{ root: join(dir, 'notes') }, { root: join(dir, 'other'), name: 'work' }],
    });
  });

  it.each([
    [['missing'], 'missing: no such folder'],
    [['file.md'], 'file.md: not a folder'],
    [['notes=Bad Name'], 'vault name "Bad Name" (in notes=Bad Name) must match [a-z0-9_-]+'],
    // Refused before the engine adds a vault, or removes one for --only (a name was dropped).
    [['notes', 'notes=work'], 'notes=work names the same folder as notes'],
    [['--only', 'notes=a', 'other=a'], 'vault name "a" is given twice (notes=a, other=a)'],
    [
      ['--only', 'notes', 'notes/sub'],
      'notes/sub is inside notes: its notes would be indexed twice; give one of them',
    ],
    [
      ['--port', 'http'],
      '--port must be a port number from 0 (any free port) to 65535, got "http"',
    ],
    [['--port', '70000'], 'to 65535, got "70000"'],
    [['--port', ''], 'to 65535, got ""'],
    [['--port', '0x50'], 'to 65535, got "0x50"'],
    [['--port', '8e3'], 'to 65535, got "8e3"'],
    [['--only'], '--only needs the folders to serve (DIR…)'],
    [['--db', ''], '--db needs a file name, got ""'],
    [['--db', 'state/'], '--db state/ ends with a separator: give the database file, not a folder'],
    [['~nobody-here/notes'], '~nobody-here/notes: no such folder'],
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

  it('reads ~ as the home folder only alone or before a separator', () => {
    expect(expandHome('~', '/home/a', 'linux')).toBe('/home/a');
    expect(expandHome('~/notes', '/home/a', 'linux')).toBe(join('/home/a', 'notes'));
    expect(expandHome('~bob/notes', '/home/a', 'linux')).toBe('~bob/notes');
    expect(expandHome('/srv/~/x', '/home/a', 'linux')).toBe('/srv/~/x');
    expect(expandHome('~\\notes', '/home/a', 'linux')).toBe('~\\notes');
    expect(expandHome('~\\notes', 'C:\\Users\\a', 'win32')).toBe(join('C:\\Users\\a', 'notes'));
  });
});
