// The UI bench's in-page probe (bench/ui.bench.ts): run in the page before its scripts, it notes
// each keydown, the page's answer marks, when the results for an input reach the DOM, the frame
// after that and the end of that frame's rendering, and every API request's Resource Timing with
// the bridge's `Server-Timing` (src-main/bridge/server.ts), so that a keystroke's time splits into
// the page's, the transport's and the bridge's shares (docs/benchmarks.md#ui).

/** One API request as the page's Resource Timing saw it, in ms of the page's clock. */
export interface RequestTiming {
  /** The API method (`search`, `nodeContent` …). */
  method: string;
  /** `fetch` called. */
  start: number;
  /** The request left for the socket. */
  requestStart: number;
  /** The reply's first byte. */
  responseStart: number;
  /** The reply's last byte. */
  end: number;
  /** The bridge's own `Server-Timing` entries (`bridge`, `call`, `cpu`), ms. */
  server: Record<string, number>;
}

/** One keystroke's times, in milliseconds from its keydown. */
export interface Sample {
  /** The answer arrived (the page's `folio:search-answered` mark). */
  answered: number;
  /** The results for this input were in the DOM (the page's script after the answer done). */
  dom: number;
  /**
   * The first frame after the results for this input were in the DOM: its animation frame, before
   * the frame's style, layout and paint.
   */
  painted: number;
  /** That frame rendered: the first task after it (its style, layout, paint and commit done). */
  drawn: number;
  /** Engine time reported by the answer. */
  engine: number;
  /** The keystroke's search request (its times relative to the keydown), if seen. */
  search: RequestTiming | null;
  /** Other API requests in flight between the keydown and the paint. */
  others: RequestTiming[];
  /** Long tasks (≥ 50 ms) that overlap the keydown → drawn span: their summed duration, ms. */
  longTask: number;
  /** DOM mutation records from the keydown to the frame, by the page region they touched. */
  mutations: Record<string, number>;
  /** Result rows in the DOM when it took these results. */
  rows: number;
  /** The page's JS heap at the frame less at the keydown, kB (negative: a collection ran). */
  heapKb: number;
}

/** What the in-page functions use of the page (the bench is compiled without DOM types). */
export type PageScope = {
  folioBench: {
    keydownAt: number;
    marks: number[];
    /**
     * Per `data-results-for` value: when the DOM took it, the next frame after that, and the task
     * after that frame's rendering.
     */
    shown: Map<
      string,
      { dom: number; frame: number; drawn: number; took: number; rows: number; heap: number }
    >;
    longTasks: number;
    /** Web workers the page started (the preview's renderer: a new one each time it restarts). */
    workersStarted: number;
    /** Every long task: start and duration, page clock. */
    longTaskList: Array<[number, number]>;
    /** Per mutation observer callback: when, and its records by region (plus `other`). */
    mutationLog: Array<[number, Record<string, number>]>;
    /** The JS heap's used bytes at the last keydown. */
    heapAtKeydown: number;
    /** The page's calls over the bridge's socket (`folio:socket-call` measures), page clock. */
    socketCalls: RequestTiming[];
  };
  addEventListener(type: 'keydown', listener: () => void, capture: boolean): void;
  requestAnimationFrame(callback: () => void): void;
  Worker: new (...args: unknown[]) => object;
  MessageChannel: new () => {
    port1: { onmessage: (() => void) | null };
    port2: { postMessage(message: null): void };
  };
  MutationObserver: new (callback: (records: MutationLike[]) => void) => {
    observe(target: unknown, options: Record<string, unknown>): void;
  };
  document: {
    querySelector(selector: string): {
      getAttribute(name: string): string | null;
      querySelectorAll(selector: string): { length: number };
    } | null;
  };
};

/** What the probe reads of a mutation record. */
type MutationLike = {
  target: { parentElement: ElementLike | null; closest?: ElementLike['closest'] };
};
type ElementLike = { closest(selector: string): unknown };

/** The fields of a browser's PerformanceResourceTiming the probe reads. */
type ResourceEntry = {
  name: string;
  startTime: number;
  requestStart: number;
  responseStart: number;
  responseEnd: number;
  serverTiming: Array<{ name: string; duration: number }>;
};

// Runs in the page before its scripts: the keydown clock, the answer marks, and a probe that
// notes when the results for an input reach the DOM and the frame that follows.
export function installProbe(): void {
  const scope = globalThis as unknown as PageScope;
  const bench = {
    keydownAt: 0,
    marks: [] as number[],
    shown: new Map(),
    longTasks: 0,
    workersStarted: 0,
    longTaskList: [] as Array<[number, number]>,
    mutationLog: [] as Array<[number, Record<string, number>]>,
    heapAtKeydown: 0,
    socketCalls: [] as RequestTiming[],
  };
  const heap = () =>
    (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ??
    NaN;
  scope.folioBench = bench;
  // Every worker started is counted (the preview's renderer ends its worker and starts another when
  // a section is asked for while one renders: docs/benchmarks.md#the-slowest-keystrokes).
  const BrowserWorker = scope.Worker;
  scope.Worker = class extends BrowserWorker {
    constructor(...args: unknown[]) {
      super(...args);
      bench.workersStarted += 1;
    }
  };
  // Resource Timing entries kept (the browser's default buffer holds 250); a constant outside
  // this function would not reach the page, which gets its source only.
  performance.setResourceTimingBufferSize(100_000);
  scope.addEventListener(
    'keydown',
    () => {
      bench.keydownAt = performance.now();
      bench.heapAtKeydown = heap();
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.entryType === 'mark') bench.marks.push(entry.startTime);
      else if ((entry.entryType as string) === 'longtask') {
        bench.longTasks += entry.duration;
        bench.longTaskList.push([entry.startTime, entry.duration]);
      } else if (entry.name === 'folio:socket-call') {
        // A socket call: sent at its start, its reply at its end; the bridge's times in `detail`.
        const { method, ...server } = (entry as unknown as { detail: unknown }).detail as {
          method: string;
        } & Record<string, number>;
        const end = entry.startTime + entry.duration;
        const start = entry.startTime;
        bench.socketCalls.push({
          method,
          start,
          requestStart: start,
          responseStart: end,
          end,
          server,
        });
      }
    }
  }).observe({ entryTypes: ['mark', 'longtask', 'measure'] as never });
  const observer = new scope.MutationObserver(() => {
    const shown = scope.document.querySelector('[data-results-for]');
    const value = shown?.getAttribute('data-results-for');
    if (value === null || value === undefined || bench.shown.has(value)) return;
    const entry = {
      dom: performance.now(),
      frame: NaN,
      drawn: NaN,
      took: Number(shown!.getAttribute('data-took-ms')),
      rows: shown!.querySelectorAll('.result, .row').length,
      heap: NaN,
    };
    bench.shown.set(value, entry);
    // A message posted in the animation frame is handled in the first task after the frame's
    // rendering (style, layout, paint, commit run between the two).
    const after = new scope.MessageChannel();
    after.port1.onmessage = () => (entry.drawn = performance.now());
    scope.requestAnimationFrame(() => {
      entry.frame = performance.now();
      entry.heap = heap();
      after.port2.postMessage(null);
    });
  });
  // The document itself: its root element does not exist yet when this runs.
  observer.observe(scope.document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-results-for'],
  });
  // Every DOM change, counted by the region it touched (the first that holds the node): what a
  // keystroke's frame touches beyond the result rows.
  const regions: Record<string, string> = {
    results: '.results',
    toolbar: '.toolbar',
    status: '.status',
    outline: '.outline-pane',
    preview: '.preview-pane, .preview',
    box: 'header, .box',
  };
  new scope.MutationObserver((records) => {
    const counts: Record<string, number> = {};
    for (const record of records) {
      const element = record.target.closest ? record.target : record.target.parentElement;
      const region =
        Object.keys(regions).find((name) => element?.closest!(regions[name]!)) ?? 'other';
      counts[region] = (counts[region] ?? 0) + 1;
    }
    bench.mutationLog.push([performance.now(), counts]);
  }).observe(scope.document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}

// Runs in the page after a key: waits until the results for `expected` were painted.
export function waitForPaint(args: {
  expected: string;
  timeoutMs: number;
}): Promise<Sample | null> {
  const bench = (globalThis as unknown as PageScope).folioBench;
  const start = bench.keydownAt;
  // Inside the page function: it is sent to the page as source, so it cannot call out.
  const requests = (from: number, to: number) =>
    (performance.getEntriesByType('resource') as unknown as ResourceEntry[])
      .filter((entry) => entry.name.includes('/api/') && !entry.name.includes('/api/socket'))
      .map((entry) => ({
        method: new URL(entry.name).pathname.slice('/api/'.length),
        start: entry.startTime,
        requestStart: entry.requestStart,
        responseStart: entry.responseStart,
        end: entry.responseEnd,
        server: Object.fromEntries(entry.serverTiming.map((item) => [item.name, item.duration])),
      }))
      .concat(bench.socketCalls)
      .filter((request) => request.end > from && request.start < to)
      .sort((a, b) => a.start - b.start)
      .map((request) => ({
        ...request,
        start: request.start - from,
        requestStart: request.requestStart - from,
        responseStart: request.responseStart - from,
        end: request.end - from,
      }));
  const OBSERVER_GRACE_MS = 200;
  return new Promise((resolve) => {
    const deadline = performance.now() + args.timeoutMs;
    const check = () => {
      const entry = bench.shown.get(args.expected);
      // Performance observers hear of a socket call in a task of their own, which may come after
      // the frame: wait for it a little (the times are timestamps, unchanged by the wait).
      const heard = () =>
        bench.socketCalls.some((call) => call.start >= start) ||
        performance
          .getEntriesByType('resource')
          .some((e) => e.name.endsWith('/api/search') && e.startTime >= start) ||
        performance.now() > entry!.frame + OBSERVER_GRACE_MS;
      if (entry && Number.isFinite(entry.drawn) && heard()) {
        const answered = bench.marks.filter((mark) => mark >= start).at(-1) ?? NaN;
        bench.shown.clear();
        const mutations: Record<string, number> = {};
        for (const [at, counts] of bench.mutationLog)
          if (at >= start && at <= entry.frame)
            for (const [region, count] of Object.entries(counts))
              mutations[region] = (mutations[region] ?? 0) + count;
        bench.mutationLog = bench.mutationLog.filter(([at]) => at > entry.frame);
        const longTask = bench.longTaskList
          .filter(([from, length]) => from < entry.drawn && from + length > start)
          .reduce((sum, [, length]) => sum + length, 0);
        const all = requests(start, entry.frame);
        const searches = all.filter((request) => request.method === 'search');
        resolve({
          answered: answered - start,
          dom: entry.dom - start,
          painted: entry.frame - start,
          drawn: entry.drawn - start,
          engine: entry.took,
          search: searches.at(-1) ?? null,
          others: all.filter((request) => request.method !== 'search'),
          longTask,
          mutations,
          rows: entry.rows,
          heapKb: (entry.heap - bench.heapAtKeydown) / 1024,
        });
      } else if (performance.now() > deadline) resolve(null);
      else setTimeout(check, 2);
    };
    check();
  });
}
