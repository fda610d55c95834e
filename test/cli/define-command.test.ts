// A command's usage line is what its arguments are checked against: required options, and how
// many arguments. The table covers every shape of line the commands use.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { defineCommand, readUsage, UsageError } from '../../src-main/cli/command.ts';

const valued = new Set(['db', 'queries', 'limit', 'format', 'vault', 'root']);
const takesValue = (name: string) => valued.has(name);

describe('readUsage', () => {
  it.each([
    [
      'search --db FILE [--limit N] [--json] QUERY…',
      [
        { name: 'db', required: true, value: 'FILE' },
        { name: 'limit', required: false, value: 'N' },
        { name: 'json', required: false, value: null },
      ],
      { argument: 'QUERY', min: 1, max: Infinity },
    ],
    [
      'eval --db FILE --queries FILE.json [--strict]',
      [
        { name: 'db', required: true, value: 'FILE' },
        { name: 'queries', required: true, value: 'FILE.json' },
        { name: 'strict', required: false, value: null },
      ],
      { argument: null, min: 0, max: 0 },
    ],
    [
      'outline --db FILE DOCID [--json]',
      [
        { name: 'db', required: true, value: 'FILE' },
        { name: 'json', required: false, value: null },
      ],
      { argument: 'DOCID', min: 1, max: 1 },
    ],
    [
      'export [--format md|text|json] DIR[=NAME]…',
      [{ name: 'format', required: false, value: 'md|text|json' }],
      { argument: 'DIR[=NAME]', min: 1, max: Infinity },
    ],
    [
      'mcp --db FILE [--watch] [DIR[=NAME]…]',
      [
        { name: 'db', required: true, value: 'FILE' },
        { name: 'watch', required: false, value: null },
      ],
      { argument: 'DIR[=NAME]', min: 0, max: Infinity },
    ],
  ])('%s', (usage, options, args) => {
    expect(readUsage(usage, takesValue)).toEqual({ options, ...args });
  });
});

describe('defineCommand', () => {
  const command = defineCommand({
    usage: 'try --db FILE [--limit N] QUERY…',
    options: { db: { type: 'string' }, limit: { type: 'string' } },
    run: async ({ values, positionals }) => (values.db === 'x.db' ? positionals.length : -1),
  });
  const io = { stdout: new PassThrough(), stderr: new PassThrough(), signal: AbortSignal.abort() };

  it('runs with the parsed arguments', async () => {
    expect(await command.run(['--db', 'x.db', 'a', 'b'], io)).toBe(2);
  });

  it.each([
    [['a'], '--db FILE is required'],
    [['--db', 'x.db'], 'at least one QUERY is required'],
    [['--db', 'x.db', '--limit'], '--limit needs a value'],
  ])('%j: %s', async (args, message) => {
    await expect(command.run(args, io)).rejects.toThrow(new UsageError(message));
  });

  it('refuses a usage line that names other options than it parses', () => {
    expect(() =>
      defineCommand({
        usage: 'try --db FILE [--json]',
        options: { db: { type: 'string' } },
        run: async () => 0,
      }),
    ).toThrow(/usage "try --db FILE \[--json\]" and its options \(db\) differ/);
  });
});
