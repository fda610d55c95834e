// Labelled query sets for the search-quality evaluation: `{"queries":[{"q","expected","also"?}]}`.
// Labels are `path#slug` relative to a vault root (no `#` = the whole document), so one set can be
// run against whichever vault a database indexed that folder as.

/** One hand-labelled query. */
export interface LabelledQuery {
  /** What a user types. */
  q: string;
  /** The best answer: `path#slug` relative to the vault root, or `path` for the whole document. */
  expected: string;
  /** Other acceptable answers, in the same form. */
  also?: string[];
}

/** A parsed query file. */
export interface QuerySet {
  queries: LabelledQuery[];
}

/** A query file that cannot be used; the message names the file and the query at fault. */
export class QuerySetError extends Error {
  override name = 'QuerySetError';
}

function isLabel(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && !value.startsWith('#');
}

function checkQuery(value: unknown, where: string): LabelledQuery {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new QuerySetError(`${where}: must be an object {"q","expected","also"?}`);
  }
  const { q, expected, also } = value as Record<string, unknown>;
  if (typeof q !== 'string' || q.trim() === '') {
    throw new QuerySetError(`${where}: "q" must be a non-empty string`);
  }
  if (!isLabel(expected)) {
    throw new QuerySetError(`${where} ("${q}"): "expected" must be a label "path" or "path#slug"`);
  }
  if (also === undefined) return { q, expected };
  if (!Array.isArray(also) || !also.every(isLabel)) {
    throw new QuerySetError(`${where} ("${q}"): "also" must be a list of labels "path#slug"`);
  }
  return { q, expected, also: also as string[] };
}

/** Parses and checks a query file's text; `source` (the file name) prefixes every error. */
export function parseQuerySet(text: string, source: string): QuerySet {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new QuerySetError(`${source}: not valid JSON (${(error as Error).message})`);
  }
  const queries = (data as { queries?: unknown } | null)?.queries;
  if (!Array.isArray(queries) || queries.length === 0) {
    throw new QuerySetError(`${source}: expected {"queries":[…]} with at least one query`);
  }
  return {
    queries: queries.map((query, index) => checkQuery(query, `${source}: query ${index + 1}`)),
  };
}

/**
 * The node id a label denotes in a vault: `vault:path` or `vault:path#slug`
 * (docs/design.md#ids-and-slugs).
 */
export function labelToId(vault: string, label: string): string {
  return `${vault}:${label}`;
}

/** The document id of a label: its part before `#`. */
export function labelDocId(vault: string, label: string): string {
  const hash = label.indexOf('#');
  return labelToId(vault, hash === -1 ? label : label.slice(0, hash));
}
