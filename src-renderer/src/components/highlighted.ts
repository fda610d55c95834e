// A result's snippet as text with highlighted parts, built as DOM nodes (never from HTML,
// docs/architecture.md#no-html-strings-in-the-renderer): an attachment that fills its element
// with a text node per plain segment and a `<mark class="hit">` per matched one. The result rows
// use it rather than Highlighted.svelte, whose blocks per segment were most of the work of
// building a list of rows (docs/benchmarks.md#the-first-key-of-a-query).
import type { Attachment } from 'svelte/attachments';
import type { SnippetSegment } from '#shared/contract/api.ts';

/** Fills the element with `segments`, replacing what it held. */
export function highlighted(segments: readonly SnippetSegment[]): Attachment<HTMLElement> {
  return (element) => {
    const nodes: Node[] = [];
    for (const segment of segments) {
      if (segment.match) {
        const mark = document.createElement('mark');
        mark.className = 'hit';
        mark.textContent = segment.text;
        nodes.push(mark);
      } else nodes.push(document.createTextNode(segment.text));
    }
    element.replaceChildren(...nodes);
  };
}
