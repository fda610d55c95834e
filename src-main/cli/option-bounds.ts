// The ranges of the CLI's integer options. Those passed on to the engine are read from the API's
// own schemas (one source: a value the API would refuse is refused up front, naming the option).
import { REQUEST_SCHEMAS } from '#shared/contract/schema.ts';

/** The whole numbers an integer option accepts, both ends included. */
export interface IntRange {
  /** What is counted, for the message: `--limit must be a whole number of results from 1 to 500`. */
  of: string;
  /** The smallest value accepted. */
  min: number;
  /** The largest value accepted. */
  max: number;
}

function rangeOf(
  of: string,
  schema: { minValue: number | null; maxValue: number | null },
): IntRange {
  return { of, min: schema.minValue ?? 1, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
}

/** `--limit`: results per search (the API's `search.limit`). */
export const LIMIT_RANGE = rangeOf('results', REQUEST_SCHEMAS.search.shape.limit.unwrap());

/** `--max-tokens`: the export's token budget (the API's `exportResults.maxTokens`). */
export const MAX_TOKENS_RANGE = rangeOf(
  'tokens',
  REQUEST_SCHEMAS.exportResults.shape.maxTokens.unwrap().unwrap(),
);

/** `bench --rounds`: measured rounds; the bound keeps a typo from running for days. */
export const ROUNDS_RANGE: IntRange = { of: 'rounds', min: 1, max: 1000 };

/** `chunk --workers`: chunk worker threads (0: none); more than this only costs memory. */
export const WORKERS_RANGE: IntRange = { of: 'worker threads', min: 0, max: 64 };

/** `links --limit`: links of each list (the API's `links.limit`, as `outgoingLimit`). */
export const LINKS_LIMIT_RANGE = rangeOf('links', REQUEST_SCHEMAS.links.shape.limit.unwrap());
