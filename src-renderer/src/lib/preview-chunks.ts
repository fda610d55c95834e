// A long section's preview in chunks: its top-level nodes are rendered a chunk per task, so a
// keystroke that comes while a long section is being shown waits for one chunk at most, not for
// the whole section (docs/benchmarks.md#ui). The first chunk holds the first matched term, which
// the preview scrolls to at once.
import type { RootContent } from 'hast';

/**
 * Nodes (elements and text) rendered per task: a screenful or two of prose, a few milliseconds
 * of the page's thread on a quiet machine (docs/benchmarks.md#ui).
 */
export const PREVIEW_CHUNK_NODES = 150;

/** How many nodes `node` is, itself and all it holds; `marked`: it holds a matched term. */
function measure(node: RootContent): { nodes: number; marked: boolean } {
  if (node.type !== 'element') return { nodes: 1, marked: false };
  let nodes = 1;
  const classes = node.properties.className;
  let marked = node.tagName === 'mark' && Array.isArray(classes) && classes.includes('hit');
  for (const child of node.children) {
    const inner = measure(child);
    nodes += inner.nodes;
    marked ||= inner.marked;
  }
  return { nodes, marked };
}

/**
 * Where each chunk of `nodes` ends (indexes past its last node, the last one `nodes.length`):
 * about `chunkNodes` nodes each, whole top-level nodes only, the first one running at least to
 * the first node that holds a matched term. None for no nodes.
 */
export function chunkEnds(
  nodes: readonly RootContent[],
  chunkNodes = PREVIEW_CHUNK_NODES,
): number[] {
  const sizes = nodes.map(measure);
  const firstMark = sizes.findIndex((size) => size.marked);
  const ends: number[] = [];
  let size = 0;
  sizes.forEach(({ nodes: count }, index) => {
    size += count;
    const beforeMark = ends.length === 0 && index < firstMark;
    if (size >= chunkNodes && !beforeMark) {
      ends.push(index + 1);
      size = 0;
    }
  });
  if (nodes.length > 0 && ends.at(-1) !== nodes.length) ends.push(nodes.length);
  return ends;
}
