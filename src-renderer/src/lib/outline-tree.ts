// The outline of a document as the panel shows it: a pre-order list of rows, with collapsed
// subtrees hidden and matched nodes marked. Pure functions over the engine's outline response.
import type { OutlineNode, OutlineResponse, SearchResult } from '#shared/contract/api.ts';

/** One visible row of the outline. */
export interface OutlineRow {
  /** The outline node of this row. */
  node: OutlineNode;
  /** Nesting level under the document node (document = 0), not the heading depth. */
  level: number;
  /** The node has children (it can be collapsed). */
  hasChildren: boolean;
  /** Its children are shown. */
  expanded: boolean;
  /** The node is a result, or some result absorbed it. */
  matched: boolean;
  /**
   * The document node this row also stands for: a note whose only content is its first
   * section shows as that section's row alone, not as two rows with one title.
   */
  alias: string | null;
}

/** Parent/child links of an outline, built once per outline response. */
export interface OutlineIndex {
  /** Every node by id. */
  byId: ReadonlyMap<string, OutlineNode>;
  /** Children by parent id, in document order. */
  childrenOf: ReadonlyMap<string, readonly OutlineNode[]>;
  /** The document node (first in pre-order), or null for an empty outline. */
  root: OutlineNode | null;
}

/**
 * The outline's nodes with the document named by its display title (docs/design.md#display-titles):
 * its first heading when its title is only its file name.
 */
export function namedNodes(outline: OutlineResponse | null): readonly OutlineNode[] {
  if (!outline) return [];
  const [doc, ...rest] = outline.nodes;
  if (!doc || doc.title === outline.displayTitle) return outline.nodes;
  return [{ ...doc, title: outline.displayTitle }, ...rest];
}

/** Builds the parent/child links of an outline (nodes in pre-order, the document first). */
export function indexOutline(nodes: readonly OutlineNode[]): OutlineIndex {
  const byId = new Map<string, OutlineNode>();
  const childrenOf = new Map<string, OutlineNode[]>();
  for (const node of nodes) {
    byId.set(node.id, node);
    if (node.parentId === null) continue;
    const siblings = childrenOf.get(node.parentId);
    if (siblings) siblings.push(node);
    else childrenOf.set(node.parentId, [node]);
  }
  return { byId, childrenOf, root: nodes[0] ?? null };
}

/** Ids of `id`'s ancestors, nearest first (empty for the root or an unknown id). */
export function ancestorsOf(index: OutlineIndex, id: string): string[] {
  const ancestors: string[] = [];
  let parent = index.byId.get(id)?.parentId ?? null;
  while (parent !== null && !ancestors.includes(parent)) {
    ancestors.push(parent);
    parent = index.byId.get(parent)?.parentId ?? null;
  }
  return ancestors;
}

/** Every node id a result of document `docId` stands for: the results and what they absorbed. */
export function matchedIds(results: readonly SearchResult[], docId: string | null): Set<string> {
  const ids = new Set<string>();
  if (docId === null) return ids;
  for (const result of results) {
    if (result.docId !== docId) continue;
    ids.add(result.id);
    for (const id of result.mergedFrom) ids.add(id);
  }
  return ids;
}

/**
 * The section a document node folds into: its only child, when the document has no text of its
 * own (no body before its first heading). Null when the document needs its own row.
 */
export function foldedInto(index: OutlineIndex): OutlineNode | null {
  const root = index.root;
  if (!root || root.isChunk) return null;
  const children = index.childrenOf.get(root.id) ?? [];
  return children.length === 1 ? children[0]! : null;
}

/**
 * The node whose own text is `id`'s: `id` itself, or — for a document folded into its only section
 * ({@link foldedInto}: a note that starts with its heading) — that section, since the document's
 * own text is then its frontmatter at most. "Copy just this section" copies it (docs/ui.md#copying).
 */
export function ownTextNode(outline: OutlineResponse | null, id: string): OutlineNode | null {
  if (!outline) return null;
  const index = indexOutline(outline.nodes);
  if (index.root?.id === id) return foldedInto(index) ?? index.root;
  return index.byId.get(id) ?? null;
}

/** The rows to show, in pre-order, skipping the descendants of collapsed nodes. */
export function visibleRows(
  index: OutlineIndex,
  collapsed: ReadonlySet<string>,
  matched: ReadonlySet<string>,
): OutlineRow[] {
  const rows: OutlineRow[] = [];
  const walk = (node: OutlineNode, level: number, alias: string | null) => {
    const children = index.childrenOf.get(node.id) ?? [];
    const expanded = children.length > 0 && !collapsed.has(node.id);
    rows.push({
      node,
      level,
      hasChildren: children.length > 0,
      expanded,
      matched: matched.has(node.id) || (alias !== null && matched.has(alias)),
      alias,
    });
    if (expanded) for (const child of children) walk(child, level + 1, null);
  };
  const folded = foldedInto(index);
  if (folded) walk(folded, 0, index.root!.id);
  else if (index.root) walk(index.root, 0, null);
  return rows;
}

/** The nodes to expand so that `id` and its children show: itself and its ancestors. */
export function idsToReveal(index: OutlineIndex, id: string): string[] {
  return [id, ...ancestorsOf(index, id)];
}
