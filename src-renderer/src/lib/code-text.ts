// The text a code block's copy button copies (docs/ui.md#copying-a-command): a fenced or indented
// block, or a paragraph that is one inline code span — how tldr pages and many notes write a
// command on its own line. Marks of matched terms are elements in the tree; their text counts.
import type { Element, ElementContent } from 'hast';

/** Everything `node` says as text (its descendants' text, in order). */
function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** The code `element` holds when it is a code block (see above), else null. */
export function codeBlockText(element: Element): string | null {
  if (element.tagName === 'pre') return textOf(element).replace(/\n$/, '');
  if (element.tagName !== 'p') return null;
  const content = element.children.filter(
    (child) => !(child.type === 'text' && child.value.trim() === ''),
  );
  const only = content.length === 1 ? content[0]! : null;
  return only?.type === 'element' && only.tagName === 'code' ? textOf(only) : null;
}
