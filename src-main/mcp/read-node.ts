// The `read` tool (docs/mcp.md#read): a node's Markdown as indexed — the file's own bytes from its
// heading line to the end of its section — headed as an export item is (breadcrumb, source,
// lines), cut at a paragraph boundary when it does not fit the token budget, the cut said.
import type { NodeContent, OutlineResponse } from '#shared/contract/api.ts';
import { FolioError, type EngineService } from '#shared/contract/engine.ts';
import { TOOL_DEFAULT_MAX_TOKENS } from '#shared/contract/schema.ts';
import { charsFor, cutToFit, estimateTokens } from '../engine/export/budget.ts';
import { CUT_MARKER, exportHeader } from '../engine/export/export-text.ts';
import { capped, crumb } from './render.ts';

/** What `read` returns as structured content: the node's content as indexed, bounded. */
export interface ReadResult extends Omit<NodeContent, 'headingStart' | 'displayBreadcrumb'> {
  /** Estimated tokens of the whole text, before any cut (`markdown` is cut when `truncated`). */
  tokens: number;
  truncated: boolean;
  /** The line to pass back as `fromLine` for the rest of a cut text; null when nothing is left. */
  nextLine: number | null;
}

/** Characters kept for the note that says where the text was cut, besides the id it quotes. */
const NOTE_ROOM = 400;

/** Splits after each `\n`, keeping the line ends (`\r\n` too) with their lines. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** A node's text from `startLine` to `endLine` of the file. */
interface Part {
  markdown: string;
  startLine: number;
  endLine: number;
}

/**
 * The node's first subsection, if it has one: the outline lists the nodes in document order, so
 * the node after it is its first child when it is deeper.
 */
function firstSubsection(outline: OutlineResponse, id: string) {
  const at = outline.nodes.findIndex((n) => n.id === id);
  const next = outline.nodes[at + 1];
  return at !== -1 && next && next.depth > outline.nodes[at]!.depth ? next : undefined;
}

/** The node's own text: up to its first subsection's heading line. */
function ownPart(node: NodeContent, outline: OutlineResponse): Part {
  const whole = { markdown: node.markdown, startLine: node.startLine, endLine: node.endLine };
  const next = firstSubsection(outline, node.id);
  if (!next) return whole;
  const kept = linesOf(node.markdown).slice(0, next.startLine - node.startLine);
  return {
    ...whole,
    markdown: kept.join(''),
    endLine: Math.max(node.startLine, next.startLine - 1),
  };
}

/** `part` from line `fromLine` of the file on; an error naming the argument outside its lines. */
function fromLineOn(part: Part, fromLine: number, id: string): Part {
  if (fromLine < part.startLine || fromLine > part.endLine) {
    throw new FolioError(
      'invalid-argument',
      `fromLine ${fromLine} is outside lines ${part.startLine}–${part.endLine} of "${id}" (fromLine)`,
    );
  }
  const markdown = linesOf(part.markdown)
    .slice(fromLine - part.startLine)
    .join('');
  return { markdown, startLine: fromLine, endLine: part.endLine };
}

/** Where the rest of a cut text begins: its line in the file, and whether the cut split that line. */
interface Rest {
  line: number;
  split: boolean;
}

/**
 * Where the rest of a cut text begins: the line holding the first character `kept` left out (white
 * space skipped); a cut inside a line starts the rest on that line.
 */
function restOf(part: Part, kept: string): Rest {
  const { markdown } = part;
  let at = 0;
  const shared = Math.min(markdown.length, kept.length);
  while (at < shared && markdown.charCodeAt(at) === kept.charCodeAt(at)) at++;
  while (at < markdown.length && /\s/.test(markdown[at]!)) at++;
  let line = part.startLine;
  let lineStart = 0;
  for (let i = markdown.indexOf('\n'); i !== -1 && i < at; i = markdown.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, split: markdown.slice(lineStart, at).trim() !== '' };
}

/** True when the node has subsections. */
async function hasSubsections(engine: EngineService, node: NodeContent): Promise<boolean> {
  return firstSubsection(await engine.outline({ docId: node.docId }), node.id) !== undefined;
}

/** `lines 3–20`, or `lines 3–21 (line 21 in part)` when the cut split the line the rest starts on. */
function shown(startLine: number, nextLine: number, split: boolean): string {
  return split
    ? `lines ${startLine}–${nextLine} (line ${nextLine} in part)`
    : `lines ${startLine}–${nextLine - 1}`;
}

/** The `read` tool: the text and the structured result. */
export async function readNode(
  engine: EngineService,
  args: { id: string; maxTokens?: number; descendants?: boolean; fromLine?: number },
): Promise<{ text: string; structured: ReadResult }> {
  const node = await engine.nodeContent({ id: args.id });
  const whole =
    args.descendants === false
      ? ownPart(node, await engine.outline({ docId: node.docId }))
      : { markdown: node.markdown, startLine: node.startLine, endLine: node.endLine };
  const part = args.fromLine === undefined ? whole : fromLineOn(whole, args.fromLine, node.id);
  const slug = node.id === node.docId ? null : node.id.slice(node.docId.length + 1);
  const breadcrumb = crumb(node.breadcrumb);
  const header = exportHeader({ ...node, ...part, breadcrumb, slug, text: '' }, 'md');
  const budget = args.maxTokens ?? TOOL_DEFAULT_MAX_TOKENS;
  const tokens = estimateTokens(part.markdown);
  const max = charsFor(budget) - header.length - 2;
  // The text when it fits; else cut with room kept for the note saying how to read the rest.
  const room = max - NOTE_ROOM - JSON.stringify(node.id).length;
  const cut =
    part.markdown.length <= max
      ? { text: part.markdown, cut: false }
      : room > 0
        ? cutToFit(part.markdown, room)
        : { text: '', cut: true };
  const rest = cut.cut ? restOf(part, cut.text) : null;
  // A cut within the first line cannot be continued by line: only a larger budget helps.
  const nextLine = rest !== null && rest.line > part.startLine ? rest.line : null;
  const structured: ReadResult = {
    id: node.id,
    docId: node.docId,
    vault: node.vault,
    path: node.path,
    title: capped(node.title),
    breadcrumb,
    startLine: part.startLine,
    endLine: part.endLine,
    markdown: cut.text,
    tokens,
    truncated: cut.cut,
    nextLine,
  };
  if (!cut.cut) return { text: `${header}\n\n${part.markdown}`, structured };
  const size = `the text from line ${part.startLine} is about ${tokens.toLocaleString('en')} tokens`;
  const again = (fromLine: number) =>
    `read ${JSON.stringify({ id: node.id, fromLine, ...(args.maxTokens ? { maxTokens: budget } : {}) })}`;
  const sections =
    args.descendants !== false && (await hasSubsections(engine, node))
      ? ', or read its subsections by id (the outline tool lists them)'
      : '';
  const larger = 'call read with a larger maxTokens';
  const how = !cut.text
    ? `Its header leaves no room for the text: ${larger}.`
    : nextLine === null
      ? `Line ${part.startLine} alone is longer than that: ${larger}.`
      : `Shown: ${shown(part.startLine, nextLine, rest!.split)} of ${part.startLine}–${part.endLine}. The rest: ${again(nextLine)}${sections}.`;
  const note = `${CUT_MARKER}\n\n(Cut to fit ${budget.toLocaleString('en')} tokens; ${size}. ${how})`;
  const body = cut.text ? `${cut.text.trimEnd()}\n\n` : '';
  return { text: `${header}\n\n${body}${note}`, structured };
}
