// Every error is one line on stderr naming its culprit (docs/design.md#exit-status-and-errors),
// over every command's usage errors: options read from each command's own usage line, so a new
// command or option is covered.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CliCommand } from '../../src-main/cli/command.ts';
import { cli, FIXTURE_VAULT, tempDir } from './cli-helpers.ts';

const commandsDir = join(import.meta.dirname, '../../src-main/cli/commands');
const names = readdirSync(commandsDir)
  .filter((file) => file.endsWith('-command.ts'))
  .map((file) => file.slice(0, -'-command.ts'.length));

/** An option of a usage line: `--db FILE` takes a value, `[--json]` does not. */
interface UsageOption {
  name: string;
  takesValue: boolean;
}

async function usageOptions(name: string): Promise<UsageOption[]> {
  const { command } = (await import(join(commandsDir, `${name}-command.ts`))) as {
    command: CliCommand;
  };
  return [...command.usage.matchAll(/--([a-z][a-z-]*)( [^\s[\]-])?/g)].map((m) => ({
    name: `--${m[1]}`,
    takesValue: m[2] !== undefined,
  }));
}

/** True when the usage line holds something outside brackets: `--db FILE`, `QUERY…`. */
async function requiresArguments(name: string): Promise<boolean> {
  const { command } = (await import(join(commandsDir, `${name}-command.ts`))) as {
    command: CliCommand;
  };
  let rest = command.usage.replace(/^\S+/, '');
  while (/\[[^[\]]*\]/.test(rest)) rest = rest.replace(/\[[^[\]]*\]/g, '');
  return /[^\s…]/.test(rest);
}

function expectOneLine(err: string): void {
  expect(err).toMatch(/^folio [^\n]+\n$/);
}

describe('every usage error of every command is one line, exit 2', () => {
  it('finds the commands and their options', async () => {
    expect(names).toEqual(expect.arrayContaining(['search', 'chunk', 'export', 'eval', 'bench']));
    expect(await usageOptions('export')).toContainEqual({ name: '--format', takesValue: true });
    expect(await usageOptions('search')).toContainEqual({ name: '--json', takesValue: false });
  });

  it.each(names)('%s: an option without its value names the option', async (name) => {
    for (const option of await usageOptions(name)) {
      if (!option.takesValue) continue;
      for (const argv of [[option.name], ['--db', 'D', 'q', option.name]]) {
        const { status, err } = await cli(name, ...argv);
        expect({ argv, status }).toEqual({ argv, status: 2 });
        expectOneLine(err);
        expect(err).toContain(`${option.name} needs a value`);
      }
    }
  });

  it.each(names)('%s: an option given twice is refused, not taken last', async (name) => {
    for (const option of await usageOptions(name)) {
      const once = option.takesValue ? [option.name, 'a'] : [option.name];
      const twice = option.takesValue ? [option.name, 'b'] : [option.name];
      const { status, err } = await cli(name, ...once, ...twice, 'q');
      expect({ option: option.name, status }).toEqual({ option: option.name, status: 2 });
      expectOneLine(err);
      expect(err).toContain(`${option.name} is given more than once`);
    }
  });

  it.each(names)('%s: a value given to a flag, an unknown option, nothing', async (name) => {
    const flags = (await usageOptions(name)).filter((o) => !o.takesValue);
    // Nothing at all is bad usage only where the usage line requires something (`mcp` alone
    // serves the app's database).
    const nothing = (await requiresArguments(name)) ? [[]] : [];
    const cases = [...nothing, ['--no-such-option'], ...flags.map((f) => [`${f.name}=yes`])];
    for (const argv of cases) {
      const { status, err } = await cli(name, ...argv);
      expect({ argv, status }).toEqual({ argv, status: 2 });
      expectOneLine(err);
    }
  });
});

describe('--help and --db', () => {
  const dir = tempDir();

  it.each(names)('%s --help prints its usage, exit 0', async (name) => {
    const { command } = (await import(join(commandsDir, `${name}-command.ts`))) as {
      command: CliCommand;
    };
    for (const argv of [['--help'], ['--db', 'D', '--help', 'q']]) {
      const { status, out, err } = await cli(name, ...argv);
      expect({ argv, status, err }).toEqual({ argv, status: 0, err: '' });
      expect(out).toBe(`usage: npm run --silent cli -- ${command.usage}\n`);
    }
    // After `--` it is an argument, as any other text.
    expect((await cli(name, '--', '--help')).out).not.toContain('usage:');
  });

  it.each(names)('%s: an empty --db, or one naming a folder, is bad usage', async (name) => {
    if (!(await usageOptions(name)).some((option) => option.name === '--db')) return;
    const rest =
      {
        index: [FIXTURE_VAULT],
        watch: [FIXTURE_VAULT],
        mcp: [FIXTURE_VAULT],
        search: ['q'],
        export: ['q'],
        outline: ['v:a.md'],
        links: ['v:a.md'],
        eval: ['--queries', 'q.json'],
        bench: ['--queries', 'q.json'],
      }[name] ?? [];
    const cases: Array<[string, string]> = [
      ['', '--db needs a file name, got ""'],
      [
        `${dir}/new/`,
        `--db ${dir}/new/ ends with a separator: give the database file, not a folder`,
      ],
    ];
    for (const [db, message] of cases) {
      const { status, err } = await cli(name, '--db', db, ...rest);
      expect({ db, status }).toEqual({ db, status: 2 });
      expect(err).toMatch(new RegExp(`^folio ${name}: ${escape(message)}; usage: [^\\n]+\\n$`));
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('errors quoting a line break stay one line', () => {
  const dir = tempDir();
  const db = join(dir, 'v.db');
  beforeAll(async () => {
    expect((await cli('index', '--db', db, `${FIXTURE_VAULT}=work`)).status).toBe(0);
  });

  it('eval --queries on a file that is not JSON', async () => {
    const queries = join(dir, 'queries.txt');
    writeFileSync(queries, 'not json\nsecond line\n');
    const { status, err } = await cli('eval', '--db', db, '--queries', queries);
    expect(status).toBe(1);
    expectOneLine(err);
    expect(err).toContain(queries);
    expect(err).toContain('not json\\n');
  });

  it('a database name holding a line break', async () => {
    const { status, err } = await cli('search', '--db', join(dir, 'a\nb.db'), 'alpha');
    expect(status).toBe(1);
    expectOneLine(err);
    expect(err).toContain('a\\nb.db');
  });
});
