// Reading the hast trees the markdown renderer builds: every node in document order, or the
// elements alone. Shared by the renderer's markdown tests.
import type { Element, Root, RootContent } from 'hast';

/** Every node below `nodes`, depth first, in document order. */
export function* walk(nodes: readonly RootContent[]): Generator<RootContent> {
  for (const node of nodes) {
    yield node;
    if (node.type === 'element') yield* walk(node.children);
  }
}

/** Every element of the tree, in document order. */
export const elements = (tree: Root): Element[] =>
  [...walk(tree.children)].filter((node): node is Element => node.type === 'element');
