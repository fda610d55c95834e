// What the README and docs/mcp.md say about the MCP server, against the code: the configuration
// blocks the README shows are the ones Settings → Connect an AI assistant makes and `cli mcp`
// accepts, and docs/mcp.md's table names every tool with every argument and result field.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readUsage } from '../../src-main/cli/command.ts';
import { command as mcp } from '../../src-main/cli/commands/mcp-command.ts';
import { appLaunch, assistantSetup } from '../../src-main/mcp/assistant-setup.ts';
import { toolList } from '../../src-main/mcp/tool-definitions.ts';

const repo = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(repo, 'README.md'), 'utf8');
const mcpPage = readFileSync(join(repo, 'docs', 'mcp.md'), 'utf8');

interface Server {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** The `folio` server of every ```json block of the README (indented ones too). */
function readmeServers(): Server[] {
  const blocks = [...readme.matchAll(/^( *)```json\n([\s\S]*?)^\1```$/gm)];
  return blocks.map((block) => {
    const json = JSON.parse(block[2]!) as { mcpServers: { folio: Server } };
    return json.mcpServers.folio;
  });
}

/** Why `cli mcp ARGS` would be refused as bad usage, or null: read from its usage line. */
function mcpUsageProblem(args: string[]): string | null {
  const valued = new Set([...mcp.usage.matchAll(/--([a-z-]+) [A-Z]/g)].map((m) => m[1]!));
  const usage = readUsage(mcp.usage, (name) => valued.has(name));
  let positionals = 0;
  for (let i = 0; i < args.length; i++) {
    const option = /^--([a-z-]+)$/.exec(args[i]!)?.[1];
    if (option === undefined) positionals++;
    else if (!usage.options.some((o) => o.name === option)) return `unknown option ${args[i]}`;
    else if (valued.has(option) && ++i === args.length) return `${args[i - 1]} needs a value`;
  }
  return positionals > usage.max ? `${positionals} arguments` : null;
}

describe("the README's MCP configuration", () => {
  const home = '/home/you';
  const database = `${home}/.config/Folio/folio.db`;
  const setup = assistantSetup(
    appLaunch('/opt/Folio/folio', '/opt/Folio/resources/app.asar/out/main/cli.js', database),
    database,
    { platform: 'linux', home },
  );
  const config = (client: string) => setup.configs.find((c) => c.client === client)!.text;

  it("is what Settings shows for the installed app on Linux (Claude Desktop's, Cursor's)", () => {
    expect(config('cursor')).toBe(config('claude-desktop'));
    expect(readme).toContain(`\`\`\`json\n${config('claude-desktop')}\n\`\`\``);
  });

  it("gives Claude Code's command as Settings does", () => {
    expect(readme).toContain(`\`${config('claude-code')}\``);
  });

  it('starts `cli mcp` with arguments its usage line accepts', () => {
    const servers = readmeServers();
    expect(servers.length).toBeGreaterThanOrEqual(2);
    for (const server of servers) {
      const at = server.args.indexOf('mcp');
      expect(at, JSON.stringify(server.args)).toBeGreaterThan(0);
      const before = server.args.slice(0, at);
      const startsCli =
        before.join(' ').endsWith('run --silent cli --') || before.at(-1)!.endsWith('/cli.js');
      expect(startsCli, before.join(' ')).toBe(true);
      expect(mcpUsageProblem(server.args.slice(at + 1))).toBeNull();
    }
  });
});

describe('the MCP tools as documented', () => {
  const tools = toolList();

  it('the README names every tool', () => {
    const line = /^Tools: [\s\S]*?\n\n/m.exec(readme)?.[0] ?? '';
    for (const tool of tools) expect(line, tool.name).toContain(`\`${tool.name}\``);
  });

  it("docs/mcp.md's table has a row per tool naming its arguments and result fields", () => {
    const missing: string[] = [];
    for (const tool of tools) {
      const row = mcpPage.split('\n').find((line) => line.startsWith(`| \`${tool.name}\` |`));
      if (!row) {
        missing.push(`${tool.name}: no row`);
        continue;
      }
      const [, , args = '', returns = ''] = row.split(/(?<!\\)\|/).map((cell) => cell.trim());
      for (const name of Object.keys(tool.inputSchema.properties ?? {})) {
        if (!new RegExp(`\`${name}(\\[\\])?\``).test(args))
          missing.push(`${tool.name}: argument ${name}`);
      }
      for (const name of Object.keys(tool.outputSchema.properties ?? {})) {
        if (!new RegExp(`\`${name}(\\[\\])?\``).test(returns)) {
          missing.push(`${tool.name}: result field ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
