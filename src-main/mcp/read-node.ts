// The `read` tool (docs/mcp.md#read): a node's Markdown as indexed — the file's own bytes from its
// heading line to the end of its section — headed as an export item is (breadcrumb, source,
// lines), cut at a paragraph boundary when it does not fit the token budget, the cut said.
import type { NodeContent, OutlineResponse } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { TOOL_DEFAULT_MAX_TOKENS } from '#shared/contract/schema.ts';
import { charsFor, cutToFit, estimateTokens } from '../engine/export/budget.ts';
import { CUT_MARKER, exportHeader } from '../engine/export/export-text.ts';
import { capped, crumb } from './render.ts';

/** What `read` returns as structured content: the node's content as indexed, bounded. */
export interface ReadResult extends Omit<NodeContent, 'headingStart' | 'displayBreadcrumb'> {
  /** Estimated tokens of the whole text, before any cut (`markdown` is cut when `truncated`). */
  tokens: number;
  truncated: boolean;
}

/** Characters kept for the note that says where and why the text was cut. */
const NOTE_ROOM = 400;

/** Splits after each `\n`, keeping the line ends (`\r\n` too) with their lines. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * The node's own text: up to its first subsection's heading line (the outline lists the nodes in
 * document order; the node after it is its first child when it is deeper).
 */
function ownPart(
  node: NodeContent,
  outline: OutlineResponse,
): { markdown: string; endLine: number } {
  const at = outline.nodes.findIndex((n) => n.id === node.id);
  const self = outline.nodes[at];
  const next = outline.nodes[at + 1];
  if (!self || !next || next.depth <= self.depth) {
    return { markdown: node.markdown, endLine: node.endLine };
  }
  const kept = linesOf(node.markdown).slice(0, next.startLine - node.startLine);
  return { markdown: kept.join(''), endLine: Math.max(node.startLine, next.startLine - 1) };
}

/** The `read` tool: the text and the structured result. */
export async function readNode(
  engine: EngineService,
  args: { id: string; maxTokens?: number; descendants?: boolean },
): Promise<{ text: string; structured: ReadResult }> {
  const node = await engine.nodeContent({ id: args.id });
  const part =
    args.descendants === false
      ? ownPart(node, await engine.outline({ docId: node.docId }))
      : { markdown: node.markdown, endLine: node.endLine };
  const slug = node.id === node.docId ? null : node.id.slice(node.docId.length + 1);
  const breadcrumb = crumb(node.breadcrumb);
  const header = exportHeader({ ...node, breadcrumb, slug, endLine: part.endLine, text: '' }, 'md');
  const budget = args.maxTokens ?? TOOL_DEFAULT_MAX_TOKENS;
  const tokens = estimateTokens(part.markdown);
  const room = charsFor(budget) - header.length - 2 - NOTE_ROOM;
  const cut = room > 0 ? cutToFit(part.markdown, room) : { text: '', cut: true };
  const structured: ReadResult = {
    id: node.id,
    docId: node.docId,
    vault: node.vault,
    path: node.path,
    title: capped(node.title),
    breadcrumb,
    startLine: node.startLine,
    endLine: part.endLine,
    markdown: cut.text,
    tokens,
    truncated: cut.cut,
  };
  if (!cut.cut) return { text: `${header}\n\n${part.markdown}`, structured };
  const note =
    `${CUT_MARKER}\n\n(Cut to fit ${budget.toLocaleString('en')} tokens: the whole text is about ` +
    `${tokens.toLocaleString('en')} tokens. Read its subsections by id — the outline tool lists ` +
    `them — or call read again with a larger maxTokens.)`;
  const body = cut.text ? `${cut.text.trimEnd()}\n\n` : '';
  return { text: `${header}\n\n${body}${note}`, structured };
}
