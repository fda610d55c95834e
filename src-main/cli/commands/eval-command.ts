// `cli eval`: runs a labelled query set through the real search of an indexed database and prints
// MRR@10, recall@10 and the misses (the measure that justifies every ranking change, issue 7).
import { EVAL_CUTOFF } from '../../engine/eval/metrics.ts';
import { formatReport } from '../../engine/eval/format-report.ts';
import { parseQuerySet, QuerySetError, type QuerySet } from '../../engine/eval/query-set.ts';
import { runBound } from '../../engine/eval/run-bound.ts';
import { pickVault, runEval } from '../../engine/eval/run-eval.ts';
import { CliError, defineCommand, intOption, oneLine, type ParsedArgs } from '../command.ts';
import { LIMIT_RANGE } from '../option-bounds.ts';
import { databaseArgument, withIndex } from '../open-index.ts';
import { engineInternals } from '../../engine/create-engine.ts';
import { readInputText } from '../input-file.ts';
import { terminalText } from '../terminal-text.ts';

/**
 * Results requested per query by default: the app's default result limit (docs/design.md#defaults).
 */
const DEFAULT_LIMIT = 20;

const options = {
  db: { type: 'string' },
  queries: { type: 'string' },
  vault: { type: 'string' },
  limit: { type: 'string' },
  strict: { type: 'boolean' },
  bound: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

function readQuerySet(file: string): QuerySet {
  const text = readInputText(file, '--queries');
  try {
    return parseQuerySet(text, file);
  } catch (error) {
    if (error instanceof QuerySetError) throw new CliError(error.message);
    throw error;
  }
}

function parse({ values }: ParsedArgs<typeof options>) {
  // At least the cutoff: the metrics read the top 10.
  const range = { ...LIMIT_RANGE, min: EVAL_CUTOFF };
  const limit = intOption(values.limit, '--limit', range) ?? DEFAULT_LIMIT;
  return {
    db: databaseArgument(values.db!), // named before the query file is read
    queries: values.queries!,
    vault: values.vault,
    limit,
    strict: values.strict ?? false,
    bound: values.bound ?? false,
    json: values.json ?? false,
  };
}

export const command = defineCommand({
  usage:
    'eval --db FILE --queries FILE.json [--vault NAME] [--limit N] [--strict] [--bound] [--json]',
  options,
  async run(args, io) {
    const opts = parse(args);
    const set = readQuerySet(opts.queries);
    return withIndex(opts.db, io, async (engine) => {
      const names = (await engine.listVaults()).map((vault) => vault.name);
      let vault: string;
      try {
        vault = pickVault(names, opts.vault);
      } catch (error) {
        throw new CliError((error as Error).message);
      }
      const run = { vault, limit: opts.limit, strict: opts.strict };
      const { report, warnings } = await runEval(engine, set, run);
      for (const warning of warnings) io.stderr.write(`folio eval: warning: ${oneLine(warning)}\n`);
      const bound = opts.bound ? runBound(engineInternals(engine), set, vault) : undefined;
      io.stdout.write(
        opts.json
          ? JSON.stringify(bound ? { ...report, bound } : report) + '\n'
          : terminalText(formatReport(report, { source: opts.queries, ...run }, bound)),
      );
      return 0;
    });
  },
});
