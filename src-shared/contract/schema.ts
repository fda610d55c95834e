// Runtime validation of every request that crosses into the main process (IPC) or the web bridge
// (HTTP). Both choke points call `validateRequest` before any service sees the argument.
import { z } from 'zod';
import { MAX_COPY_CHARS, type ApiMethod } from './api.ts';

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
const nodeId = nonEmpty('id', MAX_ID_CHARS);
const vaultName = z
  .string({ error: 'name must be a string' })
  .regex(/^[a-z0-9_-]{1,64}$/, 'name must match [a-z0-9_-]+ (at most 64 characters)');

const exportFormat = z.enum(['md', 'text', 'json']);
const breadcrumbMode = z.enum(['conditional', 'always', 'none']);
const weight = z.number().finite().min(0).max(100);

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
    aggregationThreshold: z.number().finite().min(0).max(1),
    minAggregationMatches: z.number().int().min(1).max(1000),
    scoreCapMultiplier: z.number().finite().min(1).max(100),
    fuzzyDistance: z.union([z.literal(0), z.literal(1)]),
    resultLimit: z.number().int().min(1).max(500),
    stemmer: z.string().regex(/^[a-z]{2,20}$/, 'stemmer must be a language name such as "english"'),
    exportFormat,
    breadcrumbMode,
    exportMaxTokens: z.number().int().min(1).max(10_000_000).nullable(),
    quickSearchHotkey: z.string().min(1).max(100),
    theme: z.enum(['system', 'light', 'dark']),
    showScores: z.boolean(),
  })
  .partial()
  .strict();

const none = z.undefined().or(z.null());

/** The schema of each method's single argument. */
export const REQUEST_SCHEMAS = {
  environment: none,
  search: z
    .object({
      queries: z.array(z.string().max(20_000, 'a query is longer than 20,000 characters')).max(32),
      limit: z.number().int().min(1).max(500).optional(),
      strict: z.boolean().optional(),
    })
    .strict(),
  outline: z.object({ docId: nodeId }).strict(),
  nodeContent: z.object({ id: nodeId }).strict(),
  exportResults: z
    .object({
      ids: z
        .array(nodeId)
        .max(1000)
        .refine(
          (ids) => ids.reduce((sum, id) => sum + id.length, 0) <= MAX_EXPORT_ID_CHARS,
          `ids are longer than ${MAX_EXPORT_ID_CHARS} characters in all`,
        ),
      format: exportFormat.optional(),
      maxTokens: z.number().int().min(1).max(10_000_000).nullable().optional(),
      breadcrumbMode: breadcrumbMode.optional(),
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
  listFileErrors: z.object({ vault: vaultName.optional() }).strict(),
  getSettings: none,
  updateSettings: settingsPatch,
  pickFolder: none,
  openInEditor: z.object({ id: nodeId }).strict(),
  revealInFolder: z.object({ id: nodeId }).strict(),
  openExternal: z.object({ url: nonEmpty('url', 8192) }).strict(),
  copyText: z.object({ text: z.string().max(MAX_COPY_CHARS) }).strict(),
  hideQuickSearch: none,
  showInMainWindow: z.object({ id: nodeId }).strict(),
} satisfies Record<ApiMethod, z.ZodType>;

/** The outcome of validating a request: the parsed value, or one line saying what is wrong. */
export type Validation<T> = { ok: true; value: T } | { ok: false; message: string };

/** Validates the argument of `method`; the message names the method and the field at fault. */
export function validateRequest<M extends ApiMethod>(
  method: M,
  argument: unknown,
): Validation<z.infer<(typeof REQUEST_SCHEMAS)[M]>> {
  const schema = REQUEST_SCHEMAS[method] as z.ZodType;
  const result = schema.safeParse(argument);
  if (result.success)
    return { ok: true, value: result.data as z.infer<(typeof REQUEST_SCHEMAS)[M]> };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  return { ok: false, message: `${method}: ${issue?.message ?? 'invalid argument'}${where}` };
}

/** True when `name` is one of the API's request methods. */
export function isApiMethod(name: string): name is ApiMethod {
  return Object.hasOwn(REQUEST_SCHEMAS, name);
}
