// Renders previews in a worker with a time limit (docs/ui.md#the-preview): a section that takes
// longer ends its worker (a new one serves the next request) and is shown as plain text. Where a
// worker cannot start, rendering runs on the page, still under the nesting and depth limits.
import { renderPreview, type PreviewRender } from './preview-render.ts';
import type { CharRange } from './utf8-offsets.ts';
import type { PreviewRequest } from './preview.worker.ts';

/** How long a section may take to render, from when it is asked for, before it is plain text. */
export const RENDER_TIMEOUT_MS = 3000;

/**
 * How long a superseded render may have run and still finish (its answer dropped) before the
 * newer section: longer, and its worker is ended and another started for the newer one. Most
 * sections render in less, and a worker's start (a new isolate compiling the renderer) costs as
 * much as a render (docs/ui.md#the-preview).
 */
export const RESTART_AFTER_MS = 200;

/** The client's limits (the defaults above; tests shorten them). */
export interface PreviewWorkerOptions {
  /** `RENDER_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** `RESTART_AFTER_MS`. */
  restartAfterMs?: number;
}

interface Request {
  id: number;
  markdown: string;
  highlights: readonly CharRange[];
  /** Answers the caller; once only (later answers are dropped). */
  answer: (render: PreviewRender) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** The request the worker is rendering, and since when (its worker loaded, or it was sent). */
interface Busy {
  request: Request;
  since: number;
}

const SUPERSEDED: PreviewRender = { kind: 'plain', reason: 'a newer section was asked for' };

/**
 * Renders one section at a time in a worker. A request sent while another is still rendering
 * supersedes it: the older request is answered as superseded at once (its caller has moved on),
 * and the newer one waits for the worker — unless the older render has already run
 * `restartAfterMs`, or runs that long meanwhile: then its worker is ended and another renders
 * the newer section. Only the newest waiting request is kept, so arrowing through results never
 * waits behind more than one section, and never long behind a slow one.
 */
export class PreviewWorkerClient {
  #worker: Worker | null = null;
  #broken = false;
  /** A worker has loaded: workers run here, so a later error is about one section. */
  #loaded = false;
  /** The current worker has loaded (a render sent before that has not started). */
  #ready = false;
  #busy: Busy | null = null;
  #waiting: Request | null = null;
  #restartTimer: ReturnType<typeof setTimeout> | undefined;
  #nextId = 0;
  readonly #timeoutMs: number;
  readonly #restartAfterMs: number;

  constructor(options: PreviewWorkerOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? RENDER_TIMEOUT_MS;
    this.#restartAfterMs = options.restartAfterMs ?? RESTART_AFTER_MS;
  }

  /** Renders `markdown`; resolves to the tree or to the reason it is shown as plain text. */
  render(markdown: string, highlights: readonly CharRange[]): Promise<PreviewRender> {
    if (!this.#ensureWorker()) return Promise.resolve(renderPreview(markdown, highlights));
    return new Promise((resolve) => {
      const request: Request = {
        id: ++this.#nextId,
        markdown,
        highlights,
        answer: (render) => {
          clearTimeout(request.timer);
          request.answer = () => {};
          resolve(render);
        },
        timer: setTimeout(() => this.#timedOut(request), this.#timeoutMs),
      };
      this.#waiting?.answer(SUPERSEDED);
      this.#busy?.request.answer(SUPERSEDED);
      this.#waiting = request;
      this.#next();
    });
  }

  /** Ends the worker (the page is going away); what it had is answered as superseded. */
  close(): void {
    this.#waiting?.answer(SUPERSEDED);
    this.#waiting = null;
    this.#restart(SUPERSEDED);
  }

  /** Sends the waiting request if the worker is free; else ends a render that has run long. */
  #next(): void {
    clearTimeout(this.#restartTimer);
    const request = this.#waiting;
    if (!request) return;
    const worker = this.#ensureWorker();
    if (!worker) {
      this.#waiting = null;
      return request.answer(renderPreview(request.markdown, request.highlights));
    }
    if (!this.#busy) {
      this.#waiting = null;
      this.#busy = { request, since: performance.now() };
      const message: PreviewRequest = {
        id: request.id,
        markdown: request.markdown,
        highlights: [...request.highlights],
      };
      return worker.postMessage(message);
    }
    // A worker still loading has not started the render before: ending it would only load again.
    if (!this.#ready) return;
    const left = this.#busy.since + this.#restartAfterMs - performance.now();
    if (left <= 0) this.#restart(SUPERSEDED);
    else this.#restartTimer = setTimeout(() => this.#next(), left);
  }

  #ensureWorker(): Worker | null {
    if (this.#worker || this.#broken) return this.#worker;
    try {
      const worker = new Worker(new URL('./preview.worker.ts', import.meta.url), {
        type: 'module',
      });
      type Answer = { ready: true } | { id: number; render: PreviewRender };
      worker.onmessage = (event: MessageEvent<Answer>) => {
        if (this.#worker !== worker) return;
        if ('ready' in event.data) this.#started();
        else this.#answered(event.data.id, event.data.render);
      };
      // Only the current worker's errors count (an ended one may still report its last).
      worker.onerror = (event) => {
        event.preventDefault();
        if (this.#worker === worker) this.#fail();
      };
      this.#worker = worker;
      this.#ready = false;
    } catch {
      this.#broken = true;
    }
    return this.#worker;
  }

  /** The worker has loaded: the render sent to it starts now. */
  #started(): void {
    this.#loaded = true;
    this.#ready = true;
    if (this.#busy) this.#busy.since = performance.now();
    this.#next();
  }

  #answered(id: number, render: PreviewRender): void {
    if (this.#busy?.request.id !== id) return;
    this.#busy.request.answer(render);
    this.#busy = null;
    this.#next();
  }

  /** Past its time limit: shown as plain text; if it is rendering or waiting, the worker ends. */
  #timedOut(request: Request): void {
    request.answer({
      kind: 'plain',
      reason: `it took longer than ${this.#timeoutMs / 1000} s to render`,
    });
    if (this.#waiting === request) this.#waiting = null;
    if (this.#busy) this.#restart(SUPERSEDED);
  }

  /** Ends the busy worker, answers its request with `render`, and sends the one waiting. */
  #restart(render: PreviewRender): void {
    clearTimeout(this.#restartTimer);
    this.#worker?.terminate();
    this.#worker = null;
    this.#busy?.request.answer(render);
    this.#busy = null;
    this.#next();
  }

  /**
   * The worker failed. Before it ever loaded, workers cannot run here (a policy refusing
   * them): render on the page from now on. After, the section it was rendering broke it: show
   * that as text, and send the one waiting to another worker.
   */
  #fail(): void {
    this.#broken = !this.#loaded;
    const busy = this.#busy?.request;
    this.#restart(
      busy && this.#broken
        ? renderPreview(busy.markdown, busy.highlights)
        : { kind: 'plain', reason: 'the renderer stopped on it' },
    );
  }
}
