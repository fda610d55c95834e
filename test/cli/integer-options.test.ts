// Every integer option of every command refuses, up front and naming itself and its range, what
// is not a whole number in range (exit 2): a huge --limit once reached SQLite as a float and came
// back as "datatype mismatch", exit 1. The options are read from each command's usage line.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CliCommand } from '../../src-main/cli/command.ts';
import { cli, FIXTURE_VAULT, tempDir } from './cli-helpers.ts';

const commandsDir = join(import.meta.dirname, '../../src-main/cli/commands');

/** Arguments that get each command past its other checks to its integer options. */
const BASE: Record<string, string[]> = {
  search: ['--db', 'D', 'q'],
  export: ['--db', 'D', 'q'],
  eval: ['--db', 'D', '--queries', 'Q'],
  bench: ['--db', 'D', '--queries', 'Q'],
  chunk: ['x.md'],
  links: ['--db', 'D', 'v:x.md'],
};

async function integerOptions(): Promise<[string, string][]> {
  const found: [string, string][] = [];
  for (const file of readdirSync(commandsDir).filter((f) => f.endsWith('-command.ts'))) {
    const module = (await import(join(commandsDir, file))) as { command: CliCommand };
    for (const m of module.command.usage.matchAll(/(--[a-z][a-z-]*) N\b/g)) {
      found.push([file.slice(0, -'-command.ts'.length), m[1]!]);
    }
  }
  return found;
}

describe('integer options', () => {
  let options: [string, string][] = [];
  beforeAll(async () => {
    options = await integerOptions();
  });

  it('are all known to this test', () => {
    expect(options).toEqual(
      expect.arrayContaining([
        ['search', '--limit'],
        ['export', '--max-tokens'],
        ['bench', '--rounds'],
        ['chunk', '--workers'],
        ['links', '--limit'],
      ]),
    );
    for (const [name] of options) expect(Object.keys(BASE)).toContain(name);
  });

  it('refuse what is not a whole number in range, naming the option and the range', async () => {
    const bad = ['99999999999999999999', '1e3', '1.5', '-1', '0x10', ' 7', '', 'ten'];
    for (const [name, option] of options) {
      for (const value of [...bad, '100000000']) {
        const { status, err } = await cli(name, ...BASE[name]!, option, value);
        expect({ name, option, value, status }).toEqual({ name, option, value, status: 2 });
        expect(err).toMatch(
          new RegExp(
            `^folio ${name}: ${option} must be a whole number of [a-z ]+ from \\d+ to \\d+, got "${value.replace(/[.+]/g, '\\$&')}"; usage: [^\\n]+\\n$`,
          ),
        );
      }
    }
  });

  it('take the bounds of the API (search limit at most 500, export budget 10,000,000)', async () => {
    const at = async (...argv: string[]) => (await cli(...argv)).err.split(';')[0];
    expect(await at('search', ...BASE.search!, '--limit', '501')).toBe(
      'folio search: --limit must be a whole number of results from 1 to 500, got "501"',
    );
    expect(await at('export', ...BASE.export!, '--max-tokens', '10000001')).toBe(
      'folio export: --max-tokens must be a whole number of tokens from 1 to 10000000, got "10000001"',
    );
    expect(await at('eval', ...BASE.eval!, '--limit', '9')).toBe(
      'folio eval: --limit must be a whole number of results from 10 to 500, got "9"',
    );
  });

  describe('at their bounds', () => {
    const db = join(tempDir(), 'v.db');
    beforeAll(async () => {
      expect((await cli('index', '--db', db, `${FIXTURE_VAULT}=work`)).status).toBe(0);
    });

    it('are accepted', async () => {
      for (const argv of [
        ['search', '--db', db, '--limit', '500', 'alpha'],
        ['search', '--db', db, '--limit', '1', 'alpha'],
        ['export', '--db', db, '--limit', '500', '--max-tokens', '10000000', 'alpha'],
      ]) {
        const { status, err } = await cli(...argv);
        expect({ argv, status, err }).toEqual({ argv, status: 0, err: '' });
      }
    });
  });
});
