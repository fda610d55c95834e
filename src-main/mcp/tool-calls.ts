// What each MCP tool does with the engine (docs/mcp.md#tools). Arguments arrive validated by the
// contract's schemas; engine errors (`FolioError`, e.g. an id outside the index) pass through to
// become one-line tool errors. Every answer is bounded: search at 50 results and 25,000 tokens,
// read and outline at 25,000 tokens unless asked, context at its budget.
import type { OutlineResponse } from '#shared/contract/api.ts';
import { FolioError, type EngineService } from '#shared/contract/engine.ts';
import { TOOL_MAX_RESULTS, type TOOL_SCHEMAS, type ToolName } from '#shared/contract/schema.ts';
import { wordsLeftOutNote } from '#shared/query-words.ts';
import { rebuildFor, rebuildMeanwhile } from '#shared/rebuild-wording.ts';
import type { z } from 'zod';
import { notADate } from '../engine/dates/date-filter.ts';
import { engineInternals } from '../engine/create-engine.ts';
import { CUT_MARKER } from '../engine/export/export-text.ts';
import { emptyPathNote, unknownVaultNotes } from './hints.ts';
import { links } from './links-tool.ts';
import { readNode } from './read-node.ts';
import {
  agentResult,
  capped,
  crumb,
  renderOutline,
  renderSearch,
  renderVaults,
  within,
  type AgentOutlineNode,
  type AgentVault,
} from './render.ts';

/** A tool's answer: the text a model reads and the structured result of its output schema. */
export interface ToolOutput {
  text: string;
  structured: object;
}

type Args<T extends ToolName> = z.infer<(typeof TOOL_SCHEMAS)[T]>;

/** `vault:` and `path:` filters of the query language in front of a topic (they hold wherever typed). */
function scoped(query: string, vault: string | undefined, path: string | undefined): string {
  if (!query.trim()) return query;
  const filters: string[] = [];
  if (vault) filters.push(`vault:${vault}`);
  // `./` makes any path a path filter (one without a slash would search the path column).
  if (path) filters.push(`path:"./${path.replace(/\\/g, '/').replace(/^\/+/, '')}"`);
  return filters.length > 0 ? `${filters.join(' ')} ${query}` : query;
}

async function checkVault(engine: EngineService, vault: string | undefined): Promise<void> {
  if (vault === undefined) return;
  const names = (await engine.listVaults()).map((v) => v.name);
  if (!names.includes(vault)) {
    const known = names.length > 0 ? `the vaults are ${names.join(', ')}` : 'no vault is indexed';
    throw new FolioError('not-found', `no vault named "${vault}"; ${known}`);
  }
}

/**
 * A `path` written as the folder on disk (a vault's root from `vaults`, and a folder in it) would
 * match no note: path is relative to the vault. Named, with the arguments that were meant.
 */
async function checkPath(engine: EngineService, path: string | undefined): Promise<void> {
  if (path === undefined) return;
  const given = path.replace(/\\/g, '/');
  for (const vault of await engine.listVaults()) {
    const root = vault.root.replace(/\\/g, '/').replace(/\/+$/, '');
    if (given !== root && !given.startsWith(`${root}/`)) continue;
    const inside = given.slice(root.length + 1);
    const meant = inside ? `path ${JSON.stringify(inside)} and ` : '';
    throw new FolioError(
      'invalid-argument',
      `path "${path}" is a folder on disk, but path is relative to the vault: give ${meant}vault "${vault.name}"`,
    );
  }
}

/**
 * A note for each searched vault whose folder is still being read whole (a first index, a
 * rebuild, a re-index): an answer without its notes yet says so, as the app's "No results … yet"
 * does; one re-read for a new stemming language is searched whole meanwhile, each note not read
 * again yet by its old stems (docs/mcp.md#running-it).
 */
async function stillIndexing(engine: EngineService, vault?: string): Promise<string[]> {
  const internals = engineInternals(engine);
  const names = internals.indexingVaults().filter((name) => vault === undefined || name === vault);
  // Listing the vaults counts their notes (a count over each vault's files): only when one is indexing.
  if (names.length === 0) return [];
  const restemmed = internals.rebuildReason() === 'stemmer' ? internals.owed() : [];
  const rebuild = { reason: 'stemmer', stemmer: internals.settings().stemmer } as const;
  const indexing = (await engine.listVaults()).filter((v) => names.includes(v.name));
  return indexing.map((v) =>
    restemmed.includes(v.name)
      ? `Vault "${v.name}" is being rebuilt for ${rebuildFor(rebuild, 'plain')}: ${rebuildMeanwhile(rebuild)}; \`vaults\` says when it is done.`
      : `Vault "${v.name}" is still being indexed (${v.documents.toLocaleString('en')} ${v.documents === 1 ? 'note' : 'notes'} so far): its other notes are not searched yet; \`vaults\` says when it is done.`,
  );
}

async function search(engine: EngineService, args: Args<'search'>): Promise<ToolOutput> {
  await checkVault(engine, args.vault);
  await checkPath(engine, args.path);
  const topics = args.queries ?? [args.query!];
  const response = await engine.search({
    queries: topics.map((q) => scoped(q, args.vault, args.path)),
    limit: args.limit ?? 10,
    strict: args.strict ?? false,
    sort: args.sort ?? 'relevance',
    detail: 'text', // neither match ranges nor the HTML snippet reach an answer
  });
  const all = response.results.map(agentResult);
  const results = within(all, (r) => JSON.stringify(r).length);
  const left = all.length - results.length;
  const labels = response.results.slice(0, results.length).map((r) => crumb(r.displayBreadcrumb));
  const { notDates, wordsLeftOut = [] } = response;
  const empty = all.length === 0 ? await emptyPathNote(engine, args.path, args.vault) : null;
  const unmatchedTopics = all.length === 0 ? [] : response.unmatchedTopics;
  const notes = [
    ...(empty === null ? [] : [empty]),
    ...unmatchedNotes(unmatchedTopics, topics),
    ...(await unknownVaultNotes(engine, topics)),
    ...notDates.map(notADate),
    ...wordsLeftOut.map((words) => wordsLeftOutNote(words, topics.length)),
    ...(await stillIndexing(engine, args.vault)),
  ];
  return {
    // A note named by its file name (`ch10-03-lifetime-syntax`) is read by its first heading.
    text: renderSearch(results, left, args.sort, notes, labels),
    structured: {
      results,
      ...(notDates.length > 0 ? { notDates } : {}),
      ...(wordsLeftOut.length > 0 ? { wordsLeftOut } : {}),
      ...(unmatchedTopics.length > 0 ? { unmatchedTopics } : {}),
    },
  };
}

/**
 * A line for each of several topics that found nothing, when the others found something: the list
 * is theirs, and nothing else says that one topic was not answered (docs/mcp.md#tools).
 */
function unmatchedNotes(unmatched: number[], topics: string[]): string[] {
  if (topics.length < 2) return [];
  return unmatched.map(
    (topic) =>
      `topic ${topic + 1} (${JSON.stringify(capped(topics[topic]!, 80))}) found nothing; the results are the other topics'.`,
  );
}

/** The outline of a note, or of the note holding a section when given a section id. */
async function outlineOf(engine: EngineService, docId: string): Promise<OutlineResponse> {
  try {
    return await engine.outline({ docId });
  } catch (error) {
    if (!(error instanceof FolioError) || error.code !== 'not-found') throw error;
    const node = await engine.nodeContent({ id: docId }).catch(() => null);
    if (!node) throw error;
    return engine.outline({ docId: node.docId });
  }
}

async function outline(engine: EngineService, args: Args<'outline'>): Promise<ToolOutput> {
  const found = await outlineOf(engine, args.docId);
  const nodes: AgentOutlineNode[] = within(
    found.nodes.map((n) => ({
      id: n.id,
      title: capped(n.title),
      depth: n.depth,
      startLine: n.startLine,
      endLine: n.endLine,
    })),
    (node) => node.id.length + node.title.length + 40,
  );
  const left = found.nodes.length - nodes.length;
  return {
    text: renderOutline(found, nodes, left),
    structured: {
      docId: found.docId,
      vault: found.vault,
      path: found.path,
      fileTitle: capped(found.fileTitle),
      tags: found.tags,
      nodes,
      truncated: left > 0,
    },
  };
}

async function context(engine: EngineService, args: Args<'context'>): Promise<ToolOutput> {
  const {
    results,
    unmatchedTopics,
    wordsLeftOut = [],
  } = await engine.search({
    queries: args.queries,
    limit: TOOL_MAX_RESULTS,
    detail: 'text',
  });
  const notes = [
    ...(results.length === 0 ? [] : unmatchedNotes(unmatchedTopics, args.queries)),
    ...(await unknownVaultNotes(engine, args.queries)),
    ...wordsLeftOut.map((words) => wordsLeftOutNote(words, args.queries.length)),
    ...(await stillIndexing(engine)),
  ].map((note) => `\n${note}`);
  if (results.length === 0) {
    const structured = { text: '', tokens: 0, truncated: false, ids: [] };
    return { text: `No results.${notes.join('')}`, structured };
  }
  const pack = await engine.exportResults({
    ids: results.map((r) => r.id),
    format: 'md',
    maxTokens: args.maxTokens,
    breadcrumbMode: args.breadcrumbMode,
  });
  const ids = results.slice(0, pack.included).map((r) => r.id);
  const cut = pack.truncated && pack.text.trimEnd().endsWith(CUT_MARKER) ? ids.at(-1) : undefined;
  const footer = packFooter(ids.length, results.length, pack.tokens, args.maxTokens, cut);
  return {
    text: `${pack.text}\n${footer}${notes.join('')}`,
    structured: { text: pack.text, tokens: pack.tokens, truncated: pack.truncated, ids },
  };
}

/**
 * The line after a context pack (docs/mcp.md#context): how many results it holds of those found,
 * which one the budget cut and the call that reads it whole, and what to do for the rest.
 */
function packFooter(
  packed: number,
  found: number,
  tokens: number,
  maxTokens: number,
  cut: string | undefined,
): string {
  const head = `Packed ${packed} of ${found} result${found === 1 ? '' : 's'}, ~${tokens.toLocaleString('en')} tokens`;
  if (packed === found && cut === undefined) return `(${head}.)`;
  const cutSays =
    cut === undefined
      ? ''
      : `; ${packed === 1 ? 'it' : 'the last'} is cut at […]: read ${JSON.stringify({ id: cut })} for all of it`;
  const left = found - packed;
  const more =
    left > 0
      ? `. ${left} more did not fit in ${maxTokens.toLocaleString('en')} tokens: a larger maxTokens packs them, search lists them`
      : '';
  return `(${head}${cutSays}${more}.)`;
}

async function vaults(engine: EngineService): Promise<ToolOutput> {
  const infos = await engine.listVaults();
  const stats = new Map(
    engineInternals(engine)
      .reader.vaultStats()
      .map((s) => [s.vault, s]),
  );
  const list: AgentVault[] = infos.map((v) => {
    const s = stats.get(v.name);
    return {
      name: v.name,
      root: v.root,
      documents: v.documents,
      sections: s?.sections ?? 0,
      status: v.status,
      ...(v.problem ? { problem: v.problem } : {}),
      lastIndexed: s?.lastIndexed ? new Date(s.lastIndexed).toISOString() : null,
    };
  });
  return { text: renderVaults(list), structured: { vaults: list } };
}

/** Each tool's implementation. */
export const TOOL_CALLS: {
  [T in ToolName]: (engine: EngineService, args: Args<T>) => Promise<ToolOutput>;
} = {
  search,
  read: readNode,
  outline,
  context,
  vaults,
  links,
};
