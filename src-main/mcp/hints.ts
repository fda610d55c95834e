// What to do next when an answer names nothing (docs/mcp.md#errors): an id a model wrote from
// memory (`.md` left out, a part of the path, another case), a `path` or `vault:` that matches no
// note. A model reads "no indexed node" or "No results." as the end of the question; these say
// which note was meant, or how to find it. Only on those answers: the paths are read from the
// (vault, path) index, not kept.
import type { EngineService, FolioError } from '#shared/contract/engine.ts';
import { engineInternals } from '../engine/create-engine.ts';
import { nameKey, pathKey } from '../engine/links/resolve.ts';
import { parseQuery } from '../engine/query/parse.ts';

/** Most notes or folders a hint names. */
const MAX_NAMED = 3;
/** An id longer than any path (1,024 characters) is no note a model meant: no hint. */
const MAX_HINTED_ID = 2_048;

const fold = (text: string) => text.normalize('NFC').toLowerCase();

/** Shortest first, then in order: the likeliest of several, and the same answer every time. */
const byLength = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The notes of `paths` a wrong note path may have meant: the same path but for case or `.md`,
 * else one ending with it (`People/kepano.md` for `01 - Community/People/kepano.md`), else one
 * of the same file name; at most three, shortest first.
 */
export function nearPaths(paths: string[], given: string): string[] {
  const path = given.replace(/\\/g, '/').replace(/^\.?\/+/, '');
  const key = pathKey(path);
  const name = nameKey(path);
  if (!name) return [];
  // Each path folded once (a vault may hold 100,000): its key, then its name is the key's last part.
  const keys = paths.map((p) => pathKey(p));
  const nameOf = (k: string) => k.slice(k.lastIndexOf('/') + 1);
  const tiers = [
    (k: string) => k === key,
    (k: string) => k.endsWith(`/${key}`),
    (k: string) => nameOf(k) === name,
  ];
  for (const tier of tiers) {
    const found = paths.filter((_, i) => tier(keys[i]!));
    if (found.length > 0) return found.sort(byLength).slice(0, MAX_NAMED);
  }
  return [];
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
function either(items: string[]): string {
  const quoted = items.map((item) => JSON.stringify(item));
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

async function vaultNames(engine: EngineService): Promise<string[]> {
  return (await engine.listVaults()).map((v) => v.name);
}

/** `the vaults are a, b`, or `no vault is indexed`. */
const theVaults = (names: string[]) =>
  names.length > 0 ? `the vaults are ${names.join(', ')}` : 'no vault is indexed';

/** The vaults there are, for a `vault` argument that is no vault's name (`Hub` for `hub`). */
export async function vaultsThere(engine: EngineService): Promise<string> {
  return theVaults(await vaultNames(engine));
}

/** A node id's parts: its vault (null when it names none), its note's path, its slug. */
function idParts(id: string): { vault: string | null; note: string; slug: string | null } {
  const colon = id.indexOf(':');
  const vault = colon > 0 ? id.slice(0, colon) : null;
  const rest = colon > 0 ? id.slice(colon + 1) : id;
  const hash = rest.lastIndexOf('#');
  return hash > 0
    ? { vault, note: rest.slice(0, hash), slug: rest.slice(hash + 1) }
    : { vault, note: rest, slug: null };
}

const exists = (engine: EngineService, id: string) =>
  engine.nodeContent({ id }).then(
    () => true,
    () => false,
  );

/**
 * For an id that names no note or section (a `not-found`, or an id without its vault): what to
 * do instead, as the rest of the error's line ('' when the id was not the fault).
 */
export async function idHint(engine: EngineService, id: string): Promise<string> {
  if (id.length > MAX_HINTED_ID) return '';
  const { vault, note, slug } = idParts(id);
  const names = await vaultNames(engine);
  const known = vault !== null && names.includes(vault);
  // The note is indexed, its section is not: a heading renamed since the id was given.
  if (known && slug !== null) {
    const docId = `${vault}:${note}`;
    const indexed = await engine.outline({ docId }).then(
      () => true,
      () => false,
    );
    if (indexed) {
      return `; its note is indexed but has no such section now: outline ${JSON.stringify({ docId })} lists its sections`;
    }
  }
  const reader = engineInternals(engine).reader;
  const searched = known ? [vault] : names;
  const meant: string[] = [];
  for (const name of searched) {
    const paths = reader.paths(name);
    // A path may hold a `#`: when the part before the last one is no note, the whole is tried.
    let near = nearPaths(paths, note);
    if (near.length === 0 && slug !== null) near = nearPaths(paths, `${note}#${slug}`);
    meant.push(...near.map((path) => `${name}:${path}`));
  }
  const noVault =
    vault === null || known ? '' : `; no vault is named "${vault}" (${theVaults(names)})`;
  if (meant.length > 0) {
    const ids = meant.sort(byLength).slice(0, MAX_NAMED);
    // The section too, when the note meant has it.
    const withSlug =
      slug !== null && ids.length === 1 && (await exists(engine, `${ids[0]}#${slug}`))
        ? [`${ids[0]}#${slug}`]
        : ids;
    return `${noVault}; did you mean ${either(withSlug)}?`;
  }
  const words = nameKey(note)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 80);
  const find = words
    ? `: search ${JSON.stringify({ query: words })} finds notes by their words`
    : '';
  return `${noVault}; ids come from search, outline and links answers${find}`;
}

/**
 * Folders of `paths` whose path ends with `dir`'s last folder names (`01 - Community/People/` for
 * `People/`): what a prefix from the vault's root that matched nothing may have meant.
 */
function foldersEnding(paths: string[], dir: string): string[] {
  const tail = fold(dir.replace(/^\/+/, '').replace(/\/?$/, '/'));
  const found = new Set<string>();
  for (const path of paths) {
    const at = fold(path).indexOf(`/${tail}`);
    if (at !== -1) found.add(path.slice(0, at + 1 + tail.length));
  }
  return [...found].sort(byLength).slice(0, MAX_NAMED);
}

/**
 * Why a search found nothing, when it was not the words (docs/mcp.md#errors): a `path` that no
 * note's path starts with, with the folders of that name elsewhere. `path` is the argument (from
 * the vault's root); `vault` the argument, else every vault.
 */
export async function emptyPathNote(
  engine: EngineService,
  path: string | undefined,
  vault: string | undefined,
): Promise<string | null> {
  if (path === undefined) return null;
  const reader = engineInternals(engine).reader;
  const scope = vault === undefined ? await vaultNames(engine) : [vault];
  const prefix = fold(path.replace(/\\/g, '/').replace(/^\.?\/+/, ''));
  const paths = scope.map((name) => reader.paths(name));
  if (paths.some((list) => list.some((p) => fold(p).startsWith(prefix)))) return null;
  const folders = paths.flatMap((list) => foldersEnding(list, path));
  const where = vault === undefined ? 'in any vault' : `in vault "${vault}"`;
  const head = `No note's path starts with ${JSON.stringify(path)} ${where} (path is from the vault's root)`;
  if (folders.length === 0) return `${head}.`;
  return `${head}; did you mean path ${either(folders.slice(0, MAX_NAMED))}?`;
}

/**
 * A line for each `vault:` filter in the topics that names no vault: such a topic searches
 * nothing, while the `vault` argument is refused with the names there are.
 */
export async function unknownVaultNotes(
  engine: EngineService,
  topics: string[],
): Promise<string[]> {
  if (!topics.some((topic) => /\b(?:vault|tree):/i.test(topic))) return [];
  const names = await vaultNames(engine);
  const unknown = new Set<string>();
  for (const topic of topics) {
    for (const name of parseQuery(topic).filters.vaults)
      if (!names.includes(name)) unknown.add(name);
  }
  return [...unknown].map(
    (name) => `vault:${name} names no vault (${theVaults(names)}): it matches no note.`,
  );
}

/** The id (or docId) argument of a call, when it has one. */
export function idArgument(args: object): string | undefined {
  const id = 'id' in args ? args.id : 'docId' in args ? args.docId : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** True for an engine error an id hint can help: not found, or not of the form `vault:path`. */
export function idFault(error: FolioError): boolean {
  return error.code === 'not-found' || /is not of the form vault:path/.test(error.message);
}
