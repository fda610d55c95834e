// How tool results read for a model (docs/mcp.md#tools): one line per search result, an indented
// outline, one line per vault — compact, with every id whole so that it can be passed back.
import type {
  OutlineResponse,
  SearchResult,
  SearchSort,
  SnippetSegment,
} from '#shared/contract/api.ts';
import { TOOL_DEFAULT_MAX_TOKENS } from '#shared/contract/schema.ts';
import { charsFor } from '../engine/export/budget.ts';

/** Longest title or breadcrumb a result shows (a heading can be 15 KB long); ids stay whole. */
export const MAX_LABEL_CHARS = 300;
/** Most matched terms a result lists (a 20,000-character query can match hundreds). */
export const MAX_MATCHED_TERMS = 50;
/** Characters one answer's list may fill: the 25,000-token bound of docs/mcp.md#tools. */
export const ANSWER_CHARS = charsFor(TOOL_DEFAULT_MAX_TOKENS);

/** The first items of `list` whose sizes (as `size` counts them) add up to at most `max`. */
export function within<T>(list: T[], size: (item: T) => number, max = ANSWER_CHARS): T[] {
  let used = 0;
  const kept: T[] = [];
  for (const item of list) {
    used += size(item);
    if (used > max) break;
    kept.push(item);
  }
  return kept;
}

/** A search result as an agent gets it (`search`'s structured content). */
export interface AgentResult {
  id: string;
  vault: string;
  path: string;
  title: string;
  breadcrumb: string;
  startLine: number;
  endLine: number;
  score: number;
  /** Plain text, matches marked `**…**`. */
  snippet: string;
  partial: boolean;
  matchedTerms: string[];
  /** How many sections this result absorbed. */
  merged: number;
  /** The note's modification time, ISO 8601 (docs/mcp.md#tools). */
  modified: string;
  /** Its frontmatter `created` (else `date`), ISO 8601; null when it gives neither. */
  created: string | null;
}

/** `text` cut to `max` characters, an ellipsis marking the cut. */
export function capped(text: string, max = MAX_LABEL_CHARS): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 2] ?? '') ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

/** `> File › Section` → `File › Section`. */
export function crumb(breadcrumb: string): string {
  return capped(breadcrumb.replace(/^>\s*/, ''));
}

/** White space other than single spaces. */
const UNCOLLAPSED = /[^\S ]| {2}/;

/** A snippet as plain text on one line, matches marked `**…**` (never HTML). */
export function plainSnippet(segments: SnippetSegment[]): string {
  let text = '';
  for (const s of segments) text += s.match && s.text.trim() ? `**${s.text}**` : s.text;
  // Snippets come with their white space collapsed, mostly: replacing cost more than testing.
  return (UNCOLLAPSED.test(text) ? text.replace(/\s+/g, ' ') : text).trim();
}

export function agentResult(result: SearchResult): AgentResult {
  return {
    id: result.id,
    vault: result.vault,
    path: result.path,
    title: capped(result.title),
    breadcrumb: crumb(result.breadcrumb),
    startLine: result.startLine,
    endLine: result.endLine,
    score: Math.round(result.score * 1000) / 1000,
    snippet: plainSnippet(result.snippetSegments),
    partial: result.partial,
    matchedTerms: result.matchedTerms.slice(0, MAX_MATCHED_TERMS),
    merged: result.mergedFrom.length,
    modified: new Date(result.modified).toISOString(),
    created: result.created === null ? null : new Date(result.created).toISOString(),
  };
}

/** `2026-11-27` of an ISO 8601 time: a result's date as its line shows it. */
const day = (iso: string) => iso.slice(0, 10);

/** `lines 3–9`, or `line 3`. */
export function lineRange(start: number, end: number): string {
  return start === end ? `line ${start}` : `lines ${start}–${end}`;
}

/**
 * One line per result: its label (the breadcrumb as people read it, docs/mcp.md#tools), id
 * (`vault:path#slug`), lines, score, dates, flags, snippet;
 * then the order when it is by date, and how many results were `left` out to keep the answer
 * bounded; then a line for each note on the query (a date filter that is no date, searched as
 * words; the words a long query left out).
 */
export function renderSearch(
  results: AgentResult[],
  left = 0,
  order: SearchSort = 'relevance',
  queryNotes: string[] = [],
  labels: string[] = results.map((r) => r.breadcrumb),
): string {
  const notes = queryNotes.map((note) => `\n${note}`).join('');
  if (results.length === 0 && left === 0) return `No results.${notes}`;
  const lines = results.map((r, i) => {
    const dates = [`modified ${day(r.modified)}`, r.created ? `created ${day(r.created)}` : ''];
    const flags = [
      r.partial ? `partial: matched ${r.matchedTerms.join(', ') || 'some terms'}` : '',
      r.merged > 0 ? `merged ${r.merged}` : '',
    ];
    const meta = [lineRange(r.startLine, r.endLine), `score ${r.score.toFixed(2)}`, ...dates];
    const all = [...meta, ...flags].filter(Boolean).join(', ');
    return `${i + 1}. ${labels[i]} — ${r.id} (${all}): ${r.snippet}`;
  });
  const sorted = order === 'relevance' ? '' : `, newest ${order} first`;
  const more = left > 0 ? `; ${left} more left out to keep the answer under 25,000 tokens` : '';
  return `${lines.join('\n')}\n(${results.length} result${results.length === 1 ? '' : 's'}${sorted}${more}; read one with read {"id": …})${notes}`;
}

/** An outline node as an agent gets it. */
export interface AgentOutlineNode {
  id: string;
  title: string;
  depth: number;
  startLine: number;
  endLine: number;
}

/**
 * The outline: a header naming the note, then one indented line per section. Stops before
 * `maxChars`, saying how many sections it left out.
 */
export function renderOutline(
  outline: OutlineResponse,
  nodes: AgentOutlineNode[],
  left: number,
): string {
  const tags = outline.tags.length > 0 ? ` · tags: ${outline.tags.join(', ')}` : '';
  const head = `${outline.docId} — "${capped(outline.fileTitle)}"${tags}`;
  const lines = nodes.map(
    (n) =>
      `${'  '.repeat(n.depth)}${n.depth === 0 ? '(note)' : '#'.repeat(n.depth)} ${n.title} — ${n.id} (${lineRange(n.startLine, n.endLine)})`,
  );
  const more = left > 0 ? [`… ${left} more sections left out to keep the answer short`] : [];
  return [head, ...lines, ...more].join('\n');
}

/** A vault as an agent gets it. */
export interface AgentVault {
  name: string;
  root: string;
  documents: number;
  sections: number;
  status: string;
  /** Why the status is `error` (absent otherwise). */
  problem?: string;
  /** ISO 8601, or null before anything was indexed. */
  lastIndexed: string | null;
}

export function renderVaults(vaults: AgentVault[]): string {
  if (vaults.length === 0) return 'No vaults are indexed.';
  return vaults
    .map(
      (v) =>
        `${v.name} — ${v.root} · ${v.documents} documents, ${v.sections} sections · ${v.problem ? `error: ${v.problem}` : v.status} · last indexed ${v.lastIndexed ?? 'never'}`,
    )
    .join('\n');
}
