// `cli export` (its usage line below; docs/design.md#export): searches, then exports the merged
// results in rank order to stdout.
import type { BreadcrumbMode, ExportFormat } from '#shared/contract/api.ts';
import { wordsLeftOutNote } from '#shared/query-words.ts';
import { defineCommand, intOption, UsageError } from '../command.ts';
import { LIMIT_RANGE, MAX_TOKENS_RANGE } from '../option-bounds.ts';
import { withIndex } from '../open-index.ts';
import { terminalText } from '../terminal-text.ts';

const options = {
  db: { type: 'string' },
  format: { type: 'string' },
  'max-tokens': { type: 'string' },
  'breadcrumb-mode': { type: 'string' },
  limit: { type: 'string' },
  strict: { type: 'boolean' },
} as const;

const FORMATS: ExportFormat[] = ['md', 'text', 'json'];
const MODES: BreadcrumbMode[] = ['conditional', 'always', 'none'];

function oneOf<T extends string>(
  value: string | undefined,
  allowed: T[],
  option: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T))
    throw new UsageError(`${option} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

export const command = defineCommand({
  usage:
    'export --db FILE [--format md|text|json] [--max-tokens N] [--breadcrumb-mode conditional|always|none] [--limit N] [--strict] QUERY…',
  options,
  async run({ values, positionals }, io) {
    const format = oneOf(values.format, FORMATS, '--format');
    const breadcrumbMode = oneOf(values['breadcrumb-mode'], MODES, '--breadcrumb-mode');
    const maxTokens = intOption(values['max-tokens'], '--max-tokens', MAX_TOKENS_RANGE);
    const limit = intOption(values.limit, '--limit', LIMIT_RANGE);
    return withIndex(values.db, io, async (engine) => {
      const { results, wordsLeftOut } = await engine.search({
        queries: positionals,
        limit,
        strict: values.strict ?? false,
      });
      for (const left of wordsLeftOut ?? []) {
        io.stderr.write(`${wordsLeftOutNote(left, positionals.length)}\n`);
      }
      const exported = await engine.exportResults({
        ids: results.map((r) => r.id),
        format,
        maxTokens,
        breadcrumbMode,
      });
      // Markdown and text are for a person (escaped for the terminal); JSON stays exact.
      const json = (format ?? (await engine.getSettings()).settings.exportFormat) === 'json';
      io.stdout.write(json ? exported.text : terminalText(exported.text));
      if (exported.truncated)
        io.stderr.write(`export cut to the budget of ${maxTokens ?? 'the setting'} tokens\n`);
      return 0;
    });
  },
});
