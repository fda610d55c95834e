// The preview's worker: renders one section at a time off the page's thread, so that a note that
// parses slowly never freezes the window (the page ends the worker after a time limit).
import { renderPreview } from './preview-render.ts';
import type { CharRange } from './utf8-offsets.ts';

/** A render request: the section's markdown and the ranges to mark. */
export interface PreviewRequest {
  id: number;
  markdown: string;
  highlights: CharRange[];
}

// Loaded: from now on an error in this worker is about a section, not about workers running here.
self.postMessage({ ready: true });

self.onmessage = (event: MessageEvent<PreviewRequest>) => {
  const { id, markdown, highlights } = event.data;
  try {
    self.postMessage({ id, render: renderPreview(markdown, highlights) });
  } catch (error) {
    // A tree the page cannot be sent (too deep to copy): the page shows the text instead.
    const reason = `it could not be rendered (${(error as Error).message})`;
    self.postMessage({ id, render: { kind: 'plain', reason } });
  }
};
