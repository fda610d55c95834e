// Where the app keeps its database on each platform (the app and `cli mcp` compute it alike), and
// the configuration blocks Settings offers for each assistant.
import { describe, expect, it } from 'vitest';
import { appDatabasePath, userDataDir } from '#shared/user-data.ts';
import { appLaunch, assistantSetup, sourceLaunch } from '../../src-main/mcp/assistant-setup.ts';

describe("the app's data folder, as Electron's userData names it", () => {
  it.each([
    ['linux', {}, '/home/me/.config/Folio'],
    ['linux', { XDG_CONFIG_HOME: '/xdg/config/' }, '/xdg/config/Folio'],
    ['freebsd', {}, '/home/me/.config/Folio'],
    ['darwin', { XDG_CONFIG_HOME: '/ignored' }, '/home/me/Library/Application Support/Folio'],
    [
      'win32',
      { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' },
      'C:\\Users\\me\\AppData\\Roaming\\Folio',
    ],
    ['win32', {}, '/home/me\\AppData\\Roaming\\Folio'],
    ['linux', { FOLIO_USER_DATA_DIR: '/portable/profile' }, '/portable/profile'],
  ])('%s %j → %s', (platform, env, dir) => {
    expect(userDataDir({ platform, env, home: '/home/me' })).toBe(dir);
  });

  it('holds folio.db', () => {
    expect(appDatabasePath({ platform: 'linux', env: {}, home: '/home/me' })).toBe(
      '/home/me/.config/Folio/folio.db',
    );
    expect(
      appDatabasePath({
        platform: 'win32',
        env: { APPDATA: 'C:\\Roaming' },
        home: 'C:\\Users\\me',
      }),
    ).toBe('C:\\Roaming\\Folio\\folio.db');
  });
});

/** `npm run --silent cli -- mcp --db DB` run in `repo`. */
const npmRun = (repo: string, db: string) => [
  '--prefix',
  repo,
  'run',
  '--silent',
  'cli',
  '--',
  'mcp',
  '--db',
  db,
];

describe('Connect an AI assistant: the blocks to copy', () => {
  const launch = appLaunch(
    '/opt/Folio/folio',
    '/opt/Folio/resources/app.asar/out/main/cli.js',
    '/home/me/.config/Folio/folio.db',
  );

  it("runs the app's binary as Node on its bundled command line", () => {
    const setup = assistantSetup(launch, '/home/me/.config/Folio/folio.db', {
      platform: 'linux',
      home: '/home/me',
    });
    const desktop = setup.configs.find((c) => c.client === 'claude-desktop')!;
    expect(JSON.parse(desktop.text)).toEqual({
      mcpServers: {
        folio: {
          command: '/opt/Folio/folio',
          args: [
            '/opt/Folio/resources/app.asar/out/main/cli.js',
            'mcp',
            '--db',
            '/home/me/.config/Folio/folio.db',
          ],
          env: { ELECTRON_RUN_AS_NODE: '1' },
        },
      },
    });
    expect(desktop.where).toContain('/home/me/.config/Claude/claude_desktop_config.json');
    const cursor = setup.configs.find((c) => c.client === 'cursor')!;
    expect(cursor.text).toBe(desktop.text);
    expect(cursor.where).toContain('/home/me/.cursor/mcp.json');
    expect(setup.configs.find((c) => c.client === 'claude-code')!.text).toBe(
      'claude mcp add --transport stdio --scope user --env ELECTRON_RUN_AS_NODE=1 folio -- ' +
        '/opt/Folio/folio /opt/Folio/resources/app.asar/out/main/cli.js mcp --db /home/me/.config/Folio/folio.db',
    );
  });

  it('warns that an AppImage’s paths stop working when the app quits, and only then', () => {
    const machine = { platform: 'linux', home: '/home/me' };
    const db = '/home/me/.config/Folio/folio.db';
    expect(assistantSetup(launch, db, machine).warning).toBeUndefined();
    const mounted = appLaunch(
      '/tmp/.mount_FolioAb12/folio',
      '/tmp/.mount_FolioAb12/resources/app.asar/out/main/cli.js',
      db,
    );
    const setup = assistantSetup(mounted, db, { ...machine, appImage: '/home/me/Folio.AppImage' });
    expect(setup.warning).toMatch(/^Folio runs from an AppImage \(\/home\/me\/Folio\.AppImage\)/);
    expect(setup.warning).toContain('/home/me/Folio.AppImage --appimage-extract');
    expect(setup.warning).not.toContain('\n');
  });

  it('quotes paths with spaces for the shell, and names the platform’s config file', () => {
    const mac = appLaunch(
      '/Applications/Folio.app/Contents/MacOS/Folio',
      '/Applications/Folio.app/Contents/Resources/app.asar/out/main/cli.js',
      '/Users/me/Library/Application Support/Folio/folio.db',
    );
    const setup = assistantSetup(mac, '', { platform: 'darwin', home: '/Users/me' });
    expect(setup.configs[0]!.where).toContain(
      '/Users/me/Library/Application Support/Claude/claude_desktop_config.json',
    );
    expect(setup.configs[1]!.text).toContain(
      "--db '/Users/me/Library/Application Support/Folio/folio.db'",
    );
    const win = appLaunch('C:\\Program Files\\Folio\\Folio.exe', 'C:\\cli.js', 'C:\\db');
    const onWindows = assistantSetup(win, '', {
      platform: 'win32',
      home: 'C:\\Users\\me',
      appData: 'C:\\Users\\me\\AppData\\Roaming',
    });
    expect(onWindows.configs[0]!.where).toContain(
      'C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    );
    expect(onWindows.configs[1]!.text).toContain(
      '-- "C:\\Program Files\\Folio\\Folio.exe" C:\\cli.js',
    );
  });

  it("npm run web: the source tree's `npm run --silent cli -- mcp`, absolute paths", () => {
    expect(
      sourceLaunch('/src/folio', '/home/me/.local/share/folio/web.db', {
        platform: 'linux',
        node: '/usr/bin/node',
        npmCli: '/usr/lib/node_modules/npm/bin/npm-cli.js',
      }),
    ).toEqual({
      command: '/usr/bin/node',
      args: [
        '/usr/lib/node_modules/npm/bin/npm-cli.js',
        ...npmRun('/src/folio', '/home/me/.local/share/folio/web.db'),
      ],
      env: {},
    });
    expect(sourceLaunch('/src/folio', '/db', { platform: 'linux' }).command).toBe('npm');
    expect(sourceLaunch('C:\\folio', 'C:\\db', { platform: 'win32' })).toMatchObject({
      command: 'cmd',
      args: ['/c', 'npm', ...npmRun('C:\\folio', 'C:\\db')],
    });
    const setup = assistantSetup(sourceLaunch('/src/folio', '/db', { platform: 'linux' }), '/db', {
      platform: 'linux',
      home: '/home/me',
    });
    expect(JSON.parse(setup.configs[0]!.text).mcpServers.folio).not.toHaveProperty('env');
  });
});
