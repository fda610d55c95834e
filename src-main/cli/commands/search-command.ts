// `cli search` (its usage line below; docs/design.md#command-line): several QUERY arguments are a
// multi-topic search; `--json` prints `{"results":[…]}` with the fields of
// docs/design.md#the-result-record; `--raw` prints the raw matches, unmerged; `--sort modified` or
// `created` puts the newest first (docs/design.md#date-filters).
// A query searches its first 32 words: what a longer one left out is a line on stderr.
import type { SearchResult, SearchSort } from '#shared/contract/api.ts';
import { wordsLeftOutNote } from '#shared/query-words.ts';
import { engineInternals } from '../../engine/create-engine.ts';
import { defineCommand, intOption, UsageError } from '../command.ts';
import { LIMIT_RANGE } from '../option-bounds.ts';
import { notADate } from '../../engine/dates/date-filter.ts';
import { withIndex } from '../open-index.ts';
import { terminalLine, terminalText } from '../terminal-text.ts';

const options = {
  db: { type: 'string' },
  limit: { type: 'string' },
  sort: { type: 'string' },
  json: { type: 'boolean' },
  raw: { type: 'boolean' },
  strict: { type: 'boolean' },
} as const;

const SORTS: readonly SearchSort[] = ['relevance', 'modified', 'created'];

function sortOption(value: string | undefined): SearchSort {
  if (value === undefined) return 'relevance';
  if (SORTS.includes(value as SearchSort)) return value as SearchSort;
  throw new UsageError(`--sort must be one of ${SORTS.join(', ')}, got "${value}"`);
}

/** A result's date as the text output shows it: its day, local time. */
function dayOf(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function plainSnippet(result: SearchResult): string {
  return result.snippetSegments.map((s) => (s.match ? `[${s.text}]` : s.text)).join('');
}

function formatResult(result: SearchResult, rank: number): string {
  const lines =
    result.startLine === result.endLine
      ? `${result.startLine}`
      : `${result.startLine}-${result.endLine}`;
  const flags = [
    result.mergedFrom.length ? `merged ${result.mergedFrom.length}` : '',
    result.partial ? `partial: ${result.matchedTerms.join(', ')}` : '',
  ].filter(Boolean);
  // The created day beside the file's, as MCP shows them: in a vault that was synced or checked
  // out every file's modification day is alike (docs/design.md#dates).
  const created = result.created === null ? '' : `, created ${dayOf(result.created)}`;
  // Ids, breadcrumbs and matched terms come from file names and notes: escaped for the terminal.
  return [
    terminalLine(
      `${rank}. ${result.id}  (lines ${lines}, score ${result.score.toFixed(2)}, modified ${dayOf(result.modified)}${created}${flags.length ? `, ${flags.join('; ')}` : ''})`,
    ),
    `   ${terminalLine(result.breadcrumb)}`,
    `   ${terminalText(plainSnippet(result))}`,
  ].join('\n');
}

export const command = defineCommand({
  usage:
    'search --db FILE [--limit N] [--sort relevance|modified|created] [--json] [--raw] [--strict] QUERY…',
  options,
  async run({ values, positionals }, io) {
    const limit = intOption(values.limit, '--limit', LIMIT_RANGE);
    const sort = sortOption(values.sort);
    return withIndex(values.db, io, async (engine) => {
      const request = { queries: positionals, limit, strict: values.strict ?? false, sort };
      const response = values.raw
        ? engineInternals(engine).searchRaw(request)
        : await engine.search(request);
      if (values.json) {
        io.stdout.write(`${JSON.stringify({ results: response.results })}\n`);
      } else if (response.results.length === 0) {
        io.stdout.write('no results\n');
      } else {
        io.stdout.write(`${response.results.map((r, i) => formatResult(r, i + 1)).join('\n\n')}\n`);
      }
      for (const filter of response.notDates) io.stderr.write(`${notADate(filter)}\n`);
      for (const left of response.wordsLeftOut ?? []) {
        io.stderr.write(`${wordsLeftOutNote(left, positionals.length)}\n`);
      }
      return 0;
    });
  },
});
