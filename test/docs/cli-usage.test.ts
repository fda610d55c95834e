// What `cli help` and `cli COMMAND --help` print is each command's usage line (README.md's command
// table holds the same lines: readme-commands.test.ts). An option whose value is one of a few
// words names those words in its usage line (`--sort relevance|modified|created`), so a user
// reading `--help` need not guess them: the words are read from the error the command gives for
// a value that is none of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readUsage, UsageError, type CliCommand } from '../../src-main/cli/command.ts';

const commandsDir = join(import.meta.dirname, '..', '..', 'src-main/cli/commands');
const names = readdirSync(commandsDir)
  .filter((file) => file.endsWith('-command.ts'))
  .map((file) => file.slice(0, -'-command.ts'.length));

/** Values that name a thing to give, not a choice of words. */
const NAMED_VALUES = new Set(['FILE', 'FILE.json', 'DIR', 'N', 'NAME']);

const io = () => ({
  stdout: new PassThrough(),
  stderr: new PassThrough(),
  signal: new AbortController().signal,
});

describe('usage lines', () => {
  it.each(names)('%s: an option taking one of some words lists them', async (name) => {
    const { command } = (await import(join(commandsDir, `${name}-command.ts`))) as {
      command: CliCommand;
    };
    // Every option but a flag is read with its value; a flag's value is null.
    const usage = readUsage(command.usage, () => true);
    const required = usage.options
      .filter((o) => o.required)
      .flatMap((o) => [`--${o.name}`, '/nonexistent/docs17-usage']);
    const argument = usage.min > 0 ? ['x'] : [];
    for (const option of usage.options) {
      if (option.required || option.value === null || NAMED_VALUES.has(option.value)) continue;
      const args = [...required, `--${option.name}`, 'not-a-choice', ...argument];
      const error = await command.run(args, io()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, `${name} --${option.name} not-a-choice`).toBeInstanceOf(UsageError);
      const choices = /must be one of (.*), got /.exec((error as Error).message)?.[1];
      expect(`--${option.name} ${choices?.split(', ').join('|')}`).toBe(
        `--${option.name} ${option.value}`,
      );
    }
  });
});

describe("the README's bounds of number options", () => {
  const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
  const sentence = /whole decimal numbers within the API's own bounds \(([^)]*)\)/.exec(
    readme.replace(/\s+/g, ' '),
  )?.[1];
  // `--limit` alone is search's (export's is the same); `eval --limit` names its command.
  const bounds = [...(sentence ?? '').matchAll(/`(?:([a-z]+) )?(--[a-z-]+)` ([\d,]+)–([\d,]+)/g)];

  it('names every bound', () => {
    expect(bounds.map((b) => `${b[1] ?? ''} ${b[2]}`.trim())).toEqual([
      '--limit',
      '--max-tokens',
      'eval --limit',
      'bench --rounds',
      'chunk --workers',
    ]);
  });

  it.each(bounds.map((b) => [`${b[1] ?? ''} ${b[2]}`.trim(), b] as const))(
    '%s is what the command accepts',
    async (_, [, name = '', option, min, max]) => {
      const commandName = name || (option === '--max-tokens' ? 'export' : 'search');
      const { command } = (await import(join(commandsDir, `${commandName}-command.ts`))) as {
        command: CliCommand;
      };
      const usage = readUsage(command.usage, () => true);
      const required = usage.options
        .filter((o) => o.required)
        .flatMap((o) => [`--${o.name}`, '/nonexistent/docs17-usage']);
      const args = [...required, option!, 'x', ...(usage.min > 0 ? ['x'] : [])];
      const error = await command.run(args, io()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UsageError);
      const number = (text: string) => Number(text.replaceAll(',', ''));
      expect((error as Error).message).toContain(`from ${number(min!)} to ${number(max!)},`);
    },
  );
});
