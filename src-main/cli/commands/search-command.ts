// `cli search --db FILE [--limit N] [--json] [--raw] [--strict] QUERY…`
// (docs/design.md#command-line): several QUERY arguments are a multi-topic search; `--json` prints
// `{"results":[…]}` with the fields of docs/design.md#the-result-record; `--raw` prints the raw
// matches, unmerged.
import type { SearchResult } from '#shared/contract/api.ts';
import { engineInternals } from '../../engine/create-engine.ts';
import { defineCommand, intOption } from '../command.ts';
import { LIMIT_RANGE } from '../option-bounds.ts';
import { withIndex } from '../open-index.ts';
import { terminalLine, terminalText } from '../terminal-text.ts';

const options = {
  db: { type: 'string' },
  limit: { type: 'string' },
  json: { type: 'boolean' },
  raw: { type: 'boolean' },
  strict: { type: 'boolean' },
} as const;

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
  // Ids, breadcrumbs and matched terms come from file names and notes: escaped for the terminal.
  return [
    terminalLine(
      `${rank}. ${result.id}  (lines ${lines}, score ${result.score.toFixed(2)}${flags.length ? `, ${flags.join('; ')}` : ''})`,
    ),
    `   ${terminalLine(result.breadcrumb)}`,
    `   ${terminalText(plainSnippet(result))}`,
  ].join('\n');
}

export const command = defineCommand({
  usage: 'search --db FILE [--limit N] [--json] [--raw] [--strict] QUERY…',
  options,
  async run({ values, positionals }, io) {
    const limit = intOption(values.limit, '--limit', LIMIT_RANGE);
    return withIndex(values.db, async (engine) => {
      const request = { queries: positionals, limit, strict: values.strict ?? false };
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
      return 0;
    });
  },
});
