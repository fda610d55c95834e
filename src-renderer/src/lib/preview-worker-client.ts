// Renders previews in a worker with a time limit (docs/ui.md#the-preview): a section that takes
// longer ends its worker (a new one serves the next request) and is shown as plain text. Where a
// worker cannot start, rendering runs on the page, still under the nesting and depth limits.
import { renderPreview, type PreviewRender } from './preview-render.ts';
import type { CharRange } from './utf8-offsets.ts';
import type { PreviewRequest } from './preview.worker.ts';

/** How long a section may take to render before it is shown as plain text. */
export const RENDER_TIMEOUT_MS = 3000;

interface Pending {
  resolve: (render: PreviewRender) => void;
  timer: ReturnType<typeof setTimeout>;
  markdown: string;
  highlights: readonly CharRange[];
}

/**
 * Renders one section at a time in a worker. A request sent while another is still rendering
 * supersedes it: the busy worker is ended and the older request answered as superseded (its
 * caller has moved on), so arrowing through results never waits behind a slow section.
 */
export class PreviewWorkerClient {
  #worker: Worker | null = null;
  #broken = false;
  /** A worker has loaded: workers run here, so a later error is about one section. */
  #loaded = false;
  #nextId = 0;
  readonly #pending = new Map<number, Pending>();
  readonly #timeoutMs: number;

  constructor(timeoutMs = RENDER_TIMEOUT_MS) {
    this.#timeoutMs = timeoutMs;
  }

  /** Renders `markdown`; resolves to the tree or to the reason it is shown as plain text. */
  render(markdown: string, highlights: readonly CharRange[]): Promise<PreviewRender> {
    if (this.#pending.size > 0) this.#restart('a newer section was asked for');
    const worker = this.#ensureWorker();
    if (!worker) return Promise.resolve(renderPreview(markdown, highlights));
    const id = ++this.#nextId;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#timedOut(), this.#timeoutMs);
      this.#pending.set(id, { resolve, timer, markdown, highlights });
      const request: PreviewRequest = { id, markdown, highlights: [...highlights] };
      worker.postMessage(request);
    });
  }

  /** Ends the worker (the page is going away). */
  close(): void {
    this.#worker?.terminate();
    this.#worker = null;
  }

  #ensureWorker(): Worker | null {
    if (this.#worker || this.#broken) return this.#worker;
    try {
      const worker = new Worker(new URL('./preview.worker.ts', import.meta.url), {
        type: 'module',
      });
      type Answer = { ready: true } | { id: number; render: PreviewRender };
      worker.onmessage = (event: MessageEvent<Answer>) => {
        if ('ready' in event.data) this.#loaded = true;
        else this.#settle(event.data.id, event.data.render);
      };
      // Only the current worker's errors count (an ended one may still report its last).
      worker.onerror = (event) => {
        event.preventDefault();
        if (this.#worker === worker) this.#fail();
      };
      this.#worker = worker;
    } catch {
      this.#broken = true;
    }
    return this.#worker;
  }

  #settle(id: number, render: PreviewRender): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.#pending.delete(id);
    pending.resolve(render);
  }

  #timedOut(): void {
    this.#restart(`it took longer than ${this.#timeoutMs / 1000} s to render`);
  }

  /** Ends the busy worker (the next request starts another) and answers what it had. */
  #restart(reason: string): void {
    this.#worker?.terminate();
    this.#worker = null;
    for (const id of [...this.#pending.keys()]) this.#settle(id, { kind: 'plain', reason });
  }

  /**
   * The worker failed. Before it ever loaded, workers cannot run here (a policy refusing
   * them): render on the page from now on. After, one section broke it: show that as text.
   */
  #fail(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#broken = !this.#loaded;
    for (const [id, { markdown, highlights }] of [...this.#pending])
      this.#settle(
        id,
        this.#broken
          ? renderPreview(markdown, highlights)
          : { kind: 'plain', reason: 'the renderer stopped on it' },
      );
  }
}
