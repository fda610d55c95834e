// What a copy would hold, before anything is exported: estimated tokens (the engine's
// `ceil(chars / 4)`, docs/design.md#export) of the Markdown export, header included, for the copy
// buttons. Estimates from byte spans count
// a multi-byte character as several, so non-Latin text reads high: the buttons say "≈".
import type { NodeContent, OutlineResponse, SearchResult } from '#shared/contract/api.ts';
import { ownTextNode } from './outline-tree.ts';

/**
 * Estimated tokens of the header an export gives each node (Markdown): `## breadcrumb`, then
 * `Source: vault · [path#slug](<path#slug>) · lines a–b`.
 */
function headerTokens(node: { id: string; vault: string; breadcrumb: string }): number {
  const anchor = node.id.length - node.vault.length - 1;
  return Math.ceil((node.breadcrumb.length + node.vault.length + 2 * anchor + 36) / 4);
}

/** Estimated tokens of `results`' exports: headers and whole sections (heading to the end). */
export function resultTokens(results: readonly SearchResult[]): number {
  return results.reduce(
    (sum, result) =>
      sum + headerTokens(result) + Math.ceil(Math.max(0, result.byteEnd - result.headingStart) / 4),
    0,
  );
}

/** The shown node's sizes: with its subsections, and its own text alone. */
export interface SectionSize {
  /** Estimated tokens of the whole section. */
  whole: number;
  /** Estimated tokens of its own text: its heading up to its first subheading. */
  own: number;
  /** It has subsections (else `own` equals `whole`). */
  hasSubsections: boolean;
}

/**
 * The sizes of `content` (the shown node), its subsections found in `outline`. A note that starts
 * with its heading is measured as that heading's section ({@link ownTextNode}).
 */
export function sectionSize(content: NodeContent, outline: OutlineResponse | null): SectionSize {
  const header = headerTokens(content);
  const whole = header + Math.ceil(content.markdown.length / 4);
  const section = ownTextNode(outline, content.id);
  const firstChild = section && outline?.nodes.find((node) => node.parentId === section.id);
  if (!section || !firstChild) return { whole, own: whole, hasSubsections: false };
  const lines = content.markdown.split('\n');
  const own = lines
    .slice(section.startLine - content.startLine, firstChild.startLine - content.startLine)
    .join('\n')
    .trimEnd();
  return { whole, own: header + Math.ceil(own.length / 4), hasSubsections: true };
}

/** "≈ 850", "≈ 1.2k", "≈ 19k" (a button's size, in tokens). */
export function formatTokens(tokens: number): string {
  if (tokens < 1000) return `≈ ${tokens}`;
  if (tokens < 10_000) return `≈ ${(tokens / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `≈ ${Math.round(tokens / 1000)}k`;
}
