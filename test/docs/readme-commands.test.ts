// The README's command table lists every CLI command with its usage line exactly as `cli help`
// prints it, so a new command or option cannot go unmentioned; and its example runs as written.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliCommand } from '../../src-main/cli/command.ts';
import { cli } from '../support/cli-main.ts';

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

/** The words of a shell line as the README writes them: bare words and "double-quoted" ones. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

describe("the README's example", () => {
  it('runs as written: each command exits 0 and prints what it says', async () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    const block = /Example:\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const lines = block.split('\n').filter((line) => line.startsWith('npm run --silent cli -- '));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const db = join(mkdtempSync(join(tmpdir(), 'folio-readme-')), 'folio.db');
    const outputs: string[] = [];
    for (const line of lines) {
      // The one path the user may change; the sample vault is the repository's own.
      const words = shellWords(line.slice('npm run --silent cli -- '.length)).map((word) =>
        word === '/tmp/folio.db' ? db : word.replace(/^resources\//, `${repo}/resources/`),
      );
      const { status, out, err } = await cli(...words);
      expect({ line, status, err: status === 0 ? '' : err }).toEqual({ line, status: 0, err: '' });
      outputs.push(out);
    }
    rmSync(dirname(db), { recursive: true, force: true });
    const [indexed, searched, exported] = outputs;
    expect(indexed).toMatch(/^sample \(.*\): 19 documents/);
    expect(searched).toMatch(/^1\. sample:hardware\/Station design\.md#battery /);
    expect(exported).toMatch(/^## Station design › Power › Solar panel\n/);
  });
});
