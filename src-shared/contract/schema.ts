// Runtime validation of every request that crosses into the main process (IPC) or the web bridge
// (HTTP). Both choke points call `validateRequest` before any service sees the argument.
// size: one schema per API method and per MCP tool, all here so both sides validate alike.
import { z } from 'zod';
import { MAX_COPY_CHARS, type ApiMethod } from './api.ts';
import { SETTING_BOUNDS, type NumberBounds } from './defaults.ts';

const nonEmpty = (what: string, max = 4096) =>
  z
    .string({ error: `${what} must be a string` })
    .min(1, `${what} must not be empty`)
    .max(max, `${what} is longer than ${max} characters`);

/**
 * Node ids are `vault:path#slug`, and a slug is as long as its heading: the adversarial corpus
 * has a 15 KB one. An id the engine returns is always taken back, up to this many characters.
 */
const MAX_ID_CHARS = 1_048_576;
/** All the ids of one export together (1,000 ordinary ids take well under 1 MB). */
const MAX_EXPORT_ID_CHARS = 16 * MAX_ID_CHARS;
const nodeIdNamed = (what: string) => nonEmpty(what, MAX_ID_CHARS);
const nodeId = nodeIdNamed('id');
/** A note id (`vault:path`), named as its field is. */
const docId = nodeIdNamed('docId');
const vaultNamed = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .regex(/^[a-z0-9_-]{1,64}$/, `${what} must match [a-z0-9_-]+ (at most 64 characters)`);
const vaultName = vaultNamed('name');

/** One search topic (any text is a valid query: docs/design.md#any-input-is-valid). */
const queryText = z
  .string({ error: 'a query must be a string' })
  .max(20_000, 'a query is longer than 20,000 characters');
/** The topics of one search (multi-topic search). */
const topics = z
  .array(queryText, { error: 'queries must be a list of queries' })
  .max(32, 'at most 32 queries');

const exportFormat = z.enum(['md', 'text', 'json'], { error: 'format must be md, text or json' });
const breadcrumbMode = z.enum(['conditional', 'always', 'none'], {
  error: 'breadcrumbMode must be conditional, always or none',
});
const sort = z.enum(['relevance', 'modified', 'created']);
/** A number setting within its bounds (defaults.ts, which Settings shows too). */
const bounded = ({ min, max, integer }: NumberBounds) =>
  (integer ? z.number().int() : z.number().finite()).min(min).max(max);
const weight = bounded(SETTING_BOUNDS.columnWeight);

const settingsPatch = z
  .object({
    columnWeights: z
      .object({
        title: weight,
        tags: weight,
        path: weight,
        pathComponents: weight,
        body: weight,
      })
      .partial()
      .strict(),
    aggregationThreshold: bounded(SETTING_BOUNDS.aggregationThreshold),
    minAggregationMatches: bounded(SETTING_BOUNDS.minAggregationMatches),
    scoreCapMultiplier: bounded(SETTING_BOUNDS.scoreCapMultiplier),
    fuzzyDistance: z.union([z.literal(0), z.literal(1)], {
      error: 'fuzzyDistance must be 0 (off) or 1',
    }),
    resultLimit: bounded(SETTING_BOUNDS.resultLimit),
    stemmer: z.string().regex(/^[a-z]{2,20}$/, 'stemmer must be a language name such as "english"'),
    exportFormat,
    breadcrumbMode,
    exportMaxTokens: bounded(SETTING_BOUNDS.exportMaxTokens).nullable(),
    quickSearchHotkey: z.string().min(1).max(100),
    theme: z.enum(['system', 'light', 'dark']),
    showScores: z.boolean(),
    resultSort: sort,
    recencyBoost: z.boolean(),
  })
  .partial()
  .strict();

const none = z.union([z.undefined(), z.null()], { error: 'it takes no argument' });

/** The schema of each method's single argument. */
export const REQUEST_SCHEMAS = {
  environment: none,
  search: z
    .object({
      queries: topics,
      limit: z.number().int().min(1).max(500).optional(),
      strict: z.boolean().optional(),
      typing: z.boolean().optional(),
      sort: sort.optional(),
      supersede: z
        .object({
          client: z.string().min(1).max(64),
          seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        })
        .strict()
        .optional(),
      detail: z.enum(['full', 'text']).optional(),
    })
    .strict(),
  outline: z.object({ docId }).strict(),
  nodeContent: z.object({ id: nodeId }).strict(),
  exportResults: z
    .object({
      ids: z
        .array(nodeId, { error: 'ids must be a list of ids' })
        .max(1000, 'at most 1,000 ids')
        .refine(
          (ids) => ids.reduce((sum, id) => sum + id.length, 0) <= MAX_EXPORT_ID_CHARS,
          `ids are longer than ${MAX_EXPORT_ID_CHARS} characters in all`,
        ),
      format: exportFormat.optional(),
      maxTokens: z.number().int().min(1).max(10_000_000).nullable().optional(),
      breadcrumbMode: breadcrumbMode.optional(),
      subsections: z.boolean().optional(),
    })
    .strict(),
  links: z
    .object({
      docId,
      limit: z.number().int().min(1).max(100_000).optional(),
      outgoingLimit: z.number().int().min(1).max(100_000).optional(),
    })
    .strict(),
  unresolvedLinks: z
    .object({
      vault: vaultNamed('vault').optional(),
      limit: z.number().int().min(1).max(100_000).optional(),
    })
    .strict(),
  listVaults: none,
  addVault: z.object({ root: nonEmpty('root'), name: vaultName.optional() }).strict(),
  removeVault: z.object({ name: vaultName }).strict(),
  reindexVault: z.object({ name: vaultName }).strict(),
  updateVault: z
    .object({
      name: vaultName,
      pinned: z.boolean().optional(),
      ignore: z.array(nonEmpty('ignore glob', 1024)).max(200).optional(),
    })
    .strict(),
  listFileErrors: z.object({ vault: vaultNamed('vault').optional() }).strict(),
  getSettings: none,
  updateSettings: settingsPatch,
  pickFolder: none,
  openInEditor: z.object({ id: nodeId }).strict(),
  revealInFolder: z.object({ id: nodeId }).strict(),
  openExternal: z.object({ url: nonEmpty('url', 8192) }).strict(),
  copyText: z.object({ text: z.string().max(MAX_COPY_CHARS) }).strict(),
  assistantSetup: none,
  hideQuickSearch: none,
  showInMainWindow: z.object({ id: nodeId }).strict(),
} satisfies Record<ApiMethod, z.ZodType>;

/** The outcome of validating a request: the parsed value, or one line saying what is wrong. */
export type Validation<T> = { ok: true; value: T } | { ok: false; message: string };

/** How zod's `expected` reads in a message. */
const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  string: 'a string',
  array: 'a list',
  object: 'an object',
};

/**
 * The message of an issue whose schema gives none, in words naming the field (`limit must be at
 * least 1`, not zod's `Too small: expected number to be >=1`); undefined keeps zod's own.
 */
function fieldMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const field = issue.path && issue.path.length > 0 ? issue.path.join('.') : 'the argument';
  const bound = (word: string, value: unknown) =>
    issue.origin === 'string'
      ? `${field} must have ${word} ${String(value)} characters`
      : issue.origin === 'array'
        ? `${field} must hold ${word} ${String(value)} items`
        : `${field} must be ${word} ${String(value)}`;
  switch (issue.code) {
    case 'invalid_type':
      return `${field} must be ${EXPECTED[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return `${field} must not be empty`;
      return bound(issue.inclusive === false ? 'more than' : 'at least', issue.minimum);
    case 'too_big':
      return bound(issue.inclusive === false ? 'less than' : 'at most', issue.maximum);
    case 'invalid_value':
      return `${field} must be ${issue.values
        .map((v) => JSON.stringify(v))
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')}`;
    case 'unrecognized_keys':
      return `unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    default:
      return undefined;
  }
}

/** The value of `argument` at `path`, undefined where it has none. */
function valueAt(argument: unknown, path: PropertyKey[]): unknown {
  let value = argument;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Validates `argument` against `schema`; the message names `what` and the field at fault. */
function validate<T>(
  what: string,
  schema: z.ZodType<T>,
  argument: unknown,
  describe: (issue: z.core.$ZodIssue) => string = (issue) => issue.message,
  first: (issues: z.core.$ZodIssue[]) => z.core.$ZodIssue | undefined = (issues) => issues[0],
): Validation<T> {
  const result = schema.safeParse(argument, { error: fieldMessage });
  if (result.success) return { ok: true, value: result.data };
  const issue = first(result.error.issues);
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  // A field left out is named as missing, whatever its schema says of a wrong value.
  const missing =
    issue?.code === 'invalid_type' &&
    issue.path.length > 0 &&
    valueAt(argument, issue.path) === undefined;
  const said = missing ? `${issue.path.join('.')} is required` : issue ? describe(issue) : '';
  const message = (said || 'invalid argument').replace(/\s+/g, ' ');
  return { ok: false, message: `${what}: ${message}${where}` };
}

/** Validates the argument of `method`; the message names the method and the field at fault. */
export function validateRequest<M extends ApiMethod>(
  method: M,
  argument: unknown,
): Validation<z.infer<(typeof REQUEST_SCHEMAS)[M]>> {
  return validate(method, REQUEST_SCHEMAS[method] as z.ZodType, argument) as Validation<
    z.infer<(typeof REQUEST_SCHEMAS)[M]>
  >;
}

/** True when `name` is one of the API's request methods. */
export function isApiMethod(name: string): name is ApiMethod {
  return Object.hasOwn(REQUEST_SCHEMAS, name);
}

// ---------------------------------------------------------------------------------------------
// MCP tools (docs/mcp.md): the arguments an AI assistant passes, checked like the API's requests
// and built from the same pieces (query text, node ids, vault names, breadcrumb modes). The
// descriptions are what the model reads in the tools' JSON Schemas.

/** What `read` returns without `maxTokens`, and `context`'s ceiling: responses stay bounded. */
export const TOOL_DEFAULT_MAX_TOKENS = 25_000;
/** The largest `maxTokens` a tool takes (≈400,000 characters). */
export const TOOL_MAX_TOKENS = 100_000;
/** The most results one `search` returns. */
export const TOOL_MAX_RESULTS = 50;
/** The most links of each list one `links` returns (a backlink carries its line of context). */
export const TOOL_MAX_BACKLINKS = 100;

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number from ${min} to ${max}` })
    .int(`${what} must be a whole number from ${min} to ${max}`)
    .min(min, `${what} must be a whole number from ${min} to ${max}`)
    .max(max, `${what} must be a whole number from ${min} to ${max}`);

const maxTokens = wholeNumber('maxTokens', 1, TOOL_MAX_TOKENS);
const nonBlankQuery = queryText.regex(/\S/, 'query must not be empty');

/** The argument schema of each MCP tool. */
export const TOOL_SCHEMAS = {
  search: z
    .object({
      query: nonBlankQuery
        .describe(
          'What to search for, in the query language (see the tool description). Give this or `queries`.',
        )
        .optional(),
      queries: topics
        .min(1, 'queries must hold at least one query')
        .describe(
          'Several topics, each searched on its own and merged into one list. Give this or `query`.',
        )
        .optional(),
      limit: wholeNumber('limit', 1, TOOL_MAX_RESULTS)
        .describe(`How many results, 1–${TOOL_MAX_RESULTS} (default 10).`)
        .optional(),
      strict: z
        .boolean({ error: 'strict must be true or false' })
        .describe('Only results matching every word: no partial matches. Default false.')
        .optional(),
      sort: z
        .enum(['relevance', 'modified', 'created'], {
          error: 'sort must be relevance, modified or created',
        })
        .describe(
          'Order: relevance (default), or newest first by the file modification time (modified) or the note’s frontmatter created/date (created; notes without one last).',
        )
        .optional(),
      vault: vaultNamed('vault')
        .describe('Only this vault (a name the `vaults` tool lists).')
        .optional(),
      path: z
        .string({ error: 'path must be a string' })
        .min(1, 'path must not be empty')
        .max(1024, 'path is longer than 1,024 characters')
        .regex(/^[^"\n\r]*$/, 'path must not contain a double quote or a line break')
        .refine(
          (path) => !path.split(/[\\/]/).includes('..'),
          'path must be inside the vault: no ".." part',
        )
        .describe(
          'Only notes whose path in the vault starts with this: a folder such as `projects/`, or one note such as `projects/plan.md`.',
        )
        .optional(),
    })
    .strict()
    .refine((a) => (a.query === undefined) !== (a.queries === undefined), {
      error: 'give either query or queries',
    }),
  read: z
    .object({
      id: nodeId.describe(
        'A section or note id from search, outline or context: `vault:path#slug` or `vault:path`.',
      ),
      maxTokens: maxTokens
        .describe(
          `Cut the text at a paragraph boundary to fit this many tokens (≈ characters / 4). Default ${TOOL_DEFAULT_MAX_TOKENS.toLocaleString('en')}.`,
        )
        .optional(),
      descendants: z
        .boolean({ error: 'descendants must be true or false' })
        .describe(
          'Include the subsections (default true); false: only the text up to the first subsection.',
        )
        .optional(),
      fromLine: z
        .number({ error: 'fromLine must be a whole number, a line of the file' })
        .int('fromLine must be a whole number, a line of the file')
        .min(1, 'fromLine must be a whole number, a line of the file')
        .describe(
          "Start at this line of the file (within the node's line range) instead of its first: to read the rest of a text that was cut, pass the line the cut names.",
        )
        .optional(),
    })
    .strict(),
  outline: z
    .object({
      docId: docId.describe('A note id, `vault:path` (a result id without its `#slug`).'),
    })
    .strict(),
  context: z
    .object({
      queries: topics
        .min(1, 'queries must hold at least one query')
        .describe('The topics to search; their best results are packed in rank order.'),
      maxTokens: maxTokens.describe('The token budget of the whole pack (≈ characters / 4).'),
      breadcrumbMode: breadcrumbMode
        .describe(
          "Kept for clients of the export API; it does not change this pack: its Markdown names each section's breadcrumb once, in the section's header.",
        )
        .optional(),
    })
    .strict(),
  vaults: z.object({}).strict(),
  links: z
    .object({
      id: nodeId.describe(
        'A note id `vault:path`, or a section id `vault:path#slug` (its links and those of its subsections).',
      ),
      limit: wholeNumber('limit', 1, TOOL_MAX_BACKLINKS)
        .describe(
          `How many links of each list at most (outgoing links, backlinks), 1–${TOOL_MAX_BACKLINKS} (default 30).`,
        )
        .optional(),
    })
    .strict(),
} satisfies Record<string, z.ZodType>;

/** The name of an MCP tool. */
export type ToolName = keyof typeof TOOL_SCHEMAS;

/** Validates the arguments of an MCP tool; the message names the tool and the field at fault. */
export function validateToolArguments<T extends ToolName>(
  tool: T,
  argument: unknown,
): Validation<z.infer<(typeof TOOL_SCHEMAS)[T]>> {
  const schema = TOOL_SCHEMAS[tool];
  const known = Object.keys(schema.shape);
  // A model reads this line to correct its call: name what it may pass instead.
  const describe = (issue: z.core.$ZodIssue) => {
    if (issue.code === 'unrecognized_keys') {
      const accepted = known.length > 0 ? `it takes ${known.join(', ')}` : 'it takes none';
      return `unknown argument ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; ${accepted}`;
    }
    if (issue.code === 'invalid_type' && issue.path.length === 0)
      return 'the arguments must be an object';
    return issue.message;
  };
  // An argument under another tool's name (outline's `id`, context's `query`) also leaves the
  // right one missing: naming the unknown one says what to rename.
  const first = (issues: z.core.$ZodIssue[]) =>
    issues.find((issue) => issue.code === 'unrecognized_keys') ?? issues[0];
  return validate(tool, schema as z.ZodType, argument ?? {}, describe, first) as Validation<
    z.infer<(typeof TOOL_SCHEMAS)[T]>
  >;
}
