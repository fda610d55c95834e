// What an MCP client learns about Folio's tools (docs/mcp.md#tools): names, descriptions written
// for a model choosing between them, the argument schemas of the contract (the same zod schemas
// that validate each call) and the shape of each tool's structured result, as JSON Schemas.
import { z } from 'zod';
import {
  TOOL_DEFAULT_MAX_TOKENS,
  TOOL_MAX_BACKLINKS,
  TOOL_MAX_RESULTS,
  TOOL_SCHEMAS,
  type ToolName,
} from '#shared/contract/schema.ts';
import { MAX_QUERY_WORDS } from '#shared/query-words.ts';

const lines = { startLine: z.number().int(), endLine: z.number().int() };

/** The structured result of each tool. */
export const OUTPUT_SCHEMAS = {
  search: z.object({
    results: z.array(
      z.object({
        id: z.string(),
        vault: z.string(),
        path: z.string(),
        title: z.string(),
        breadcrumb: z.string(),
        ...lines,
        score: z.number(),
        snippet: z.string(),
        partial: z.boolean(),
        matchedTerms: z.array(z.string()),
        merged: z.number().int(),
        modified: z.string(),
        created: z.string().nullable(),
      }),
    ),
    /** Date filters that are no date (`modified:<abc`), searched as words; absent when none. */
    notDates: z.array(z.string()).optional(),
    /** Queries longer than 32 words: how many words each left out, from which; absent when none. */
    wordsLeftOut: z
      .array(z.object({ topic: z.number().int(), words: z.number().int(), from: z.string() }))
      .optional(),
    /** Of several topics, those that found nothing (indexes in `queries`); absent when none. */
    unmatchedTopics: z.array(z.number().int()).optional(),
  }),
  read: z.object({
    id: z.string(),
    docId: z.string(),
    vault: z.string(),
    path: z.string(),
    title: z.string(),
    breadcrumb: z.string(),
    ...lines,
    markdown: z.string(),
    tokens: z.number().int(),
    truncated: z.boolean(),
    nextLine: z.number().int().nullable(),
  }),
  outline: z.object({
    docId: z.string(),
    vault: z.string(),
    path: z.string(),
    fileTitle: z.string(),
    tags: z.array(z.string()),
    nodes: z.array(
      z.object({ id: z.string(), title: z.string(), depth: z.number().int(), ...lines }),
    ),
    truncated: z.boolean(),
  }),
  context: z.object({
    text: z.string(),
    tokens: z.number().int(),
    truncated: z.boolean(),
    ids: z.array(z.string()),
  }),
  vaults: z.object({
    vaults: z.array(
      z.object({
        name: z.string(),
        root: z.string(),
        documents: z.number().int(),
        sections: z.number().int(),
        status: z.string(),
        problem: z.string().optional(),
        lastIndexed: z.string().nullable(),
      }),
    ),
  }),
  links: z.object({
    id: z.string(),
    docId: z.string(),
    outgoing: z.array(
      z.object({
        from: z.string(),
        to: z.string().nullable(),
        target: z.string(),
        embed: z.boolean(),
      }),
    ),
    outgoingCount: z.number().int(),
    backlinks: z.array(
      z.object({
        from: z.string(),
        docId: z.string(),
        breadcrumb: z.string(),
        to: z.string().nullable(),
        target: z.string(),
        context: z.string(),
        embed: z.boolean(),
      }),
    ),
    backlinkCount: z.number().int(),
    truncated: z.boolean(),
  }),
} satisfies Record<ToolName, z.ZodType>;

const IDS =
  'Ids look like `vault:path/to/note.md#section-slug` (a section) or `vault:path/to/note.md` (a whole note).';

/** Title and description of each tool, for the model. */
const TEXTS: Record<ToolName, { title: string; description: string }> = {
  search: {
    title: 'Search notes',
    description: [
      "Search the user's Markdown notes by section. Each result is the part of a note that best answers the query — a section, a group of sibling sections, or a whole note — with its breadcrumb, id, line range, score, the note's dates (modified; created when its frontmatter gives one) and a snippet with the matched words in **bold**.",
      'A result marked `merged N` absorbed N matching sections of its note: it is their parent section or the whole note, its lines cover theirs; `outline` its note to pick one.',
      'Use this first to find where something is written. Then call `read` with a result id for its full text, or use `context` to get the text of several results at once within a token budget. To follow links from or to a result, call `links` with its id.',
      IDS,
      `Query language: words are stemmed ("handling" finds "handled"); "exact phrase"; -word excludes; a OR b; (grouping); title:word, tags:word, body:word search one field; word* is a prefix. Dates: modified:<30d, modified:>2026-01-01, created:2025 (also updated:, date:; ages in d, w, m, y; >, >=, <, <=) keep the notes in that range; a query of date filters alone (modified:<7d) lists those notes, newest first. Sections holding only some of the words are found too, marked partial and ranked by how much of the query they hold; strict: only sections holding every word. \`queries\` with several topics searches each on its own and merges them. A query searches its first ${MAX_QUERY_WORDS} words (the answer names the words it left out): ask with the words that matter, not a pasted page.`,
      `Returns at most ${TOOL_MAX_RESULTS} results (limit, default 10).`,
    ].join('\n\n'),
  },
  read: {
    title: 'Read a section',
    description: [
      'Read one note or section exactly as it is written in the file (Markdown), headed by its breadcrumb, its source (vault, path#slug) and its line range. Subsections are included unless `descendants` is false.',
      `${IDS} Use ids from search, outline or context results; an id outside the index is an error.`,
      `Long text is cut at a paragraph boundary to fit maxTokens (default ${TOOL_DEFAULT_MAX_TOKENS.toLocaleString('en')}, ≈ 4 characters per token); the answer then says which lines it shows and the call that reads the rest (the same id with fromLine, the first line left out), or read the subsections (see outline).`,
    ].join('\n\n'),
  },
  outline: {
    title: 'Outline a note',
    description: [
      'The heading tree of one note: every section with its id, title, depth (1 for #, 2 for ##…) and line range, in document order.',
      'Use it to see how a note is organised and to pick the section to `read`. docId is a note id, `vault:path` (a result id without its #slug); a section id outlines the note that holds it.',
    ].join('\n\n'),
  },
  context: {
    title: 'Notes as context',
    description: [
      'Search, then pack the text of the best results into one Markdown document within maxTokens (≈ 4 characters per token): each result headed by its breadcrumb, source and lines, in rank order; the last one that does not fit is cut at a paragraph boundary and marked […]. A line after the pack says how many results it holds of those found, and which one was cut with the `read` call that gives all of it.',
      'Use it to get the content behind a question in one call (e.g. to answer from the notes). To read one specific section, use search then read.',
      'A pack item names its source as `Source: vault · [path#slug]`: its id, for read, outline and links, is `vault:path#slug` (`vault:path` without a slug).',
      'Each query is in the query language of `search`: vault:name, path:"folder/" and date filters (modified:<30d) narrow it, as they do there.',
    ].join('\n\n'),
  },
  links: {
    title: 'Links of a note',
    description: [
      "A note's or a section's links: the links it makes to other notes (wikilinks, embeds, Markdown links; `to` is the id of the note or section it points to, null when it names no note yet) and its backlinks — the sections of other notes that link to it, each with its breadcrumb and the line around the link.",
      'Use it to follow a topic across notes: after `search` or `read`, to see what a note refers to and what refers to it; then `read` those ids. A section id gives the links of that section and its subsections.',
      `${IDS} Each list (outgoing links, backlinks) is bounded by limit (default 30, at most ${TOOL_MAX_BACKLINKS}); the counts say how many there are in all.`,
    ].join('\n\n'),
  },
  vaults: {
    title: 'List vaults',
    description:
      'The note folders (vaults) Folio has indexed: name, root folder, documents, sections, status (idle, indexing, watching, offline, …) and when a note was last indexed. Pass a name as `vault` to search to search only that vault.',
  },
};

/** Told to the client at initialization: how the tools fit together. */
export const INSTRUCTIONS =
  "Folio searches the user's personal Markdown notes by section. Start with `search` (or `context` to get the text of the best results within a token budget); `read` a result id for the section's exact text; `outline` a note to see its sections; `links` shows what a note links to and which sections link to it; `vaults` lists the indexed folders. Ids are `vault:path#slug` (section) or `vault:path` (note); cite notes by path and line range.";

/** A JSON Schema as MCP sends it (no `$schema` key: clients validate with their own draft). */
function jsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
): Record<string, unknown> & { type: 'object' } {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return { ...rest, type: 'object' };
}

/** The `tools/list` answer, computed once. */
export function toolList() {
  return (Object.keys(TOOL_SCHEMAS) as ToolName[]).map((name) => ({
    name,
    ...TEXTS[name],
    inputSchema: jsonSchema(TOOL_SCHEMAS[name], 'input'),
    outputSchema: jsonSchema(OUTPUT_SCHEMAS[name], 'output'),
    annotations: { title: TEXTS[name].title, readOnlyHint: true, openWorldHint: false },
  }));
}
