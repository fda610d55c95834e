// What every CLI command module exports, and the helpers they share
// (docs/design.md#exit-status-and-errors: exit 0 on success, 2 on bad usage, 1 on failure; errors
// are one clear line on stderr naming the culprit).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { IntRange } from './option-bounds.ts';
import { terminalLine } from './terminal-text.ts';

/** Where a command writes. Tests pass buffers; the binary passes the process streams. */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Aborted on SIGINT/SIGTERM (long-running commands stop cleanly). */
  signal: AbortSignal;
}

/**
 * A command of the `cli` binary: `src-main/cli/commands/<name>-command.ts` exports one as
 * `command`.
 */
export interface CliCommand {
  /** One line: the synopsis shown by `cli help` and on usage errors. */
  usage: string;
  /** Resolves to the exit status. Throw `UsageError` for bad arguments, `CliError` for failures. */
  run(args: string[], io: CliIo): Promise<number>;
}

/** Bad usage: exit status 2. The message names the argument at fault. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A failure the user can act on (missing file, corrupt database): exit status 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/**
 * A message as one line of stderr (docs/design.md#exit-status-and-errors): a line break inside it
 * (quoted file content, a file name holding one) is written `\n` or `\r`, and any other control
 * character escaped too (`terminal-text.ts`), so that the culprit still reads as it is and the
 * terminal acts on none of it.
 */
export function oneLine(message: string): string {
  return terminalLine(message.trimEnd());
}

/** What looks like a long option (`--name` or `--name=value`); anything else is an argument. */
const LONG_OPTION = /^--([a-z][a-z0-9-]*)(=|$)/;

/**
 * `util.parseArgs` with strict checking, its errors turned into `UsageError`s. Only `--name`
 * is an option: a query such as `-draft notes` or a pasted note starting with `---` is an
 * argument, as it would be after `--` (any search input is valid,
 * docs/design.md#any-input-is-valid). A string option takes the next argument as its value whatever
 * it looks like (`--max-tokens -5` names -5).
 */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
) {
  const named: string[] = [];
  const positional: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    const option = LONG_OPTION.exec(arg);
    if (!option) {
      positional.push(arg);
      continue;
    }
    const takesValue = options[option[1]!]?.type === 'string' && option[2] !== '=';
    // Checked here: Node's own message for it spans three lines and talks about dashes.
    if (takesValue && i + 1 === args.length) throw new UsageError(`${arg} needs a value`);
    // `--db a --db b` would silently take the last one: which did the user mean?
    if (seen.has(option[1]!)) throw new UsageError(`--${option[1]} is given more than once`);
    seen.add(option[1]!);
    named.push(takesValue ? `${arg}=${args[++i]}` : arg);
  }
  try {
    return parseArgs({
      args: [...named, '--', ...positional],
      options,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // Node's hint about `--` does not apply: arguments starting with a dash are taken as typed.
    throw new UsageError((error as Error).message.replace(/\. To specify a positional .*$/s, ''));
  }
}

/** An option of a usage line, and whether the line requires it (it stands outside brackets). */
interface UsageOption {
  name: string;
  required: boolean;
  /** What its value is called (`FILE` in `--db FILE`); null for a flag. */
  value: string | null;
}

/** What a usage line asks for: its options, and how many arguments of which name. */
export interface Usage {
  options: UsageOption[];
  /** The arguments' name (`QUERY`, `DIR[=NAME]`), or null when the command takes none. */
  argument: string | null;
  min: number;
  max: number;
}

/**
 * Reads a usage line such as `search --db FILE [--limit N] [--json] QUERY…`: an option outside
 * brackets is required, one inside is not; `NAME…` is one or more arguments, `NAME` exactly one,
 * `[NAME…]` any number. `takesValue` says which options are followed by a value.
 */
export function readUsage(usage: string, takesValue: (option: string) => boolean): Usage {
  const read: Usage = { options: [], argument: null, min: 0, max: 0 };
  const items = topLevelItems(usage).slice(1); // the command's name first
  for (let i = 0; i < items.length; i++) {
    const optional = items[i]!.startsWith('[');
    const item = optional ? items[i]!.slice(1, -1) : items[i]!;
    const option = /^--([a-z][a-z0-9-]*)/.exec(item);
    if (option) {
      const name = option[1]!;
      // A value follows the option inside its brackets (`[--limit N]`) or as the next item.
      let value = takesValue(name) ? (item.split(' ')[1] ?? null) : null;
      if (!optional && takesValue(name)) value = items[++i] ?? null;
      read.options.push({ name, required: !optional, value });
      continue;
    }
    const many = item.endsWith('…');
    read.argument = many ? item.slice(0, -1) : item;
    read.min = optional ? 0 : 1;
    read.max = many ? Infinity : 1;
  }
  return read;
}

/** The space-separated items of a usage line, a bracketed group (`[--limit N]`) as one item. */
function topLevelItems(usage: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let item = '';
  for (const char of usage) {
    if (char === ' ' && depth === 0) {
      if (item) items.push(item);
      item = '';
      continue;
    }
    if (char === '[') depth++;
    if (char === ']') depth--;
    item += char;
  }
  if (item) items.push(item);
  return items;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** A command's parsed arguments: its options' values and its arguments. */
export type ParsedArgs<T extends Options> = ReturnType<typeof parseCommandArgs<T>>;

/**
 * A command whose arguments are checked against its usage line before `run` sees them: every
 * required option is given (`--db FILE is required`) and the arguments are as many as the line
 * says. The usage line and `options` must name the same options (checked when the module loads).
 */
export function defineCommand<T extends Options>(definition: {
  usage: string;
  options: T;
  run(args: ParsedArgs<T>, io: CliIo): Promise<number>;
}): CliCommand {
  const { usage, options } = definition;
  const takesValue = (name: string) => options[name]?.type === 'string';
  const read = readUsage(usage, takesValue);
  const named = read.options.map((o) => o.name).sort();
  if (named.join(' ') !== Object.keys(options).sort().join(' ')) {
    throw new Error(`usage "${usage}" and its options (${Object.keys(options)}) differ`);
  }
  return {
    usage,
    async run(args, io) {
      const parsed = parseCommandArgs(args, options);
      const values = parsed.values as Record<string, unknown>;
      for (const { name, required, value } of read.options) {
        if (required && values[name] === undefined) {
          throw new UsageError(`--${name}${value ? ` ${value}` : ''} is required`);
        }
      }
      checkArguments(parsed.positionals, read);
      return definition.run(parsed, io);
    },
  };
}

function checkArguments(positionals: string[], { argument, min, max }: Usage): void {
  const count = positionals.length;
  if (count > max) throw new UsageError(`unexpected argument "${positionals[max]}"`);
  if (count >= min) return;
  throw new UsageError(`${max === 1 ? 'exactly' : 'at least'} one ${argument} is required`);
}

/**
 * Parses an integer option written in decimal digits, within `range`; undefined when absent.
 * The message names the option and the range (a huge value once reached SQLite as a float).
 */
export function intOption(
  value: string | undefined,
  option: string,
  range: IntRange,
): number | undefined {
  if (value === undefined) return undefined;
  const parsed = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!(parsed >= range.min && parsed <= range.max)) {
    throw new UsageError(
      `${option} must be a whole number of ${range.of} from ${range.min} to ${range.max}, got "${value}"`,
    );
  }
  return parsed;
}

/** `vault:path`: a vault name as the registry allows it, a colon, a path. */
const DOC_ID = /^[a-z0-9_-]{1,64}:./s;

/**
 * The DOCID argument of `outline` and `links`. One not of the form `vault:path` is bad usage
 * (exit 2), not a failure: no index could hold it.
 */
export function docIdArgument(value: string): string {
  if (!DOC_ID.test(value)) throw new UsageError(`DOCID "${value}" is not of the form vault:path`);
  return value;
}
