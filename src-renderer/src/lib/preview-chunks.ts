// A long section's preview in chunks: its top-level nodes are rendered a chunk per task, so a
// keystroke that comes while a long section is being shown waits for one chunk at most, not for
// the whole section (docs/benchmarks.md#ui). The first chunk holds where the preview lands (the
// first node marking the most distinct words, {@link landing}), which it scrolls to at once.
import type { Element, RootContent } from 'hast';

/**
 * Nodes (elements and text) rendered per task: a screenful or two of prose, a few milliseconds
 * of the page's thread on a quiet machine (docs/benchmarks.md#ui).
 */
export const PREVIEW_CHUNK_NODES = 150;

/** A matched term's mark (`==text==` is a mark too, of another class). */
function isHit(node: RootContent): node is Element {
  const classes = node.type === 'element' ? node.properties.className : undefined;
  return node.type === 'element' && node.tagName === 'mark' && Array.isArray(classes)
    ? classes.includes('hit')
    : false;
}

function textOf(node: RootContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

/**
 * How many nodes `node` is, itself and all it holds; `hits`: how many matched terms' marks it
 * holds; `words`: the distinct words they mark (lower case).
 */
function measure(node: RootContent): { nodes: number; hits: number; words: Set<string> } {
  if (node.type !== 'element') return { nodes: 1, hits: 0, words: new Set() };
  const total = { nodes: 1, hits: 0, words: new Set<string>() };
  for (const child of node.children) {
    const inner = measure(child);
    total.nodes += inner.nodes;
    total.hits += inner.hits;
    for (const word of inner.words) total.words.add(word);
  }
  if (isHit(node)) {
    total.hits += 1;
    total.words.add(textOf(node).toLowerCase());
  }
  return total;
}

/** Where the preview lands: a top-level node, and its first mark's place among all the marks. */
export interface Landing {
  /** The top-level node: the first that marks the most distinct words. */
  node: number;
  /** Its first matched term's mark, counted in document order over the whole tree. */
  mark: number;
}

/**
 * Where the preview lands in `nodes`: the first top-level node marking the most distinct words
 * of the query, not merely the first match. A merged section runs to hundreds of lines, and its
 * first match is often one common word: obsidian-hub's test guide, searched for "correct import
 * path MyPluginLogic", opened at "Install types for correct typing" (line 40) while the callout
 * "Correct import path", holding all four, is at line 253 (docs/ui.md#the-preview). Null when
 * nothing is marked.
 */
export function landing(nodes: readonly RootContent[]): Landing | null {
  return landingOf(nodes.map(measure));
}

function landingOf(sizes: readonly ReturnType<typeof measure>[]): Landing | null {
  let best: Landing | null = null;
  let bestWords = 0;
  let marks = 0;
  sizes.forEach(({ hits, words }, node) => {
    if (words.size > bestWords) {
      best = { node, mark: marks };
      bestWords = words.size;
    }
    marks += hits;
  });
  return best;
}

/**
 * Where each chunk of `nodes` ends (indexes past its last node, the last one `nodes.length`):
 * about `chunkNodes` nodes each, whole top-level nodes only, the first one running at least to
 * the node the preview lands on ({@link landing}). None for no nodes.
 */
export function chunkEnds(
  nodes: readonly RootContent[],
  chunkNodes = PREVIEW_CHUNK_NODES,
): number[] {
  const sizes = nodes.map(measure);
  const lands = landingOf(sizes)?.node ?? -1;
  const ends: number[] = [];
  let size = 0;
  sizes.forEach(({ nodes: count }, index) => {
    size += count;
    const beforeLanding = ends.length === 0 && index < lands;
    if (size >= chunkNodes && !beforeLanding) {
      ends.push(index + 1);
      size = 0;
    }
  });
  if (nodes.length > 0 && ends.at(-1) !== nodes.length) ends.push(nodes.length);
  return ends;
}
