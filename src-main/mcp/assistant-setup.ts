// The configuration an AI assistant needs to start Folio's MCP server on this machine
// (docs/mcp.md#connect-an-assistant), for Settings → Connect an AI assistant: Claude Desktop's
// and Cursor's JSON (`mcpServers`), Claude Code's `claude mcp add` command. Pure: the app and the
// web bridge pass how the server is started here.
import type { AssistantConfig, AssistantLaunch, AssistantSetup } from '#shared/contract/api.ts';

/** The name the server is registered under in each assistant. */
export const SERVER_NAME = 'folio';

/** The app's own binary running its bundled command line as plain Node. */
export function appLaunch(binary: string, cliEntry: string, database: string): AssistantLaunch {
  return {
    command: binary,
    args: [cliEntry, 'mcp', '--db', database],
    env: { ELECTRON_RUN_AS_NODE: '1' },
  };
}

/** How npm can be started: `node npm-cli.js` when known (an assistant started from a desktop
 * menu may not have npm on its PATH), else `npm` (`cmd /c npm` on Windows: npm is a .cmd file). */
export interface NpmRunner {
  platform: string;
  /** The Node binary running the bridge (`process.execPath`). */
  node?: string;
  /** npm's own script, when npm started the bridge (`npm_execpath`). */
  npmCli?: string;
}

/** The source tree's `npm run --silent cli -- mcp` (`npm run web`), with absolute paths. */
export function sourceLaunch(repo: string, database: string, npm: NpmRunner): AssistantLaunch {
  const run = ['--prefix', repo, 'run', '--silent', 'cli', '--', 'mcp', '--db', database];
  if (npm.node && npm.npmCli && /npm-cli\.[cm]?js$/.test(npm.npmCli)) {
    return { command: npm.node, args: [npm.npmCli, ...run], env: {} };
  }
  if (npm.platform === 'win32') return { command: 'cmd', args: ['/c', 'npm', ...run], env: {} };
  return { command: 'npm', args: run, env: {} };
}

/** The `mcpServers` block, its arrays and objects of strings on one line each (easy to read). */
function mcpServersJson(launch: AssistantLaunch): string {
  const list = (words: string[]) => `[${words.map((w) => JSON.stringify(w)).join(', ')}]`;
  const env = Object.entries(launch.env).map(
    ([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`,
  );
  const fields = [
    `"command": ${JSON.stringify(launch.command)}`,
    `"args": ${list(launch.args)}`,
    ...(env.length > 0 ? [`"env": { ${env.join(', ')} }`] : []),
  ];
  return [
    '{',
    '  "mcpServers": {',
    `    ${JSON.stringify(SERVER_NAME)}: {`,
    fields.map((field) => `      ${field}`).join(',\n'),
    '    }',
    '  }',
    '}',
  ].join('\n');
}

/** A word for a POSIX shell, or for Windows' command prompt. */
function shellWord(word: string, platform: string): string {
  if (platform === 'win32')
    return /^[\w\\:./=-]+$/.test(word) ? word : `"${word.replace(/"/g, '""')}"`;
  return /^[\w/:.=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function claudeCodeCommand(launch: AssistantLaunch, platform: string): string {
  const env = Object.entries(launch.env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  const words = [
    ...['claude', 'mcp', 'add', '--transport', 'stdio', '--scope', 'user'],
    ...env,
    SERVER_NAME,
    '--',
    launch.command,
    ...launch.args,
  ];
  return words.map((word) => shellWord(word, platform)).join(' ');
}

/** Where Claude Desktop keeps its configuration on this platform. */
function claudeDesktopFile(platform: string, home: string, appData: string | undefined): string {
  if (platform === 'darwin')
    return `${home}/Library/Application Support/Claude/claude_desktop_config.json`;
  if (platform === 'win32')
    return `${appData ?? `${home}\\AppData\\Roaming`}\\Claude\\claude_desktop_config.json`;
  return `${home}/.config/Claude/claude_desktop_config.json`;
}

/**
 * An AppImage mounts its files in a new temporary folder at every start, so a block naming the
 * running binary stops working when the app quits.
 */
function appImageWarning(appImage: string): string {
  return (
    `Folio runs from an AppImage (${appImage}): its files move to a new temporary folder at every ` +
    `start, so these paths stop working when Folio quits. Install the .deb instead, or extract ` +
    `the AppImage (${appImage} --appimage-extract) and name squashfs-root/folio and ` +
    `squashfs-root/resources/app.asar/out/main/cli.js in the block.`
  );
}

/** Every assistant's configuration for `launch`. */
export function assistantSetup(
  launch: AssistantLaunch,
  database: string,
  machine: {
    platform: string;
    home: string;
    appData?: string;
    /** The AppImage the app runs from (the AppImage runtime's `APPIMAGE`), if it does. */
    appImage?: string;
  },
): AssistantSetup {
  const json = mcpServersJson(launch);
  const sep = machine.platform === 'win32' ? '\\' : '/';
  const configs: AssistantConfig[] = [
    {
      client: 'claude-desktop',
      name: 'Claude Desktop',
      where: `Add to ${claudeDesktopFile(machine.platform, machine.home, machine.appData)} (merge into its "mcpServers"), then restart Claude Desktop.`,
      text: json,
    },
    {
      client: 'claude-code',
      name: 'Claude Code',
      where: 'Run in a terminal (--scope user: in every project).',
      text: claudeCodeCommand(launch, machine.platform),
    },
    {
      client: 'cursor',
      name: 'Cursor',
      where: `Add to ${machine.home}${sep}.cursor${sep}mcp.json (every project) or .cursor${sep}mcp.json in one project.`,
      text: json,
    },
  ];
  const warning = machine.appImage ? appImageWarning(machine.appImage) : undefined;
  return { launch, database, configs, ...(warning ? { warning } : {}) };
}
