// The README's command table lists every CLI command with its usage line exactly as `cli help`
// prints it, so a new command or option cannot go unmentioned.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliCommand } from '../../src-main/cli/command.ts';

const repo = join(import.meta.dirname, '..', '..');
const commandsDir = join(repo, 'src-main/cli/commands');

describe('the README', () => {
  it('lists every command with its usage line', async () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    const files = readdirSync(commandsDir).filter((file) => file.endsWith('-command.ts'));
    expect(files.length).toBeGreaterThan(5);
    const missing: string[] = [];
    for (const file of files) {
      const { command } = (await import(join(commandsDir, file))) as { command: CliCommand };
      // In a Markdown table a `|` inside code is written `\|`.
      const row = `| \`${command.usage.replaceAll('|', '\\|')}\` |`;
      if (!readme.includes(row)) missing.push(command.usage);
    }
    expect(missing).toEqual([]);
  });
});
